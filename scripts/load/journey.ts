// One simulated visitor: the calls the web app makes in a browser, in the same order, with a
// person's pauses between them, through nginx and the web servers as a browser's would go:
// a guest token from the site's /token, the catalogue and a funeral director search, a guest plan
// and its autosaves (each over the version it last saw, If-Match), an account made from the
// journey, sign-in with the password grant, the saved plans read back, a few more saves as the
// customer, and sign-out. Then, while the run lasts, the next journey.
import type { PlanOptionsResponse } from "@kindred/contracts";
import { fullJourney } from "../../apps/api/test/support/journeys";
import { customerGuestDetails } from "../../apps/api/test/support/people";
import { goodPassword } from "../../apps/api/test/support/customers";
import { parsed, versionOfEtag, type Answer, type Client } from "./http";

/** Every save of one plan, in the order it was sent. */
export interface PlanLedger {
  planId: string;
  saves: SaveRecord[];
}

export interface SaveRecord {
  /** What the save put in the plan (its readings' notes), to find it in the database. */
  marker: string;
  /**
   * acknowledged: 2xx (it must be stored); refused: a 4xx (it must not be); in-doubt: no answer
   * or a 5xx (it may or may not have been stored: the process died with it in hand).
   */
  outcome: "acknowledged" | "refused" | "in-doubt";
  /** The plan's version the API answered for an acknowledged save. */
  version?: number;
}

export interface JourneyContext {
  catalogue: PlanOptionsResponse;
  branchId: number;
  /** performance.now() after which no new request is started. */
  deadline: number;
  thinkMs: number;
  guestSaves: number;
  customerSaves: number;
  ledgers: PlanLedger[];
  counts: JourneyCounts;
}

export interface JourneyCounts {
  started: number;
  finished: number;
  /** Journeys given up because the site said no (429, or an answer the web app would show as a problem). */
  abandoned: Map<string, number>;
}

class Stop extends Error {}

const answered = (answer: Answer) => answer.status >= 200 && answer.status < 300;
/** What the web app shows as "could not be sent, try again": no answer, or a 5xx. */
const couldNotSend = (answer: Answer) => answer.status === 0 || answer.status >= 500;

export class Visitor {
  private journeys = 0;
  private catalogueEtag: string | undefined;

  constructor(
    readonly address: string,
    private readonly client: Client,
    private readonly context: JourneyContext,
  ) {}

  /** Journeys back to back until the deadline. */
  async run(): Promise<void> {
    // Visitors arrive over the first seconds, not all in one instant.
    await this.pause(Math.random() * this.context.thinkMs * 2);
    while (performance.now() < this.context.deadline) {
      this.journeys += 1;
      this.context.counts.started += 1;
      try {
        await this.journey();
        this.context.counts.finished += 1;
      } catch (error) {
        if (!(error instanceof Stop)) throw error;
        if (error.message !== "deadline") {
          const abandoned = this.context.counts.abandoned;
          abandoned.set(error.message, (abandoned.get(error.message) ?? 0) + 1);
          await this.pause(this.context.thinkMs);
        }
      }
    }
    this.client.close();
  }

