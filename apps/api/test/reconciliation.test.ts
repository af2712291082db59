import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentSchema } from "@kindred/contracts";
import { eq } from "drizzle-orm";
import { mandates, sandboxPayments } from "../src/db/schema";
import { sandboxBankAccounts, sandboxCards } from "../src/modules/payments";
import {
  choosePayment,
  mandatesAtTheProvider,
  payByCard,
  paymentsOf,
  requestDirectDebit,
  sandboxOf,
  setUpDirectDebit,
  settlePayments,
  withKey,
} from "./support/paying";
import { readyPlan } from "./support/ready-plans";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Reconciliation (issue 22 item 4): what a provider did but whose webhook never came is learnt by
 * asking the provider, and applied through the same state machine, once.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const reconcileNow = () => testApp.app.reconciliation.reconcile({ olderThanSeconds: 0 });
const emailsTo = async (to: string, subject: string) =>
  (await testApp.readOutbox()).filter((message) => message.to === to && message.subject === subject);

/** A card payment opened for the whole price, which the provider then takes without telling us. */
async function takenWithoutAWebhook() {
  const ready = await readyPlan(testApp);
  await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
  const created = await withKey(testApp, ready.token, "POST", "/api/payments/create", {
    planId: ready.planId,
    paymentOption: "full",
  });
  expect(created.statusCode, created.body).toBe(201);
  const payment = paymentSchema.parse(created.json());
  // Taken at the provider (the customer finished it), but the webhook saying so was lost.
  await testApp.db
    .update(sandboxPayments)
    .set({ status: "succeeded", cardEnding: "4242" })
    .where(eq(sandboxPayments.id, payment.providerPaymentId!));
  return { ...ready, payment };
}

describe("reconciliation with the provider", () => {
  it("learns of a payment taken whose webhook was lost: the plan is paid, and the customer told once", async () => {
    const { token, planId, email } = await takenWithoutAWebhook();
    expect((await paymentsOf(testApp, token, planId)).state).toBe("payment_in_progress");

    // Only what has been unsettled for a minute is asked about: this payment is a moment old.
    expect((await testApp.app.reconciliation.reconcile()).asked).toBe(0);

    const pass = await reconcileNow();
    expect(pass).toMatchObject({ applied: 1, unanswered: 0 });
    await settlePayments(testApp);
    const state = await paymentsOf(testApp, token, planId);
    expect(state).toMatchObject({ state: "paid", paid: true });
    expect(await emailsTo(email, "Your funeral plan is confirmed")).toHaveLength(1);

    // Asked again, nothing more happens: the finding is applied once.
    expect((await reconcileNow()).applied).toBe(0);
    await settlePayments(testApp);
    expect(await emailsTo(email, "Your funeral plan is confirmed")).toHaveLength(1);
  });

  it("learns of a refund the provider made whose confirmation was lost: refunded only then", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    const { payment } = await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
    // The provider has given the money back already (asked by a process that died before
    // hearing), so the refund asked for now changes nothing there and sends no event.
    await testApp.db
      .update(sandboxPayments)
      .set({ status: "refunded", refundedPence: payment.amount })
      .where(eq(sandboxPayments.id, payment.providerPaymentId!));
    const cancelled = await withKey(testApp, ready.token, "POST", `/api/plan/${ready.planId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settlePayments(testApp);
    expect(await paymentsOf(testApp, ready.token, ready.planId)).toMatchObject({
      state: "cancellation_pending_refund",
      refunded: 0,
      refundOwed: payment.amount,
    });

    expect((await reconcileNow()).applied).toBe(1);
    await settlePayments(testApp);
    expect(await paymentsOf(testApp, ready.token, ready.planId)).toMatchObject({
      state: "cancelled",
      refunded: payment.amount,
      refundOwed: 0,
    });
  });

  it("learns that a mandate became active whose event was lost", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, {
      option: "deposit",
      deposit: 25_000,
      months: 12,
    });
    await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
    await setUpDirectDebit(testApp, ready.token, ready.planId);
    // Its "active" event lost: our row still waits for it.
    await testApp.db
      .update(mandates)
      .set({ status: "pending_submission" })
      .where(eq(mandates.planId, ready.planId));

    expect((await reconcileNow()).applied).toBe(1);
    expect((await paymentsOf(testApp, ready.token, ready.planId)).directDebit?.status).toBe("active");
  });

  it("gives up a Direct Debit request cut short after the provider made the mandate: the mandate is cancelled, and asking again starts afresh", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, {
      option: "deposit",
      deposit: 25_000,
      months: 12,
    });
    const providerMandates = () => mandatesAtTheProvider(testApp, ready.planId);
    // The process dies as the provider's answer arrives: nothing of the request is stored.
    const provider = sandboxOf(testApp).directDebit;
    const createMandate = provider.createMandate;
    provider.createMandate = async (input) => {
      await createMandate.call(provider, input);
      throw new Error("The process was killed as the provider answered");
    };
    const key = randomUUID();
    const cutShort = await requestDirectDebit(
      testApp,
      ready.token,
      ready.planId,
      sandboxBankAccounts.collects,
      key,
    );
    provider.createMandate = createMandate;
    expect(cutShort.statusCode).toBe(500);
    expect((await providerMandates()).map((mandate) => mandate.status)).toEqual(["pending_submission"]);
    expect((await paymentsOf(testApp, ready.token, ready.planId)).directDebit).toBeNull();

    await reconcileNow();
    await settlePayments(testApp);
    // The customer's bank holds no instruction we know nothing of.
    expect((await providerMandates()).map((mandate) => mandate.status)).toEqual(["cancelled"]);

    const again = await requestDirectDebit(
      testApp,
      ready.token,
      ready.planId,
      sandboxBankAccounts.collects,
      key,
    );
    expect(again.statusCode, again.body).toBe(201);
    await settlePayments(testApp);
    const [, standing] = await providerMandates();
    expect(standing?.status).not.toBe("cancelled");
    const [ours] = await testApp.db.select().from(mandates).where(eq(mandates.planId, ready.planId));
    expect(ours?.providerMandateId).toBe(standing?.id);
    // Reconciling again leaves the stored one alone.
    await reconcileNow();
    await settlePayments(testApp);
    expect((await providerMandates()).map((mandate) => mandate.status)).toEqual([
      "cancelled",
      standing?.status,
    ]);
  });

  it("leaves what the provider could not answer about for the next pass, and changes nothing", async () => {
    const { token, planId, payment } = await takenWithoutAWebhook();
    // The provider no longer knows the payment (or cannot be reached): the pass goes on.
    await testApp.db.delete(sandboxPayments).where(eq(sandboxPayments.id, payment.providerPaymentId!));
    const pass = await reconcileNow();
    expect(pass.unanswered).toBeGreaterThanOrEqual(1);
    expect((await paymentsOf(testApp, token, planId)).state).toBe("payment_in_progress");
    expect(testApp.logs.join("\n")).toContain("reconciliation: the provider did not answer");
  });
});
