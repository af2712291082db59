import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDirectDebitResponseSchema, planPaymentsSchema } from "@kindred/contracts";
import {
  addWorkingDays,
  advanceNoticeWorkingDays,
  arrearsCatchUpBy,
  endOfTheFirstMonths,
  paymentSchedule,
  sumPence,
  ukToday,
  whenTheTimeComesExplained,
} from "@kindred/domain";
import { eq, inArray } from "drizzle-orm";
import { collections, payments, sandboxMandates, sandboxPayments } from "../src/db/schema";
import { createPlanOptionsService } from "../src/modules/catalogue/service";
import { createPlanSchedules } from "../src/modules/payments/plan-schedule";
import { sandboxBankAccounts, sandboxCards } from "../src/modules/payments";
import { atOnce } from "./support/at-once";
import {
  choosePayment,
  payByCard,
  paymentsOf,
  planReferenceOf,
  sandboxOf,
  setUpDirectDebit,
  settlePayments,
  withKey,
} from "./support/paying";
import { callApi } from "./support/customers";
import { readyPlan } from "./support/ready-plans";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function payDeposit(token: string, planId: string) {
  const { answer } = await payByCard(testApp, token, planId, "deposit", sandboxCards.succeeds);
  expect(answer.status).toBe("processing");
}

async function depositPlan(account: { sortCode: string; accountNumber: string }, deposit = 25_000) {
  const ready = await readyPlan(testApp);
  const choice = { option: "deposit", deposit, months: 12 } as const;
  await choosePayment(testApp, ready.token, ready.planId, choice);
  await payDeposit(ready.token, ready.planId);
  const created = await setUpDirectDebit(testApp, ready.token, ready.planId, account);
  return { ...ready, choice, created };
}

