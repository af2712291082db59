// What must hold across the API processes, checked while the load runs: a token signed out on
// one process is refused by the other within a second (LISTEN/NOTIFY), and the limits kept in
// PostgreSQL (failed sign-ins per account and per address, new visitors' tokens per address)
// count attempts on every process together. The global per-address ceiling (@fastify/rate-limit)
// is kept in each process's memory by design (apps/api/src/app.ts); its check reports how it
// behaves rather than passing or failing.
import { registerBodySchema } from "@kindred/contracts";
import { goodPassword, registrationDetails } from "../../apps/api/test/support/customers";
import { Client, parsed, type Answer } from "./http";
import { oauthClient, type Ports } from "./cluster";

export interface CheckResult {
  name: string;
  /** null: reported, not judged. */
  passed: boolean | null;
  detail: string;
}

interface CheckOptions {
  ports: Ports;
  /** The address the check's visitor connects from (through nginx). */
  address: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** No answer, or a 5xx: the request may or may not have been acted on (a process died with it). */
const couldNotSend = (answer: Answer) => answer.status === 0 || answer.status >= 500;

/**
 * Sends again, a moment later, while nothing could be sent (a process of the deployment may be
 * down for a few seconds): for the checks' own set-up, which is not what they judge.
 */
async function settled(send: () => Promise<Answer>): Promise<Answer> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await send();
    if (!couldNotSend(answer) || Date.now() > deadline) return answer;
    await wait(500);
  }
}

function siteClient({ ports, address }: CheckOptions): Client {
  return new Client({ host: "127.0.0.1", port: ports.public, localAddress: address });
}

/** A process's own address, as only the deployment can reach it (no nginx in between). */
function apiClient(ports: Ports, index: 0 | 1): Client {
  return new Client({ host: "127.0.0.1", port: ports.api[index] });
}

/** A new customer, registered through the site as the register page does; answers the email. */
async function registerThroughSite(site: Client): Promise<string> {
  const token = await guestToken(site);
  const details = registerBodySchema.parse(registrationDetails());
  const answer = await settled(() =>
    site.json("check: register", "POST", "/api/account/register", token, details),
  );
  if (answer.status !== 202) throw new Error(`registering answered ${answer.status}: ${answer.body}`);
  return details.email;
}

async function guestToken(site: Client): Promise<string> {
  const answer = await settled(() =>
    site.token("check: guest token", { grant_type: "client_credentials", scope: "APPLICATION" }),
  );
  if (answer.status !== 200) throw new Error(`a guest token answered ${answer.status}: ${answer.body}`);
  return parsed<{ access_token: string }>(answer)!.access_token;
}

async function signInThroughSite(site: Client, email: string, password = goodPassword) {
  return site.token("check: sign in", {
    grant_type: "password",
    scope: "CUSTOMER",
    username: email,
    password,
  });
}

/** A sign-in sent straight to one API process, as a web server does, naming the visitor's address. */
function signInAt(api: Client, email: string, password: string, visitorAddress: string) {
  return api.token(
    "check: sign in",
    {
      grant_type: "password",
      scope: "CUSTOMER",
      username: email,
      password,
      client_id: oauthClient.id,
      client_secret: oauthClient.secret,
    },
    { "x-forwarded-for": visitorAddress },
  );
}

/**
 * Signed out on API `from`: how long until API `to`, which had the token in its memory, refuses it.
 * Both processes first answer `GET /api/user` with the token, so each has it cached.
 */
