import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planDocumentBase64ResponseSchema } from "@kindred/contracts";
import {
  endOfTheFirstMonths,
  formatPostalAddress,
  formatPrice,
  longUkDate,
  monthsAfter,
  ukToday,
  vulnerabilityKinds,
  whenTheTimeComesExplained,
} from "@kindred/domain";
import { eq } from "drizzle-orm";
import { funeralDirectorBranches, planStatements, plans } from "../src/db/schema";
import { sandboxBankAccounts, sandboxCards } from "../src/modules/payments";
import { atOnce } from "./support/at-once";
import { callApi, createSignedInCustomer } from "./support/customers";
import {
  choosePayment,
  payByCard,
  paymentsOf,
  setUpDirectDebit,
  settlePayments,
  withKey,
} from "./support/paying";
import { readPdf } from "./support/pdf-text";
import { readyPlan } from "./support/ready-plans";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * A plan's statement (issue 23 item 5; docs/decisions/029-plan-statements.md): the PDF the account
 * offers at any time, and the one emailed on each anniversary of the plan's contract.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** Health data the customer told us: never in a statement. */
const healthNotes = "Heart failure diagnosed last spring";
const circumstances = {
  vulnerabilities: {
    ...Object.fromEntries(vulnerabilityKinds.map((kind) => [kind, kind === "longTermIllness"])),
    notes: healthNotes,
  } as never,
  vulnerabilityConsent: true,
};

