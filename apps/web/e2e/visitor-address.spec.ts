import { newPerson, registerThroughApi } from "./account-support";
import { expect, test } from "./fixtures";
import { sendRaw } from "./raw-http";

// Screens: none: the addresses the web server passes on, with no browser.

// Sign-in attempts are slowed per visitor address (after 100 failures in 15 minutes, enough for a
// care home or hospital sharing one address; decision 038). The web server
// must tell the API each visitor's real address: not one address for everybody, and not one a
// visitor makes up. Every address in 127.0.0.0/8 reaches this machine, so each test's visitors
// connect from addresses of their own.

const perAddressLimit = 100;
let attempts = 0;

/** A POST to the website from `localAddress`; answers the status and body. */
function post(localAddress: string, path: string, body: string, headers: Record<string, string>) {
  return sendRaw({ method: "POST", path, headers, body, localAddress });
}

function claiming(claimedAddress?: string): Record<string, string> {
  return claimedAddress ? { "x-forwarded-for": claimedAddress } : {};
}

/** A sign-in through the website, from `localAddress`; answers the status. */
async function signIn(
  localAddress: string,
  credentials: { username: string; password: string },
  claimedAddress?: string,
): Promise<number> {
  const form = new URLSearchParams({ grant_type: "password", scope: "CUSTOMER", ...credentials });
  const answer = await post(localAddress, "/token", form.toString(), {
    "content-type": "application/x-www-form-urlencoded",
    ...claiming(claimedAddress),
  });
  return answer.status;
}

/** One failed sign-in through the website, from `localAddress`; answers the status. */
function failedSignIn(localAddress: string, claimedAddress?: string): Promise<number> {
  attempts += 1;
  // A different account each time, so only the per-address limit can be reached.
  const username = `nobody-${process.pid}-${attempts}@example.com`;
  return signIn(localAddress, { username, password: "Not-the-password-1" }, claimedAddress);
}

async function failedSignIns(count: number, localAddress: string, claimed?: (n: number) => string) {
  const statuses: number[] = [];
  for (let n = 0; n < count; n += 1) statuses.push(await failedSignIn(localAddress, claimed?.(n)));
  return statuses;
}

test("one visitor's failed sign-ins slow that visitor only", async () => {
  const statuses = await failedSignIns(perAddressLimit, "127.0.0.21");
  expect(statuses.every((status) => status === 400)).toBe(true);

  expect(await failedSignIn("127.0.0.21")).toBe(429);
  expect(await failedSignIn("127.0.0.22")).toBe(400);
});

test("a visitor cannot escape the limit by claiming other addresses", async () => {
  const statuses = await failedSignIns(perAddressLimit, "127.0.0.23", (n) => `198.51.100.${n + 1}`);
  expect(statuses.every((status) => status === 400)).toBe(true);

  expect(await failedSignIn("127.0.0.23", "198.51.100.200")).toBe(429);
});

test("a visitor cannot escape the password-reset limit by claiming other addresses", async () => {
  const visitor = "127.0.0.24";
  const token = await post(
    visitor,
    "/token",
    new URLSearchParams({ grant_type: "client_credentials", scope: "APPLICATION" }).toString(),
    { "content-type": "application/x-www-form-urlencoded" },
  );
  const headers = (n: number) => ({
    "content-type": "application/json",
    authorization: `Bearer ${(JSON.parse(token.body) as { access_token: string }).access_token}`,
    ...claiming(`203.0.113.${n + 1}`),
  });
  const resetRequest = (n: number) =>
    post(
      visitor,
      "/api/account/forgot-password",
      JSON.stringify({ email: `reset-${process.pid}-${n}@example.com` }),
      headers(n),
    );

  // 100 an hour from one address, for a care home or hospital sharing it (decision 038).
  const statuses: number[] = [];
  for (let n = 0; n < 100; n += 1) statuses.push((await resetRequest(n)).status);
  expect(statuses.every((status) => status === 202)).toBe(true);

  expect((await resetRequest(100)).status).toBe(429);
});

test("a stranger's wrong passwords from many addresses do not keep the owner out", async ({ request }) => {
  const person = newPerson("guessed-at");
  await registerThroughApi(request, person);
  const strangers = ["127.0.0.31", "127.0.0.32", "127.0.0.33", "127.0.0.34", "127.0.0.35"];
  for (const stranger of strangers) {
    expect(await signIn(stranger, { username: person.email, password: "Guessing-wrong-1" })).toBe(400);
  }

  expect(await signIn("127.0.0.36", { username: person.email, password: person.password })).toBe(200);
});
