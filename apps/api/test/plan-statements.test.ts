import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planDocumentBase64ResponseSchema } from "@kindred/contracts";
import {
  endOfTheFirstMonths,
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
import { readPdf, smallestTextPoints } from "./support/pdf-text";
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

/**
 * FPCOB 9 Annex 3 (the plan statement): after a statement of its purpose and a prompt to review the
 * plan, these headings in this order. The Annex's own words for the first three; the rest follow
 * its order (docs/decisions/043-plan-statement-on-one-side.md).
 */
const annexHeadings = [
  "How much have I got left to pay?",
  "What does my plan provide?",
  "How do I make changes to my plan?",
  "What happens if I want to cancel my plan?",
  "What happens if I miss a payment?",
  "What happens when the person covered dies?",
  "How do I complain?",
  "What happens if we go out of business?",
];
const purpose = "This statement reminds you of the main features of your funeral plan";
const reviewPrompt = "Please read it and check that your plan still meets your needs.";

/** The Annex: no more than one side of A4, in characters of a readable size. */
const readablePoints = 11;

/** Each of `parts` in `text`, each after the one before it. */
function expectInOrder(text: string, parts: readonly string[]) {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after "${text.slice(Math.max(0, from - 60), from)}"`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

/** One side of A4, nothing off the page, no text under 11 pt, and each heading larger than the text. */
function expectOneReadableSide(statement: Awaited<ReturnType<typeof readPdf>>, headings: readonly string[]) {
  expect(statement.pages).toBe(1);
  const [width = 0, height = 0] = statement.pageSizes[0] ?? [];
  expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
  expect(statement.offPage).toEqual([]);
  expect(smallestTextPoints(statement)).toBeGreaterThanOrEqual(readablePoints);
  for (const heading of headings) {
    const drawn = statement.pieces.find((piece) => piece.text.trim() === heading);
    expect(drawn, heading).toBeDefined();
    expect(drawn!.points, heading).toBeGreaterThan(readablePoints);
  }
}

describe("the plan statement the account offers at any time", () => {
  it("for a plan paid by a deposit and Direct Debit: one side of A4 in readable type, the Annex's opening and headings in order, and what is left to pay to the penny", async () => {
    const nominee = {
      title: "Mr",
      titleText: "",
      firstName: "David",
      lastName: "Hughes",
      email: "david.hughes@example.com",
      phone: "01632 960 002",
      isSameAddressAsCustomer: "yes",
      address: null,
    };
    const ready = await readyPlan(testApp, undefined, circumstances, { nominee });
    const choice = { option: "deposit", deposit: 25_000, months: 12 } as const;
    await choosePayment(testApp, ready.token, ready.planId, choice);
    await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
    await setUpDirectDebit(testApp, ready.token, ready.planId);
    const payments = await paymentsOf(testApp, ready.token, ready.planId);
    const branch = await branchOf(ready.journey.funeralDirector!.id);
    const { moratoriumMonths } = ready.catalogue.paymentTerms;
    const toCome = payments.collections;
    expect(toCome).toHaveLength(12);
    const [next, second] = toCome;
    const last = toCome[11]!;
    const totalCost = payments.schedule!.totalPayable;
    const outstanding = toCome.reduce((sum, each) => sum + each.amount, 0);
    // The figures agree: what is left is the total cost less the deposit paid.
    expect(outstanding).toBe(totalCost - 25_000);

    const statement = await statementOf(ready.token, ready.planId);

    expectOneReadableSide(statement, annexHeadings);
    expectInOrder(statement.text, [
      "Your plan statement",
      `Plan reference ${payments.planReference}`,
      purpose,
      reviewPrompt,
      ...annexHeadings,
    ]);
    expectInOrder(statement.text, [
      "How much have I got left to pay?",
      `Monthly payment ${formatPrice(second!.amount)} by Direct Debit (the next is ${formatPrice(next!.amount)})`,
      `Payments left 12 monthly payments, the last on ${longUkDate(last.date)}`,
      `Total cost of your plan ${formatPrice(totalCost)}`,
      `Paid to date ${formatPrice(25_000)}`,
      `Outstanding balance ${formatPrice(outstanding)}`,
      "What does my plan provide?",
      `Your funeral director is ${branch.name}`,
    ]);
    expect(statement.text).not.toContain(sandboxBankAccounts.collects.accountNumber);
    expect(statement.text).toContain("You named Mr David Hughes as your representative");
    const boughtOn = payments.whenTheTimeComes!.boughtOn;
    expect(statement.text).toContain(
      `Your plan started on ${longUkDate(boughtOn)}. Its first ${moratoriumMonths} months end on ${longUkDate(endOfTheFirstMonths(boughtOn, moratoriumMonths))}.`,
    );
    const explained = whenTheTimeComesExplained({ option: "deposit", months: 12 }, moratoriumMonths);
    for (const { text } of explained) expect(statement.text).toContain(asRead(text));
    // Nothing the customer told us of their health or circumstances.
    expect(statement.text).not.toContain("Heart failure");
    expect(statement.text).not.toMatch(/illness|vulnerab/i);
  });

  it("for a plan paid in full: one side of A4 in readable type, the Annex's headings in order, saying it is paid in full", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
    const branch = await branchOf(ready.journey.funeralDirector!.id);
    const { moratoriumMonths } = ready.catalogue.paymentTerms;
    const withoutMissedPayments = annexHeadings.filter(
      (heading) => heading !== "What happens if I miss a payment?",
    );

    const statement = await statementOf(ready.token, ready.planId);

    expectOneReadableSide(statement, withoutMissedPayments);
    expectInOrder(statement.text, [purpose, reviewPrompt, ...withoutMissedPayments]);
    expect(statement.text).not.toContain("What happens if I miss a payment?");
    expectInOrder(statement.text, [
      "How much have I got left to pay?",
      `Total cost of your plan ${formatPrice(ready.price)} Paid to date ${formatPrice(ready.price)} Outstanding balance £0`,
      "Your plan is paid in full: there is nothing left to pay.",
      "What does my plan provide?",
      `Your funeral director is ${branch.name}`,
    ]);
    expect(statement.text).not.toContain("Monthly payment");
    expect(statement.text).toContain("You have not named a representative");
    for (const { text } of whenTheTimeComesExplained({ option: "full" }, moratoriumMonths)) {
      expect(statement.text).toContain(asRead(text));
    }
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

    expect(statement.pages).toBe(1);
    const stillToPay = 25_000 + payments.collections.reduce((sum, each) => sum + each.amount, 0);
    expectInOrder(statement.text, [
      "How much have I got left to pay?",
      `Deposit still to pay ${formatPrice(25_000)} (pay it by card in your account)`,
      `Total cost of your plan ${formatPrice(payments.schedule!.totalPayable)}`,
      "Paid to date £0",
      `Outstanding balance ${formatPrice(stillToPay)}`,
    ]);
    expect(stillToPay).toBe(payments.schedule!.totalPayable);
  });

  it("for a cancelled plan still downloads, saying it was cancelled and what is refunded, with nothing to pay and no promise of a funeral", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
    const cancelled = await withKey(testApp, ready.token, "POST", `/api/plan/${ready.planId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settlePayments(testApp);

    const statement = await statementOf(ready.token, ready.planId);

    expect(statement.pages).toBe(1);
    expect(statement.text).toContain(`This plan was cancelled on ${longUkDate(ukToday())}.`);
    expect(statement.text).toMatch(
      new RegExp(
        `We (have refunded|are refunding) ${formatPrice(ready.price).replace(".", "\\.")}, everything you paid`,
      ),
    );
    expect(statement.text).toContain("the plan no longer pays for a funeral");
    expect(statement.text).toContain(
      "How much have I got left to pay? Nothing more will be collected for this plan.",
    );
    expect(statement.text).not.toContain("What happens when the person covered dies?");
    expect(statement.text).not.toContain("How do I make changes to my plan?");
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

    expect(statement.pages).toBe(1);
    expect(statement.text).toContain(
      `We were told that the person covered by this plan has died, and their funeral was requested on ${longUkDate(ukToday())}.`,
    );
    expect(statement.text).toContain(
      "How much have I got left to pay? Nothing more will be collected for this plan.",
    );
    expect(statement.text).not.toContain("What happens when the person covered dies?");
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
      const { planReference } = await paymentsOf(testApp, ready.token, ready.planId);
      expect(sent[0]?.text).toContain(
        `On ${longUkDate(monthsAfter(ukToday(), 12))} your funeral plan ${planReference} was one year old.`,
      );
      expect(sent[0]?.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
        { filename: `plan-statement-${ukToday()}.pdf`, contentType: "application/pdf" },
      ]);
      const attached = await readPdf(sent[0]!.attachments[0]!.content);
      expect(attached.text).toContain(`Plan reference ${planReference}`);
      expect(attached.pages).toBe(1);
      expect(attached.text).toContain("Your plan is paid in full: there is nothing left to pay.");
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