async function statementOf(token: string, planId: string) {
  const response = await callApi(testApp, token, "GET", `/api/plan/${planId}/statement`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  expect(response.headers["content-disposition"]).toBe(
    `attachment; filename="plan-statement-${ukToday()}.pdf"`,
  );
  return readPdf(response.rawPayload);
}

async function branchOf(id: number) {
  const [branch] = await testApp.db
    .select()
    .from(funeralDirectorBranches)
    .where(eq(funeralDirectorBranches.id, id));
  if (!branch) throw new Error(`No branch ${id}`);
  return branch;
}

/** What the PDF reader shows, with each run of white space as one space, as `readPdf` gives it. */
const asRead = (text: string) => text.replace(/\s+/g, " ");

/** The moment a year after today, when the plans bought today have their first anniversary. */
const aYearOn = (days = 0) =>
  new Date(Date.parse(`${monthsAfter(ukToday(), 12)}T12:00:00Z`) + days * 86_400_000);

describe("the plan statement the account offers at any time", () => {
  it("for a plan paid in full: its choices and guaranteed price, the payment and its day, nothing to pay, the funeral director and what happens at a death", async () => {
    const ready = await readyPlan(testApp, undefined, circumstances);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
    const payments = await paymentsOf(testApp, ready.token, ready.planId);
    const branch = await branchOf(ready.journey.funeralDirector!.id);
    const { moratoriumMonths } = ready.catalogue.paymentTerms;

    const statement = await statementOf(ready.token, ready.planId);

    expect(statement.text).toContain("Your plan statement");
    expect(statement.text).toContain(`Plan reference ${ready.planId}`);
    expect(statement.text).toContain(`Date of this statement ${longUkDate(ukToday())}`);
    expect(statement.text).toContain(`Bought on ${longUkDate(ukToday())}`);
    expect(statement.text).toContain("Where the plan stands Paid in full");
    expect(statement.text).toContain("What you chose and its guaranteed price");
    expect(statement.text).toContain("Guaranteed total");
    expect(statement.text).toContain(`Total price of your plan ${formatPrice(ready.price)}`);
    expect(statement.text).toContain(
      `${longUkDate(ukToday())} Paid in full, by card ${formatPrice(ready.price)} Paid so far ${formatPrice(ready.price)}`,
    );
    expect(statement.text).toContain("What is still to pay Nothing: your plan is paid in full.");
    expect(statement.text).toContain(`Name ${branch.name}`);
    expect(statement.text).toContain(`Address ${formatPostalAddress(branch.address)}`);
    expect(statement.text).toContain(`Phone ${branch.phone}`);
    expect(statement.text).toContain(`Appointed on ${longUkDate(payments.funeralDirector!.appointedOn)}`);
    expect(statement.text).toContain("If the person covered dies");
    for (const { text } of whenTheTimeComesExplained({ option: "full" }, moratoriumMonths)) {
      expect(statement.text).toContain(asRead(text));
    }
    // Nothing the customer told us of their health or circumstances.
    expect(statement.text).not.toContain("Heart failure");
    expect(statement.text).not.toMatch(/illness|vulnerab/i);
  });

  it("for a plan paid by instalments: the deposit, the monthly payments to come, the masked Direct Debit and the day its first months end", async () => {
    const ready = await readyPlan(testApp);
    const choice = { option: "deposit", deposit: 25_000, months: 12 } as const;
    await choosePayment(testApp, ready.token, ready.planId, choice);
    await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
    await setUpDirectDebit(testApp, ready.token, ready.planId);
    const payments = await paymentsOf(testApp, ready.token, ready.planId);
    const { moratoriumMonths } = ready.catalogue.paymentTerms;
    const toCome = payments.collections;
    expect(toCome).toHaveLength(12);

    const statement = await statementOf(ready.token, ready.planId);

    expect(statement.text).toContain(
      "Where the plan stands Paying by monthly Direct Debit: 0 of 12 payments collected",
    );
    expect(statement.text).toContain(`${longUkDate(ukToday())} Deposit, by card ${formatPrice(25_000)}`);
    expect(statement.text).toContain(`Paid so far ${formatPrice(25_000)}`);
    const first = toCome[0]!;
    expect(statement.text).toContain(`${longUkDate(first.date)} Payment 1 ${formatPrice(first.amount)}`);
    const last = toCome[11]!;
    expect(statement.text).toContain(`${longUkDate(last.date)} Payment 12 ${formatPrice(last.amount)}`);
    const stillToPay = toCome.reduce((sum, each) => sum + each.amount, 0);
    expect(statement.text).toContain(`Still to pay ${formatPrice(stillToPay)}`);
    expect(statement.text).toContain(
      `collected by Direct Debit from the account ending 9911, under the reference ${payments.directDebit!.reference}.`,
    );
    expect(statement.text).not.toContain(sandboxBankAccounts.collects.accountNumber);
    const boughtOn = payments.whenTheTimeComes!.boughtOn;
    expect(statement.text).toContain(
      `Your plan started on ${longUkDate(boughtOn)}. Its first ${moratoriumMonths} months end on ${longUkDate(endOfTheFirstMonths(boughtOn, moratoriumMonths))}: from that day, it is past them.`,
    );
    const explained = whenTheTimeComesExplained({ option: "deposit", months: 12 }, moratoriumMonths);
    expect(explained).toHaveLength(4);
    for (const { text } of explained) expect(statement.text).toContain(asRead(text));
    expect(statement.text).not.toContain(
      asRead(whenTheTimeComesExplained({ option: "full" }, moratoriumMonths)[0]!.text),
    );
  });

  it("for a plan whose Direct Debit was set up and whose deposit is not yet paid: the deposit still to pay, first (issue 25 item 1)", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, {
      option: "deposit",
      deposit: 25_000,
      months: 12,
    });
    await setUpDirectDebit(testApp, ready.token, ready.planId);
    const payments = await paymentsOf(testApp, ready.token, ready.planId);
    expect(payments.depositOwed).toBe(25_000);

    const statement = await statementOf(ready.token, ready.planId);

    expect(statement.text).toContain(
      `Where the plan stands Paying by monthly Direct Debit: your deposit of ${formatPrice(25_000)} is still to pay`,
    );
    expect(statement.text).not.toContain("Deposit, by card £");
    expect(statement.text).toContain(`Now Deposit, by card (not yet paid) ${formatPrice(25_000)}`);
    const stillToPay = 25_000 + payments.collections.reduce((sum, each) => sum + each.amount, 0);
    expect(statement.text).toContain(`Still to pay ${formatPrice(stillToPay)}`);
    expect(statement.text).toContain("You can pay your deposit by card in your account.");
  });

  it("for a cancelled plan still downloads, saying it was cancelled and what is refunded, with nothing to pay and no promise of a funeral", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
    const cancelled = await withKey(testApp, ready.token, "POST", `/api/plan/${ready.planId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settlePayments(testApp);

    const statement = await statementOf(ready.token, ready.planId);

    expect(statement.text).toContain("Where the plan stands Cancelled");
    expect(statement.text).toContain(`This plan was cancelled on ${longUkDate(ukToday())}.`);
    expect(statement.text).toMatch(
      new RegExp(
        `We (have refunded|are refunding) ${formatPrice(ready.price).replace(".", "\\.")}, everything you paid`,
      ),
    );
    expect(statement.text).toContain("the plan no longer pays for a funeral");
    expect(statement.text).toContain("What is still to pay Nothing more will be collected for this plan.");
    expect(statement.text).toContain(
      `Paid in full, by card (refunded) ${formatPrice(ready.price)} Paid so far £0`,
    );
    expect(statement.text).not.toContain("If the person covered dies");
  });

  it("says the day a plan was cancelled as the UK day: 23:30 UTC on 14 July is 15 July, and 23:30 on 31 December is 31 December (issue 46 item 7)", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
    const cancelled = await withKey(testApp, ready.token, "POST", `/api/plan/${ready.planId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settlePayments(testApp);

    for (const [cancelledAt, day] of [
      ["2026-07-14T23:30:00Z", "15 July 2026"],
      ["2026-12-31T23:30:00Z", "31 December 2026"],
    ] as const) {
      await testApp.db
        .update(plans)
        .set({ cancelledAt: new Date(cancelledAt) })
        .where(eq(plans.id, ready.planId));
      const statement = await statementOf(ready.token, ready.planId);
      expect(statement.text).toContain(`This plan was cancelled on ${day}.`);
    }
  });

  it("for a plan whose funeral has been requested still downloads, saying so", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
    await testApp.db.update(plans).set({ funeralRequestedAt: new Date() }).where(eq(plans.id, ready.planId));

    const statement = await statementOf(ready.token, ready.planId);

    expect(statement.text).toContain("Where the plan stands The funeral has been requested");
    expect(statement.text).toContain(
      `We were told that the person covered by this plan has died, and their funeral was requested on ${longUkDate(ukToday())}.`,
    );
    expect(statement.text).toContain("Nothing more will be collected for this plan.");
    expect(statement.text).not.toContain("If the person covered dies");
  });

  it("comes in large print for a customer who asked for it, and is nobody else's to download", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);

    const large = await callApi(
      testApp,
      ready.token,
      "GET",
      `/api/plan/${ready.planId}/statement?print=large&encode=base64`,
    );
    expect(large.statusCode, large.body).toBe(200);
    const answer = planDocumentBase64ResponseSchema.parse(large.json());
    expect(answer.fileName).toBe(`plan-statement-${ukToday()}-large-print.pdf`);
    const pdf = await readPdf(Buffer.from(answer.file, "base64"));
    expect(Math.min(...pdf.fontSizes)).toBeGreaterThanOrEqual(16);

    const stranger = await createSignedInCustomer(testApp);
    expect(
      (await callApi(testApp, stranger.token, "GET", `/api/plan/${ready.planId}/statement`)).statusCode,
    ).toBe(404);
    expect(
      (await callApi(testApp, stranger.token, "GET", `/api/plan/${randomUUID()}/statement`)).statusCode,
    ).toBe(404);
  });
});

