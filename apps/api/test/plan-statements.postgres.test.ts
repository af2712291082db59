// Runs when the suite runs on a PostgreSQL server (DATABASE_URL set, as in CI's PostgreSQL stage):
// two API processes on one database, each looking for plan anniversaries at the same moments, as
// every process does on its own timer. Each plan's anniversary statement is queued and emailed once.
// @module-tag engine
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { longUkDate, monthsAfter, ukToday } from "@kindred/domain";
import { inArray } from "drizzle-orm";
import { planStatements } from "../src/db/schema";
import { sandboxCards } from "../src/modules/payments";
import { choosePayment, payByCard, paymentsOf } from "./support/paying";
import { readPdf } from "./support/pdf-text";
import { readyPlan } from "./support/ready-plans";
import {
  createSharedTestDatabase,
  createTestApp,
  type SharedTestDatabase,
  type TestApp,
} from "./support/test-app";

let database: SharedTestDatabase;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  database = await createSharedTestDatabase();
  first = await createTestApp({}, { database });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await database?.drop();
});

/** Every anniversary statement either process has sent, once both have nothing left to send. */
async function statementsSent() {
  for (const app of [first, second]) await app.app.planStatements.idle();
  const sent = [...(await first.readOutbox()), ...(await second.readOutbox())];
  return sent.filter((message) => message.subject === "Your funeral plan statement");
}

describe("the anniversary statement with two API processes on PostgreSQL", () => {
  it("is queued and emailed once per plan, however many times both processes look at once", async () => {
    const bought = [];
    for (let count = 0; count < 3; count += 1) {
      const ready = await readyPlan(first);
      await choosePayment(first, ready.token, ready.planId, { option: "full" });
      await payByCard(first, ready.token, ready.planId, "full", sandboxCards.succeeds);
      bought.push(ready);
    }
    // The second process starts once the plans are bought, so every email of buying them (read
    // from the first one's outbox) is the first one's to send.
    second = await createTestApp({}, { database });
    const anniversaryOn = monthsAfter(ukToday(), 12);
    const onTheDay = new Date(`${anniversaryOn}T12:00:00Z`);

    // Both processes look four times each, all at once, on the day.
    const looks = await Promise.all(
      [first, second, first, second, first, second, first, second].map((app) =>
        app.app.planStatements.sendAnniversaryStatements(onTheDay),
      ),
    );

    expect(looks.reduce((sum, queued) => sum + queued, 0)).toBe(bought.length);
    const rows = await first.db
      .select()
      .from(planStatements)
      .where(
        inArray(
          planStatements.planId,
          bought.map((ready) => ready.planId),
        ),
      );
    expect(rows.map((row) => row.anniversaryOn)).toEqual(bought.map(() => anniversaryOn));
    const sent = await statementsSent();
    for (const ready of bought) {
      const theirs = sent.filter((message) => message.to === ready.email);
      expect(theirs, ready.email).toHaveLength(1);
      // The plan's short reference, as every email and document gives it (issue 50 item 4).
      const { planReference } = await paymentsOf(first, ready.token, ready.planId);
      expect(theirs[0]?.text).toContain(
        `On ${longUkDate(anniversaryOn)} your funeral plan ${planReference} was one year old.`,
      );
      const statement = await readPdf(theirs[0]!.attachments[0]!.content);
      expect(statement.text).toContain(`Plan reference ${planReference}`);
    }

    // Looking again, from either process, sends nothing more.
    const again = await Promise.all(
      [first, second].map((app) => app.app.planStatements.sendAnniversaryStatements(onTheDay)),
    );
    expect(again).toEqual([0, 0]);
    expect(await statementsSent()).toHaveLength(bought.length);
  });
});
