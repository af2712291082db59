import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentSchema, violationsResponseSchema } from "@kindred/contracts";
import { purchaseMessages } from "@kindred/domain";
import { eq, sql } from "drizzle-orm";
import { payments, plans, refunds, sandboxPayments } from "../src/db/schema";
import { sandboxBankAccounts, sandboxCards } from "../src/modules/payments";
import { callApi } from "./support/customers";
import {
  choosePayment,
  confirmationArrives,
  confirmOnSandbox,
  paymentsOf,
  requestDirectDebit,
  settlePayments,
  takenByProvider,
  withKey,
} from "./support/paying";
import { readyPlan } from "./support/ready-plans";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * The sequences that once lost a customer's money (issue 22), each as it was found, through the
 * API and the embedded sandbox: they failed before the plan's money had one state machine.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function openCardPayment(token: string, planId: string, paymentOption: "full" | "deposit") {
  const created = await withKey(testApp, token, "POST", "/api/payments/create", { planId, paymentOption });
  expect(created.statusCode, created.body).toBe(201);
  return paymentSchema.parse(created.json());
}

const confirmWithGoodCard = (token: string, payment: Parameters<typeof confirmOnSandbox>[2]) =>
  confirmOnSandbox(testApp, token, payment, sandboxCards.succeeds);

const emailsTo = async (to: string, subject: string) =>
  (await testApp.readOutbox()).filter((message) => message.to === to && message.subject === subject);

describe("1. paid after cancelling", () => {
  it("cancelling cancels the open card payment with the provider, so it can no longer be finished", async () => {
    const { planId, token, email } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });
    const payment = await openCardPayment(token, planId, "full");

    const cancelled = await withKey(testApp, token, "POST", `/api/plan/${planId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settlePayments(testApp);
    const confirmed = await confirmWithGoodCard(token, payment);

    expect(confirmed.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(confirmed.json()).violations[0]?.title).toBe(
      purchaseMessages.cardPaymentCancelled,
    );
    await settlePayments(testApp);
    const state = await paymentsOf(testApp, token, planId);
    expect(state).toMatchObject({ state: "cancelled", refunded: 0, refundOwed: 0 });
    expect(state.payments.map((row) => row.status)).toEqual(["cancelled"]);
    expect(await emailsTo(email, "Your funeral plan is confirmed")).toEqual([]);
  });

  it("a payment the provider takes after the cancellation is refunded, and the customer told once", async () => {
    const { planId, price, token, email } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });
    const payment = await openCardPayment(token, planId, "full");
    await takenByProvider(testApp, payment.providerPaymentId!);
    const cancelled = await withKey(testApp, token, "POST", `/api/plan/${planId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settlePayments(testApp);

    await confirmationArrives(testApp, payment.providerPaymentId!);
    // Delivered again: handled once.
    await confirmationArrives(testApp, payment.providerPaymentId!);

    const state = await paymentsOf(testApp, token, planId);
    expect(state).toMatchObject({ state: "cancelled", refunded: price, refundOwed: 0 });
    expect(state.payments.map((row) => row.status)).toEqual(["refunded"]);
    const [sandboxRow] = await testApp.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, payment.providerPaymentId!));
    expect(sandboxRow?.refundedPence).toBe(price);
    expect(await emailsTo(email, "We are refunding a payment you made")).toHaveLength(1);
    expect(await emailsTo(email, "Your funeral plan is confirmed")).toEqual([]);
  });
});