export async function revocationAcrossProcesses(
  options: CheckOptions & { from: 0 | 1; to: 0 | 1 },
): Promise<CheckResult> {
  const name = `token revocation: signed out on API ${options.from + 1}, refused by API ${options.to + 1}`;
  const site = siteClient(options);
  const [signingOut, other] = [apiClient(options.ports, options.from), apiClient(options.ports, options.to)];
  try {
    const email = await registerThroughSite(site);
    const signedIn = await settled(() => signInThroughSite(site, email));
    if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`);
    const token = parsed<{ access_token: string }>(signedIn)!.access_token;
    for (const api of [signingOut, other]) {
      const user = await settled(() => api.json("check: user", "GET", "/api/user", token));
      if (user.status !== 200) throw new Error(`GET /api/user answered ${user.status} before sign-out`);
    }
    const signedOut = await signingOut.json(
      "check: sign out",
      "DELETE",
      "/api/security/token/current",
      token,
    );
    if (signedOut.status !== 204) throw new Error(`sign-out answered ${signedOut.status}`);
    const start = performance.now();
    for (;;) {
      const user = await other.json("check: user", "GET", "/api/user", token);
      const elapsed = performance.now() - start;
      if (user.status === 401) {
        return { name, passed: elapsed <= 1000, detail: `refused after ${elapsed.toFixed(0)} ms` };
      }
      if (elapsed > 5000)
        return { name, passed: false, detail: `still accepted after ${elapsed.toFixed(0)} ms` };
      await wait(10);
    }
  } catch (error) {
    return { name, passed: false, detail: (error as Error).message };
  } finally {
    for (const client of [site, signingOut, other]) client.close();
  }
}

/**
 * Five failed sign-ins for one account from one address, alternating between the two API
 * processes: the sixth from that address, with the right password, is refused (429) on either
 * process, while the owner from another address still gets in (decision 024: a stranger cannot
 * lock someone out).
 */
export async function accountLockoutAcrossProcesses(options: CheckOptions): Promise<CheckResult> {
  const name = "sign-in limit per account and address (5 failures), alternating API 1 and API 2";
  const site = siteClient(options);
  const apis = [apiClient(options.ports, 0), apiClient(options.ports, 1)] as const;
  const stranger = `10.77.${process.pid % 250}.1`;
  try {
    const email = await registerThroughSite(site);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await signInAt(apis[attempt % 2]!, email, "Wrong-Password-9", stranger);
      statuses.push(answer.status);
    }
    const sixth = await signInAt(apis[1], email, goodPassword, stranger);
    const owner = await signInAt(apis[0], email, goodPassword, `10.77.${process.pid % 250}.9`);
    const passed = statuses.every((status) => status === 400) && sixth.status === 429 && owner.status === 200;
    return {
      name,
      passed,
      detail: `failures answered ${statuses.join(", ")}; the right password next from there, on API 2: ${sixth.status}; from another address, on API 1: ${owner.status}`,
    };
  } catch (error) {
    return { name, passed: false, detail: (error as Error).message };
  } finally {
    for (const client of [site, ...apis]) client.close();
  }
}

/**
 * Twenty failed sign-ins from one visitor address through the site (nginx spreads them over both
 * web servers and both APIs), each for a different unknown account: the next, for a real account
 * with its right password, is refused (429).
 */
export async function addressLockoutAcrossProcesses(options: CheckOptions): Promise<CheckResult> {
  const name = "sign-in lockout per address (20 failures), through nginx to both APIs";
  const site = siteClient(options);
  try {
    const email = await registerThroughSite(site);
    const statuses = new Map<number, number>();
    let refusedAfter = 0;
    // Failures until 20 were answered as such; one with no answer (a process died with it) may
    // or may not have been counted, so a 429 may come that much sooner.
    for (let attempt = 0; (statuses.get(400) ?? 0) < 20 && attempt < 40; attempt += 1) {
      const answer = await signInThroughSite(
        site,
        `nobody.${process.pid}.${attempt}@example.com`,
        "Not-the-password-1",
      );
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 429) {
        refusedAfter = attempt;
        break;
      }
    }
    const next = refusedAfter ? undefined : await settled(() => signInThroughSite(site, email));
    const inDoubt = [...statuses]
      .filter(([status]) => status === 0 || status >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    const failures = [...statuses].map(([status, count]) => `${count} × ${status}`).join(", ");
    const passed = next
      ? statuses.get(400) === 20 && next.status === 429
      : (statuses.get(400) ?? 0) + inDoubt >= 20;
    return {
      name,
      passed,
      detail: next
        ? `failures answered ${failures}; the right password next: ${next.status}`
        : `failures answered ${failures} (refused after ${refusedAfter}, ${inDoubt} in doubt counted)`,
    };
  } catch (error) {
    return { name, passed: false, detail: (error as Error).message };
  } finally {
    site.close();
  }
}

/**
 * New visitors' tokens from one address through the site: the limit (GUEST_TOKENS_PER_ADDRESS_PER_HOUR,
 * counted in PostgreSQL) holds for both APIs together, so the one after it is refused.
 */
export async function guestTokenLimitAcrossProcesses(
  options: CheckOptions & { perHour: number },
): Promise<CheckResult> {
  const name = `new visitors' tokens per address (${options.perHour} an hour), through nginx to both APIs`;
  const site = siteClient(options);
  try {
    const statuses = new Map<number, number>();
    for (let request = 0; request <= options.perHour; request += 1) {
      const answer = await site.token("check: guest token", {
        grant_type: "client_credentials",
        scope: "APPLICATION",
      });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    const summary = [...statuses].map(([status, count]) => `${count} × ${status}`).join(", ");
    return {
      name,
      passed: statuses.get(200) === options.perHour && statuses.get(429) === 1,
      detail: `${options.perHour + 1} requests answered ${summary}`,
    };
  } catch (error) {
    return { name, passed: false, detail: (error as Error).message };
  } finally {
    site.close();
  }
}

/**
 * The global per-address ceiling (REQUESTS_PER_ADDRESS_PER_MINUTE), straight to each API with one
 * made-up visitor address: counted in each process's memory, so once API 1 refuses the address,
 * API 2 still answers it. Behind a balancer spreading evenly over n processes, one address gets
 * about n times the setting. Reported, not judged: it is a flood guard by design.
 */
export async function globalLimitPerProcess(options: {
  ports: Ports;
  address: string;
  perMinute: number;
}): Promise<CheckResult> {
  const name = `global ceiling per address (${options.perMinute} a minute, @fastify/rate-limit, in memory)`;
  const site = siteClient(options);
  const apis = [apiClient(options.ports, 0), apiClient(options.ports, 1)] as const;
  const visitor = { "x-forwarded-for": `10.88.${process.pid % 250}.1` };
  try {
    const token = await guestToken(site);
    let firstRefused = 0;
    for (let request = 1; request <= options.perMinute + 1; request += 1) {
      // The visitor's own (empty) list of saved plans: a cheap answer, counted by the ceiling.
      const answer = await apis[0].json("check: ceiling", "GET", "/api/plan", token, undefined, visitor);
      if (answer.status === 429) {
        firstRefused = request;
        break;
      }
    }
    const other = await apis[1].json("check: ceiling", "GET", "/api/plan", token, undefined, visitor);
    return {
      name,
      passed: null,
      detail:
        `API 1 refused the address at request ${firstRefused || "none"}; API 2 then answered it ${other.status}` +
        (other.status === 429
          ? ""
          : ` (each process counts alone: through nginx one address gets about ${options.perMinute * 2} a minute)`),
    };
  } catch (error) {
    return { name, passed: false, detail: (error as Error).message };
  } finally {
    for (const client of [site, ...apis]) client.close();
  }
}
