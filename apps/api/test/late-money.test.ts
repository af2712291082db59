import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCardAnswerSchema, violationsResponseSchema } from "@kindred/contracts";
import { purchaseMessages } from "@kindred/domain";
import { eq } from "drizzle-orm";
import { sandboxPayments } from "../src/db/schema";
import { sandboxCards } from "../src/modules/payments";
import { callApi } from "./support/customers";
import { failingInstalmentPlan, failingPlanDeposit } from "./support/missed-payments";
import {
  choosePayment,
  confirmOnSandbox,
  payByCard,
  paymentsOf,
  postCardWebhook,
  settlePayments,
  takenByProvider,
  withKey,
} from "./support/paying";
import { readyPlan } from "./support/ready-plans";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Issue 46 item 2: money that arrives after a payment was marked failed or cancelled. Before, those
 * states took no later status and reconciliation never asked about them again: a declined card
 * payment finished later in an old tab, or a failed collection the provider retried and took, was
 * kept without counting, and a cancelled plan's refund did not give it back.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const reconcileLateMoney = () => testApp.app.reconciliation.reconcileLateMoney({ olderThanSeconds: 0 });

async function declinedInFull() {
  const ready = await readyPlan(testApp);
  await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
  const declined = await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.declined);
  expect(declined.answer).toEqual({ status: "declined", message: purchaseMessages.cardDeclined });
  return { ...ready, payment: declined.payment };
}

const sentTo = async (address: string, subject: string) =>
  (await testApp.readOutbox()).filter((message) => message.to === address && message.subject === subject);

describe("a declined card payment finished later (issue 46 item 2)", () => {
  it("is taken when finished in the same tab with another card: the plan is paid and confirmed once", async () => {
    const { token, planId, price, email, payment } = await declinedInFull();
    const finished = await confirmOnSandbox(testApp, token, payment, sandboxCards.succeeds);
    expect(sandboxCardAnswerSchema.parse(finished.json()).status).toBe("processing");
    await settlePayments(testApp);

    const state = await paymentsOf(testApp, token, planId);
    expect(state).toMatchObject({ state: "paid", paid: true });
    expect(state.payments).toEqual([expect.objectContaining({ status: "confirmed", amount: price })]);
    expect(await sentTo(email, "Your funeral plan is confirmed")).toHaveLength(1);
  });

  it("cannot be finished in an old tab once the customer paid again: the declined attempt is cancelled", async () => {
    const { token, planId, price, payment } = await declinedInFull();
    const again = await payByCard(testApp, token, planId, "full", sandboxCards.succeeds);
    expect(again.answer.status).toBe("processing");

    const oldTab = await confirmOnSandbox(testApp, token, payment, sandboxCards.succeeds);
    expect(oldTab.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(oldTab.json()).violations[0]?.title).toBe(
      purchaseMessages.cardPaymentCancelled,
    );
    const state = await paymentsOf(testApp, token, planId);
    expect(state.payments.map((each) => each.status)).toEqual(["cancelled", "confirmed"]);
    expect(state.payments.filter((each) => each.completed).map((each) => each.amount)).toEqual([price]);
  });

  it("taken all the same as its cancellation reached the provider, is given back, and the customer told", async () => {
    const { token, planId, price, email, payment } = await declinedInFull();
    const again = await payByCard(testApp, token, planId, "full", sandboxCards.succeeds);
    expect(again.answer.status).toBe("processing");
    // The old tab finished it just before our cancellation arrived, and the provider says so.
    await takenByProvider(testApp, payment.providerPaymentId!);
    const webhook = await postCardWebhook(testApp, {
      eventId: `evt_late_${payment.id}`,
      providerPaymentId: payment.providerPaymentId!,
      status: "confirmed",
    });
    expect(webhook.statusCode, webhook.body).toBe(204);
    await settlePayments(testApp);

    const state = await paymentsOf(testApp, token, planId);
    expect(state.state).toBe("paid");
    expect(state.payments.map((each) => each.status)).toEqual(["refunded", "confirmed"]);
    expect(state.refunded).toBe(price);
    const [atTheProvider] = await testApp.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, payment.providerPaymentId!));
    expect(atTheProvider?.refundedPence).toBe(price);
    expect(await sentTo(email, "Your funeral plan is confirmed")).toHaveLength(1);
    const [refunded] = await sentTo(email, "We are refunding a payment you made");
    expect(refunded?.text).toContain("reached us after that part of the plan had already been paid.");
  });
});

describe("a failed collection taken later (issue 46 item 2)", () => {
  it("counts once the provider retries and takes it: the missed payments are no longer missed", async () => {
    const plan = await failingInstalmentPlan(testApp);
    const missed = await paymentsOf(testApp, plan.token, plan.planId);
    expect(missed.missedPayments).toBe(2);

    const retried = await callApi(
      testApp,
      plan.token,
      "POST",
      "/api/sandbox-provider/failed-collections-retried",
      { planId: plan.planId },
    );
    expect(retried.json()).toEqual({ retried: 2 });
    await settlePayments(testApp);

    const after = await paymentsOf(testApp, plan.token, plan.planId);
    expect(after.missedPayments).toBe(0);
    expect(after.collections.slice(0, 2).map((each) => each.status)).toEqual(["collected", "collected"]);
    expect(after.collected).toBe(2);
    expect(after.refunded + after.refundOwed).toBe(0);
  });

  it("is found by reconciliation when its webhook is lost, and given back if the plan was cancelled meanwhile", async () => {
    const plan = await failingInstalmentPlan(testApp);
    const cancelled = await withKey(testApp, plan.token, "POST", `/api/plan/${plan.planId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    await settlePayments(testApp);
    // The bank took the first missed collection on its retry as the cancellation reached it, and
    // the provider's event never came.
    const first = (await testApp.db.select().from(sandboxPayments)).find(
      (row) => row.kind === "collection" && row.status === "failed",
    );
    await testApp.db
      .update(sandboxPayments)
      .set({ status: "paid_out" })
      .where(eq(sandboxPayments.id, first!.id));

    expect((await reconcileLateMoney()).applied).toBeGreaterThanOrEqual(1);
    await settlePayments(testApp);

    const [atTheProvider] = await testApp.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, first!.id));
    expect(atTheProvider?.refundedPence).toBe(atTheProvider?.amountPence);
    const after = await paymentsOf(testApp, plan.token, plan.planId);
    expect(after.state).toBe("cancelled");
    expect(after.refundOwed).toBe(0);
    expect(after.refunded).toBe(failingPlanDeposit + (atTheProvider?.amountPence ?? 0));
  });
});
