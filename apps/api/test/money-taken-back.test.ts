import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffRefundsPageSchema } from "@kindred/contracts";
import { eq } from "drizzle-orm";
import { refunds } from "../src/db/schema";
import { sandboxCards } from "../src/modules/payments/sandbox/test-instruments";
import { callApi } from "./support/customers";
import { payByCard, paymentsOf, settlePayments, withKey } from "./support/paying";
import { paidPlan, payingByInstalments } from "./support/ready-plans";
import { createFirstTestAdministrator, createTestStaffMember, type TestStaffMember } from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Issue 46 item 5: money the customer's bank takes back. Before, a charge back or indemnity claim
 * deleted the plan's refund rows, even refunds already made, so a customer refunded and then
 * repaid by their bank was repaid twice and the books showed neither; card disputes were not read
 * at all. Each case is driven through the sandbox's own API, as a demo would.
 */
let testApp: TestApp;
let finance: TestStaffMember;
beforeAll(async () => {
  testApp = await createTestApp();
  finance = await createTestStaffMember(testApp, await createFirstTestAdministrator(testApp), "finance");
});
afterAll(() => testApp.close());

async function dispute(plan: { token: string; planId: string }, outcome: "opened" | "won" | "lost") {
  const response = await callApi(testApp, plan.token, "POST", "/api/sandbox-provider/card-disputes", {
    planId: plan.planId,
    outcome,
  });
  expect(response.statusCode, response.body).toBe(200);
  await settlePayments(testApp);
  return response.json() as { disputed: number };
}

async function cancel(plan: { token: string; planId: string }) {
  const cancelled = await withKey(testApp, plan.token, "POST", `/api/plan/${plan.planId}/cancel`, {});
  expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
  await settlePayments(testApp);
}

const refundsOf = (planId: string) => testApp.db.select().from(refunds).where(eq(refunds.planId, planId));

async function inRefundsQueue(refundId: string) {
  const response = await callApi(testApp, finance.token, "GET", "/api/staff/queues/refunds");
  expect(response.statusCode, response.body).toBe(200);
  return staffRefundsPageSchema.parse(response.json()).items.find((item) => item.refundId === refundId);
}

describe("a card payment the customer disputes at their bank (issue 46 item 5)", () => {
  it("leaves the plan paid while the dispute is open, and won, changes nothing", async () => {
    const plan = await paidPlan(testApp);
    expect(await dispute(plan, "opened")).toEqual({ disputed: 1 });
    const open = await paymentsOf(testApp, plan.token, plan.planId);
    expect(open.state).toBe("paid");
    expect(await dispute(plan, "won")).toEqual({ disputed: 1 });
    expect((await paymentsOf(testApp, plan.token, plan.planId)).state).toBe("paid");
    // Nothing left to decide: a second ruling reaches nothing.
    expect(await dispute(plan, "lost")).toEqual({ disputed: 0 });
  });

  it("lost, stops the plan's payments: it no longer reads paid, the payment reads as not taken, and paying again pays the agreed price once", async () => {
    const plan = await paidPlan(testApp);
    await dispute(plan, "opened");
    await dispute(plan, "lost");
    const after = await paymentsOf(testApp, plan.token, plan.planId);
    expect(after.state).toBe("payments_stopped");
    expect(after.payments.map((payment) => payment.status)).toEqual(["failed"]);
    // Paid again by card, at the price agreed: paid, once.
    await payByCard(testApp, plan.token, plan.planId, "full", sandboxCards.succeeds);
    await settlePayments(testApp);
    const paidAgain = await paymentsOf(testApp, plan.token, plan.planId);
    expect(paidAgain.state).toBe("paid");
    expect(paidAgain.payments.map((payment) => [payment.status, payment.amount])).toEqual([
      ["failed", plan.price],
      ["confirmed", plan.price],
    ]);
  });

  it("cancelled while in dispute, refunds nothing until the dispute is won, then refunds it once", async () => {
    const plan = await paidPlan(testApp);
    await dispute(plan, "opened");
    await cancel(plan);
    expect(await refundsOf(plan.planId)).toEqual([]);
    expect((await paymentsOf(testApp, plan.token, plan.planId)).state).toBe("cancelled");
    await dispute(plan, "won");
    const [refund] = await refundsOf(plan.planId);
    expect(refund).toMatchObject({ status: "refunded", amountPence: plan.price });
    expect((await paymentsOf(testApp, plan.token, plan.planId)).state).toBe("cancelled");
  });
});

describe("a Direct Debit collection claimed back under the Direct Debit Guarantee (issue 46 item 5)", () => {
  it("after our refund of it, keeps the refund and shows finance the money repaid twice", async () => {
    const ready = await payingByInstalments(testApp, { collected: 1 });
    const { before } = ready;
    await cancel(ready);
    expect((await refundsOf(ready.planId)).map((refund) => refund.status)).toEqual(["refunded", "refunded"]);

    const claimed = await callApi(testApp, ready.token, "POST", "/api/sandbox-provider/indemnity-claims", {
      planId: ready.planId,
    });
    expect(claimed.json()).toEqual({ claimed: 1 });
    await settlePayments(testApp);

    const kept = await refundsOf(ready.planId);
    expect(kept.map((refund) => refund.status)).toEqual(["refunded", "refunded"]);
    const ofTheCollection = kept.find((refund) => refund.collectionId !== null)!;
    expect(await inRefundsQueue(ofTheCollection.id)).toMatchObject({
      status: "repaid_twice",
      amountPence: before.collections[0]!.amount,
      maySendAgain: false,
    });
  });
});
