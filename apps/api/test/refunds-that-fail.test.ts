import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffRefundSchema, staffRefundsPageSchema, violationsResponseSchema } from "@kindred/contracts";
import { purchaseMessages, staffMessages } from "@kindred/domain";
import { eq } from "drizzle-orm";
import { refunds, sandboxPayments } from "../src/db/schema";
import { atOnce } from "./support/at-once";
import { callApi } from "./support/customers";
import { paymentsOf, settlePayments, withKey } from "./support/paying";
import { paidPlan } from "./support/ready-plans";
import {
  auditEntriesBy,
  createFirstTestAdministrator,
  createTestStaffMember,
  type TestStaffMember,
} from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Issue 46 item 3: a refund that fails at the provider (a closed card, an account that returned the
 * money). Before, nothing read the provider's news of it: staff saw "sent to provider", could not
 * send it again, and sending again to the provider did nothing because the key existed; the
 * customer had been told "refunded within 30 days".
 */
let testApp: TestApp;
let finance: TestStaffMember;
beforeAll(async () => {
  testApp = await createTestApp();
  finance = await createTestStaffMember(testApp, await createFirstTestAdministrator(testApp), "finance");
});
afterAll(() => testApp.close());

/** A plan paid in full by card, cancelled and refunded, whose refund then bounces at the provider. */
async function refundBounced() {
  const plan = await paidPlan(testApp);
  const cancelled = await withKey(testApp, plan.token, "POST", `/api/plan/${plan.planId}/cancel`, {});
  expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
  await settlePayments(testApp);
  expect((await paymentsOf(testApp, plan.token, plan.planId)).state).toBe("cancelled");
  const bounced = await callApi(testApp, plan.token, "POST", "/api/sandbox-provider/refunds-bounced", {
    planId: plan.planId,
  });
  expect(bounced.json()).toEqual({ bounced: 1 });
  await settlePayments(testApp);
  const [refund] = await testApp.db.select().from(refunds).where(eq(refunds.planId, plan.planId));
  return { ...plan, refundId: refund!.id };
}

async function inRefundsQueue(refundId: string) {
  const response = await callApi(testApp, finance.token, "GET", "/api/staff/queues/refunds");
  expect(response.statusCode, response.body).toBe(200);
  return staffRefundsPageSchema.parse(response.json()).items.find((item) => item.refundId === refundId);
}

const refundedAtTheProvider = async (planId: string) => {
  const rows = await testApp.db.select().from(sandboxPayments);
  return rows
    .filter((row) => row.description?.includes(planId))
    .reduce((total, row) => total + row.refundedPence, 0);
};

// Double presses at once take the plan's lock: PostgreSQL's behaviour, so run there too.
describe("a refund that fails at the provider (issue 46 item 3)", { tags: ["engine"] }, () => {
  it("is held again, the customer is told plainly, and finance's queue says why and what can be done", async () => {
    const plan = await refundBounced();

    const state = await paymentsOf(testApp, plan.token, plan.planId);
    expect(state.state).toBe("cancellation_pending_refund");
    expect(state.refunded).toBe(0);
    const told = (await testApp.readOutbox()).filter(
      (message) => message.to === plan.email && message.subject === "We could not make your refund yet",
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("The money is safe with us.");
    expect(await inRefundsQueue(plan.refundId)).toMatchObject({
      status: "failed_at_provider",
      failureReason: "expired_or_canceled_card",
      maySendAgain: true,
      mayRecordTransfer: true,
      amountPence: plan.price,
    });
  });

  it("sent again by finance, is a new attempt under a new key, made once however often pressed", async () => {
    const plan = await refundBounced();

    const url = `/api/staff/refunds/${plan.refundId}/send-again`;
    const answers = await atOnce([
      callApi(testApp, finance.token, "POST", url),
      callApi(testApp, finance.token, "POST", url),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    await settlePayments(testApp);

    expect((await paymentsOf(testApp, plan.token, plan.planId)).state).toBe("cancelled");
    expect(await refundedAtTheProvider(plan.planId)).toBe(plan.price);
    const [row] = await testApp.db.select().from(refunds).where(eq(refunds.id, plan.refundId));
    expect(row).toMatchObject({ status: "refunded", attempt: 2 });
    expect(await inRefundsQueue(plan.refundId)).toMatchObject({ status: "refunded", maySendAgain: false });
  });

  it("repaid by bank transfer, is recorded with its reference once, audited, and the plan settled", async () => {
    const plan = await refundBounced();
    const url = `/api/staff/refunds/${plan.refundId}/paid-by-transfer`;

    const blank = await callApi(testApp, finance.token, "POST", url, { reference: "  " });
    expect(blank.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(blank.json()).violations[0]?.title).toBe(
      staffMessages.transferReferenceNeeded,
    );

    const answers = await atOnce([
      callApi(testApp, finance.token, "POST", url, { reference: "FPS 4471-0921" }),
      callApi(testApp, finance.token, "POST", url, { reference: "FPS 4471-0921" }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const recorded = staffRefundSchema.parse(answers.find((answer) => answer.statusCode === 200)!.json());
    expect(recorded).toMatchObject({
      status: "refunded",
      transferReference: "FPS 4471-0921",
      maySendAgain: false,
      mayRecordTransfer: false,
    });
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(violationsResponseSchema.parse(refused.json()).violations[0]?.title).toBe(
      purchaseMessages.refundAlreadyRefunded,
    );
    await settlePayments(testApp);
    const state = await paymentsOf(testApp, plan.token, plan.planId);
    expect(state.state).toBe("cancelled");
    expect(state.refunded).toBe(plan.price);
    // Nothing more was asked of the provider.
    expect(await refundedAtTheProvider(plan.planId)).toBe(0);
    const audited = await auditEntriesBy(testApp, finance, "refund.paid-by-transfer");
    expect(audited.filter((entry) => entry.planId === plan.planId)).toHaveLength(1);
  });

  it("cannot be recorded as repaid by transfer while it has not failed", async () => {
    const plan = await paidPlan(testApp);
    await withKey(testApp, plan.token, "POST", `/api/plan/${plan.planId}/cancel`, {});
    await settlePayments(testApp);
    const [refund] = await testApp.db.select().from(refunds).where(eq(refunds.planId, plan.planId));

    const response = await callApi(
      testApp,
      finance.token,
      "POST",
      `/api/staff/refunds/${refund!.id}/paid-by-transfer`,
      {
        reference: "FPS 1",
      },
    );

    expect(response.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(response.json()).violations[0]?.title).toBe(
      purchaseMessages.refundAlreadyRefunded,
    );
  });
});