describe("2. a cancellation's refund cannot be lost", () => {
  it("the refund is owed in the same change that cancels, and paid once the provider confirms it", async () => {
    const { planId, price, token } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });
    const payment = await openCardPayment(token, planId, "full");
    expect((await confirmWithGoodCard(token, payment)).statusCode).toBe(200);
    await settlePayments(testApp);

    const cancelled = await withKey(testApp, token, "POST", `/api/plan/${planId}/cancel`, {});
    const [owed] = await testApp.db.select().from(refunds).where(eq(refunds.planId, planId));
    expect(owed).toMatchObject({ paymentId: payment.id, amountPence: price });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settlePayments(testApp);

    expect(await paymentsOf(testApp, token, planId)).toMatchObject({
      state: "cancelled",
      refunded: price,
      refundOwed: 0,
    });
    // Cancelling again changes nothing and refunds nothing twice.
    expect((await withKey(testApp, token, "POST", `/api/plan/${planId}/cancel`, {})).statusCode).toBe(200);
    await settlePayments(testApp);
    const [sandboxRow] = await testApp.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, payment.providerPaymentId!));
    expect(sandboxRow?.refundedPence).toBe(price);
  });

  // The plan's money is checked by constraint triggers as the transaction commits (migration 0010).
  it(
    "the database refuses a cancelled plan that holds money without a refund owed",
    { tags: ["engine"] },
    async () => {
      const { planId, token } = await readyPlan(testApp);
      await choosePayment(testApp, token, planId, { option: "full" });
      const payment = await openCardPayment(token, planId, "full");
      expect((await confirmWithGoodCard(token, payment)).statusCode).toBe(200);
      await settlePayments(testApp);

      // What the old cancellation did: the plan marked cancelled, the payment left as it was.
      const cancelledWithoutRefund = testApp.db.transaction(async (transaction) => {
        await transaction.update(payments).set({ wanted: false }).where(eq(payments.planId, planId));
        await transaction
          .update(plans)
          .set({ cancelledAt: sql`now()` })
          .where(eq(plans.id, planId));
      });

      await expect(cancelledWithoutRefund).rejects.toThrow();
      expect((await paymentsOf(testApp, token, planId)).state).toBe("paid");
    },
  );
});

describe("3. changing how to pay cannot charge twice", () => {
  it("the card payment for the old choice is cancelled, a deposit payment is its own, and the old one taken late is refunded", async () => {
    const { planId, price, token, email } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });
    const full = await openCardPayment(token, planId, "full");
    // The customer finishes the old page in another tab as they change their mind.
    await takenByProvider(testApp, full.providerPaymentId!);

    await choosePayment(testApp, token, planId, { option: "deposit", deposit: 50_000, months: 12 });
    const deposit = await openCardPayment(token, planId, "deposit");
    const directDebit = await requestDirectDebit(testApp, token, planId, sandboxBankAccounts.collects);
    await settlePayments(testApp);

    expect(deposit.id).not.toBe(full.id);
    expect(deposit).toMatchObject({ paymentOption: "deposit", amount: 50_000 });
    expect(directDebit.statusCode, directDebit.body).toBe(201);
    // Taken before our cancellation reached the provider: given back once its webhook comes.
    await confirmationArrives(testApp, full.providerPaymentId!);
    const state = await paymentsOf(testApp, token, planId);
    expect(state.state).toBe("paying_by_instalments");
    expect(state.payments.find((row) => row.id === full.id)?.status).toBe("refunded");
    expect(state.refunded).toBe(price);
    expect(await emailsTo(email, "We are refunding a payment you made")).toHaveLength(1);
  });

  it("the old choice's payment page can no longer be finished", async () => {
    const { planId, token } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });
    const full = await openCardPayment(token, planId, "full");

    await choosePayment(testApp, token, planId, { option: "deposit", deposit: 50_000, months: 12 });
    await settlePayments(testApp);

    expect((await confirmWithGoodCard(token, full)).statusCode).toBe(409);
    const state = await paymentsOf(testApp, token, planId);
    expect(state.payments.map((row) => row.status)).toEqual(["cancelled"]);
    expect(state.state).toBe("ready_to_pay");
  });

  it("a card payment for the whole price is refused while a Direct Debit stands", async () => {
    const { planId, token } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "deposit", deposit: 50_000, months: 12 });
    const directDebit = await requestDirectDebit(testApp, token, planId, sandboxBankAccounts.collects);
    expect(directDebit.statusCode, directDebit.body).toBe(201);

    const changed = await callApi(testApp, token, "PUT", `/api/plan/${planId}/payment-choice`, {
      option: "full",
    });

    expect(changed.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(changed.json()).violations[0]?.title).toBe(
      purchaseMessages.planAlreadyPaid,
    );
  });
});