describe("a deposit and monthly instalments by Direct Debit", () => {
  it("sets up the mandate with the schedule, shows only the last four digits, and collects month by month", async () => {
    const { planId, price, token, email, catalogue, choice, created } = await depositPlan(
      sandboxBankAccounts.collects,
    );
    const mandate = createDirectDebitResponseSchema.parse(created.json());
    expect(mandate.directDebit).toMatchObject({ sortCode: "20-00-00", accountNumberEnding: "9911" });
    // The bank statement shows the plan's own short reference (decision 045).
    expect(mandate.directDebit.reference).toBe(await planReferenceOf(testApp.db, planId));
    expect(created.body).not.toContain(sandboxBankAccounts.collects.accountNumber);
    expect(mandate.instalments).toBe(12);

    let state = await paymentsOf(testApp, token, planId);
    const schedule = paymentSchedule(price, choice, catalogue.paymentTerms, ukToday());
    expect(state).toMatchObject({ state: "paying_by_instalments", paid: true, collected: 0 });
    expect(state.directDebit?.status).toBe("active");
    expect(mandate.firstCollection).toEqual({
      date: schedule.instalments[0]?.date,
      amount: schedule.instalments[0]?.amount,
    });
    expect(25_000 + sumPence(state.collections.map((collection) => collection.amount))).toBe(
      schedule.totalPayable,
    );

    await sandboxOf(testApp).collectDue(state.collections[1]!.date);
    await settlePayments(testApp);

    state = await paymentsOf(testApp, token, planId);
    expect(state.collected).toBe(2);
    expect(state.collections.slice(0, 3).map((collection) => collection.status)).toEqual([
      "collected",
      "collected",
      "scheduled",
    ]);
    const notice = (await testApp.readOutbox()).find(
      (message) => message.to === email && message.subject.startsWith("Your Direct Debit is set up"),
    );
    expect(notice?.text).toContain("ending 9911");
    expect(notice?.text).not.toContain(sandboxBankAccounts.collects.accountNumber);
  });

  it("says the plan was bought when its deposit was confirmed, and when its first months end", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, {
      option: "deposit",
      deposit: 25_000,
      months: 60,
    });
    expect((await paymentsOf(testApp, ready.token, ready.planId)).whenTheTimeComes).toBeNull();

    await payDeposit(ready.token, ready.planId);
    await setUpDirectDebit(testApp, ready.token, ready.planId);

    const [deposit] = await testApp.db.select().from(payments).where(eq(payments.planId, ready.planId));
    expect(deposit).toMatchObject({ paymentOption: "deposit", status: "confirmed" });
    const boughtOn = ukToday(deposit!.completedAt!);
    const { moratoriumMonths } = ready.catalogue.paymentTerms;
    const state = await paymentsOf(testApp, ready.token, ready.planId);
    expect(state.state).toBe("paying_by_instalments");
    expect(state.whenTheTimeComes).toEqual({
      boughtOn,
      moratoriumMonths,
      firstMonthsEndOn: endOfTheFirstMonths(boughtOn, moratoriumMonths),
    });
    // The confirmation says what happens when the person covered dies, for 60 months of instalments.
    const confirmation = (await testApp.readOutbox()).find(
      (message) => message.to === ready.email && message.subject === "Your funeral plan is confirmed",
    );
    for (const { text } of whenTheTimeComesExplained({ option: "deposit", months: 60 }, moratoriumMonths)) {
      expect(confirmation?.text).toContain(text);
    }
  });

  it("after two missed payments sends one statement with 10 working days to catch up, and the plan shows it", async () => {
    const { planId, token, email } = await depositPlan(sandboxBankAccounts.collectionsFail);
    const { collections } = await paymentsOf(testApp, token, planId);

    await sandboxOf(testApp).collectDue(collections[0]!.date);
    await settlePayments(testApp);
    expect((await paymentsOf(testApp, token, planId)).arrears).toBeNull();
    await sandboxOf(testApp).collectDue(collections[1]!.date);
    await settlePayments(testApp);

    const state = await paymentsOf(testApp, token, planId);
    expect(state.missedPayments).toBe(2);
    expect(state.arrears?.owed).toBe(collections[0]!.amount + collections[1]!.amount);
    // FPCOB 2.3.6R: 10 business days from the statement to settle, without penalty.
    expect(state.arrears?.catchUpBy).toBe(arrearsCatchUpBy(ukToday()));
    const statements = (await testApp.readOutbox()).filter(
      (message) =>
        message.to === email && message.subject === "Two payments for your funeral plan have been missed",
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]?.text).toContain("Please pay what is owed by");
    expect(statements[0]?.text).toContain("10 working days from this email");
  });

  it("sends the statement only after two payments missed in a row: missed, collected, missed sends none; a second in a row sends it (FPCOB 2.3.5R)", async () => {
    const { planId, token, email } = await depositPlan(sandboxBankAccounts.collectionsFail);
    const { collections } = await paymentsOf(testApp, token, planId);
    // The customer's account has money in it for one month, then not again.
    const mandateReference = await planReferenceOf(testApp.db, planId);
    const accountCollects = (collects: boolean) =>
      testApp.db
        .update(sandboxMandates)
        .set({ behaviour: collects ? "collects" : "fails" })
        .where(eq(sandboxMandates.reference, mandateReference));
    const take = async (which: number) => {
      await sandboxOf(testApp).collectDue(collections[which]!.date);
      await settlePayments(testApp);
    };
    const statementsSent = async () =>
      (await testApp.readOutbox()).filter(
        (message) =>
          message.to === email && message.subject === "Two payments for your funeral plan have been missed",
      );

    await take(0);
    await accountCollects(true);
    await take(1);
    await accountCollects(false);
    await take(2);
    let state = await paymentsOf(testApp, token, planId);
    expect(state.collections.slice(0, 3).map((collection) => collection.status)).toEqual([
      "failed",
      "collected",
      "failed",
    ]);
    expect(state.missedPayments).toBe(2);
    expect(state.arrears).toBeNull();
    expect(await statementsSent()).toHaveLength(0);

    await take(3);
    state = await paymentsOf(testApp, token, planId);
    expect(state.missedPayments).toBe(3);
    expect(state.arrears?.owed).toBe(
      collections[0]!.amount + collections[2]!.amount + collections[3]!.amount,
    );
    expect(await statementsSent()).toHaveLength(1);
  });

  it("in the sandbox, takes a plan's collections due up to a day at once, so missed payments are seen without waiting, and only for the plan's own customer", async () => {
    const { planId, token, email } = await depositPlan(sandboxBankAccounts.collectionsFail);
    const other = await depositPlan(sandboxBankAccounts.collectionsFail);
    const { collections } = await paymentsOf(testApp, token, planId);
    const takeUntil = (asker: string, until: string) =>
      callApi(testApp, asker, "POST", "/api/sandbox-provider/collections", { planId, until });

    const notTheirs = await takeUntil(other.token, collections[1]!.date);
    expect(notTheirs.statusCode).toBe(404);
    const taken = await takeUntil(token, collections[1]!.date);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ taken: 2 });
    await settlePayments(testApp);

    const state = await paymentsOf(testApp, token, planId);
    expect(state.missedPayments).toBe(2);
    expect(state.arrears?.owed).toBe(collections[0]!.amount + collections[1]!.amount);
    expect(
      (await testApp.readOutbox()).filter(
        (message) =>
          message.to === email && message.subject === "Two payments for your funeral plan have been missed",
      ),
    ).toHaveLength(1);
    // The other customer's plan was not touched.
    expect((await paymentsOf(testApp, other.token, other.planId)).missedPayments).toBe(0);
  });

  it("cancels at any time with no fee: refunds everything paid, stops the Direct Debit, and says so by email", async () => {
    const { planId, token, email } = await depositPlan(sandboxBankAccounts.collects, 50_000);
    const before = await paymentsOf(testApp, token, planId);
    await sandboxOf(testApp).collectDue(before.collections[0]!.date);
    await settlePayments(testApp);

    const cancelled = await withKey(testApp, token, "POST", `/api/plan/${planId}/cancel`, {});
    const paidSoFar = 50_000 + before.collections[0]!.amount;

    // Owed at once, in the same change that cancels; refunded once the provider confirms it
    // (which the sandbox may already have done by the time the answer is read).
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const answer = planPaymentsSchema.parse(cancelled.json());
    expect(answer.refundOwed + answer.refunded).toBe(paidSoFar);
    await settlePayments(testApp);
    const state = await paymentsOf(testApp, token, planId);
    expect(state).toMatchObject({ state: "cancelled", refundOwed: 0, refunded: paidSoFar });
    expect(state.directDebit?.status).toBe("cancelled");
    expect(state.payments[0]?.status).toBe("refunded");
    expect(state.collections[0]?.status).toBe("refunded");
    expect(state.collections.slice(1).every((collection) => collection.status === "cancelled")).toBe(true);
    const again = await withKey(testApp, token, "POST", "/api/payments/create", {
      planId,
      paymentOption: "deposit",
    });
    expect(again.statusCode).toBe(409);
    const message = (await testApp.readOutbox()).find(
      (outgoing) => outgoing.to === email && outgoing.subject === "Your funeral plan has been cancelled",
    );
    expect(message?.text).toContain("within 30 days");
  });

  it(
    "never takes a collection it was cancelled as it fell due, and our rows say what the provider did",
    { tags: ["engine"] },
    async () => {
      const { planId, token } = await depositPlan(sandboxBankAccounts.collects);
      const ours = await testApp.db.select().from(collections).where(eq(collections.planId, planId));
      const sandbox = sandboxOf(testApp);
      const mandateReference = await planReferenceOf(testApp.db, planId);
      // Each collection is taken and cancelled at once: on PostgreSQL the two really overlap.
      await atOnce(
        ours.flatMap((collection) => [
          sandbox.collectDue(collection.dueDate, { mandateReference }),
          sandbox.directDebit.cancelCollection(collection.providerPaymentId!),
        ]),
      );
      await settlePayments(testApp);

      const books = await testApp.db
        .select({ id: sandboxPayments.id, status: sandboxPayments.status })
        .from(sandboxPayments)
        .where(
          inArray(
            sandboxPayments.id,
            ours.map((collection) => collection.providerPaymentId!),
          ),
        );
      const state = await paymentsOf(testApp, token, planId);
      const ourStatus = new Map(
        ours.map((collection) => [
          collection.providerPaymentId,
          state.collections.find((shown) => shown.number === collection.number)?.status,
        ]),
      );
      expect(books.map((row) => [row.status, ourStatus.get(row.id)])).toEqual(
        books.map((row) => [row.status, row.status === "cancelled" ? "cancelled" : "collected"]),
      );
    },
  );
});