  private async pause(ms: number): Promise<void> {
    const left = this.context.deadline - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(ms, left))));
    if (performance.now() >= this.context.deadline) throw new Stop("deadline");
  }

  /** A person's pause between two actions: half to one and a half times the think time. */
  private think(): Promise<void> {
    return this.pause(this.context.thinkMs * (0.5 + Math.random()));
  }

  /** Tries again (after a pause, as a person clicks again) while nothing could be sent. */
  private async persist(attempt: () => Promise<Answer>): Promise<Answer> {
    for (;;) {
      const answer = await attempt();
      if (!couldNotSend(answer)) return answer;
      await this.think();
    }
  }

  private async journey(): Promise<void> {
    const { client, context } = this;
    const tokenAnswer = await this.persist(() =>
      client.token("guest token", { grant_type: "client_credentials", scope: "APPLICATION" }),
    );
    if (!answered(tokenAnswer)) throw new Stop(`guest token ${tokenAnswer.status}`);
    const guestToken = parsed<{ access_token: string }>(tokenAnswer)!.access_token;

    const options = await client.json(
      "plan options",
      "GET",
      "/api/plan-options",
      guestToken,
      undefined,
      this.catalogueEtag ? { "if-none-match": this.catalogueEtag } : {},
    );
    if (typeof options.headers.etag === "string") this.catalogueEtag = options.headers.etag;
    await client.json("director search", "GET", "/api/funeral-director/search?postcode=N1%201AA", guestToken);
    await this.think();

    const created = await this.persist(() =>
      client.json("create plan", "POST", "/api/guest/plan", guestToken, {}),
    );
    if (!answered(created)) throw new Stop(`create plan ${created.status}`);
    const plan = parsed<{ id: string; version: number }>(created)!;
    const ledger: PlanLedger = { planId: plan.id, saves: [] };
    context.ledgers.push(ledger);
    let version = plan.version;
    let saves = 0;

    const save = async (token: string) => {
      await this.think();
      saves += 1;
      const marker = `${this.address} journey ${this.journeys} save ${saves}`;
      const body = {
        ...fullJourney(context.catalogue, context.branchId),
        readings: { notes: marker },
        saveUnfinishedJourney: true,
        planningJourneyData: JSON.stringify({ enabledSteps: ["attendance", "funeral-director"] }),
      };
      const answer = await client.json("save", "PATCH", `/api/plan/${plan.id}`, token, body, {
        "if-match": `"${version}"`,
      });
      if (answered(answer)) {
        version =
          versionOfEtag(answer.headers) ?? parsed<{ plan: { version: number } }>(answer)!.plan.version;
        ledger.saves.push({ marker, outcome: "acknowledged", version });
        return;
      }
      ledger.saves.push({ marker, outcome: couldNotSend(answer) ? "in-doubt" : "refused" });
      if (!couldNotSend(answer) && answer.status !== 412) throw new Stop(`save ${answer.status}`);
      // The save may have been stored (or, for 412, another was): the person reloads the plan,
      // as the web app asks them to, and carries on from what is stored.
      await this.think();
      const reloaded = await this.persist(() =>
        client.json("read plan", "GET", `/api/plan/${plan.id}`, token),
      );
      if (!answered(reloaded)) throw new Stop(`read plan ${reloaded.status}`);
      version = versionOfEtag(reloaded.headers) ?? parsed<{ version: number }>(reloaded)!.version;
    };

    for (let count = 0; count < context.guestSaves; count += 1) await save(guestToken);

    // An account made from the journey: the plan moves to it.
    await this.think();
    const details = customerGuestDetails({
      email: `visitor.${this.address.replaceAll(".", "-")}.${this.journeys}.${process.pid}@example.com`,
    });
    let registered = false;
    let inDoubt = false;
    for (let attempt = 0; attempt < 3 && !registered; attempt += 1) {
      const answer = await client.json(
        "register",
        "POST",
        `/api/plan/${plan.id}/customer-guest`,
        guestToken,
        details,
      );
      if (answered(answer)) registered = true;
      // The first try was made after all: the plan has moved to the account already.
      else if (answer.status === 404 && inDoubt) registered = true;
      else if (couldNotSend(answer)) {
        inDoubt = true;
        await this.think();
      } else throw new Stop(`register ${answer.status}`);
    }
    if (!registered) throw new Stop("register could not be sent");

    await this.think();
    const signIn = await this.persist(() =>
      client.token("sign in", {
        grant_type: "password",
        scope: "CUSTOMER",
        username: details.customer.email,
        password: goodPassword,
        api_token: guestToken,
      }),
    );
    if (!answered(signIn)) throw new Stop(`sign in ${signIn.status}`);
    const customerToken = parsed<{ access_token: string }>(signIn)!.access_token;

    const list = await this.persist(() => client.json("list plans", "GET", "/api/plan", customerToken));
    if (!answered(list)) throw new Stop(`list plans ${list.status}`);
    const read = await this.persist(() =>
      client.json("read plan", "GET", `/api/plan/${plan.id}`, customerToken),
    );
    if (!answered(read)) throw new Stop(`read plan ${read.status}`);
    version = versionOfEtag(read.headers) ?? version;

    for (let count = 0; count < context.customerSaves; count += 1) await save(customerToken);

    await this.think();
    await client.json("sign out", "DELETE", "/api/security/token/current", customerToken);
  }
}