describe("the statement emailed on each anniversary of the plan", () => {
  async function anniversaryStatementsTo(email: string) {
    await testApp.app.planStatements.idle();
    return (await testApp.readOutbox()).filter(
      (message) => message.to === email && message.subject === "Your funeral plan statement",
    );
  }

  // Three looks at once: the statement's unique row keeps it to one email on PostgreSQL.
  it(
    "is sent once on the plan's first anniversary, with the statement attached, however often and however many look",
    { tags: ["engine"] },
    async () => {
      const ready = await readyPlan(testApp);
      await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
      await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);

      // The day before the anniversary: nothing.
      await testApp.app.planStatements.sendAnniversaryStatements(aYearOn(-1));
      expect(await anniversaryStatementsTo(ready.email)).toEqual([]);

      // On the day, and the next day, looking three times at once and then again.
      await atOnce([
        testApp.app.planStatements.sendAnniversaryStatements(aYearOn()),
        testApp.app.planStatements.sendAnniversaryStatements(aYearOn()),
        testApp.app.planStatements.sendAnniversaryStatements(aYearOn(1)),
      ]);
      await testApp.app.planStatements.sendAnniversaryStatements(aYearOn(2));

      const sent = await anniversaryStatementsTo(ready.email);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.text).toContain(
        `On ${longUkDate(monthsAfter(ukToday(), 12))} your funeral plan ${ready.planId} was one year old.`,
      );
      expect(sent[0]?.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
        { filename: `plan-statement-${ukToday()}.pdf`, contentType: "application/pdf" },
      ]);
      const attached = await readPdf(sent[0]!.attachments[0]!.content);
      expect(attached.text).toContain(`Plan reference ${ready.planId}`);
      expect(attached.text).toContain("Where the plan stands Paid in full");
      expect(
        await testApp.db.select().from(planStatements).where(eq(planStatements.planId, ready.planId)),
      ).toEqual([expect.objectContaining({ anniversaryOn: monthsAfter(ukToday(), 12) })]);

      // The next year's anniversary is another statement.
      await testApp.app.planStatements.sendAnniversaryStatements(
        new Date(`${monthsAfter(ukToday(), 24)}T12:00:00Z`),
      );
      const twoYears = await anniversaryStatementsTo(ready.email);
      expect(twoYears).toHaveLength(2);
      expect(twoYears[1]?.text).toContain("was 2 years old");
    },
  );

  it("is not sent for a cancelled plan, nor for one whose funeral has been requested", async () => {
    const cancelled = await readyPlan(testApp);
    await choosePayment(testApp, cancelled.token, cancelled.planId, { option: "full" });
    await payByCard(testApp, cancelled.token, cancelled.planId, "full", sandboxCards.succeeds);
    const cancelling = await withKey(
      testApp,
      cancelled.token,
      "POST",
      `/api/plan/${cancelled.planId}/cancel`,
      {},
    );
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    await settlePayments(testApp);
    const died = await readyPlan(testApp);
    await choosePayment(testApp, died.token, died.planId, { option: "full" });
    await payByCard(testApp, died.token, died.planId, "full", sandboxCards.succeeds);
    await testApp.db.update(plans).set({ funeralRequestedAt: new Date() }).where(eq(plans.id, died.planId));

    await testApp.app.planStatements.sendAnniversaryStatements(aYearOn());

    expect(await anniversaryStatementsTo(cancelled.email)).toEqual([]);
    expect(await anniversaryStatementsTo(died.email)).toEqual([]);
  });

  it("is still sent when no process looked on the day, up to 14 days late, and not later", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);

    expect(await testApp.app.planStatements.sendAnniversaryStatements(aYearOn(15))).toBe(0);
    expect(await anniversaryStatementsTo(ready.email)).toEqual([]);

    expect(await testApp.app.planStatements.sendAnniversaryStatements(aYearOn(14))).toBeGreaterThanOrEqual(1);
    expect(await anniversaryStatementsTo(ready.email)).toHaveLength(1);
  });
});