describe("the first collection's day, near midnight (issue 46 item 7)", () => {
  const choice = { option: "deposit", deposit: 25_000, months: 12 } as const;
  /** The schedule the payments module works out at `moment`, as the mandate and its notice take it. */
  const scheduleAt = (moment: string) =>
    createPlanSchedules({
      planOptions: createPlanOptionsService(testApp.db),
      now: () => new Date(moment),
    }).scheduleOf(400_000, choice);

  it("at 00:30 in the UK in summer (23:30 UTC) gives 10 working days' notice from the UK day, as the documents do, not 9", async () => {
    const schedule = await scheduleAt("2026-07-14T23:30:00Z");
    // Wednesday 15 July in the UK: 10 working days on is Wednesday 29 July.
    expect(schedule.instalments[0]?.date).toBe("2026-07-29");
    expect(schedule.instalments[0]?.date).toBe(addWorkingDays("2026-07-15", advanceNoticeWorkingDays));
    const terms = (await createPlanOptionsService(testApp.db).getPlanOptions()).paymentTerms;
    expect(schedule).toEqual(paymentSchedule(400_000, choice, terms, "2026-07-15"));
  });

  it("at 23:30 on 31 December (GMT, the same day in the UK) counts from 31 December", async () => {
    const schedule = await scheduleAt("2026-12-31T23:30:00Z");
    expect(schedule.instalments[0]?.date).toBe(addWorkingDays("2026-12-31", advanceNoticeWorkingDays));
  });
});
