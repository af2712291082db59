import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { payments, plans } from "../../src/db/schema";
import type { TestApp } from "./test-app";

/**
 * Makes a plan paid for (SPEC.md section 4: a completed payment) by writing a confirmed card
 * payment straight into the test app's database. A stand-in: the payments API is being built
 * alongside the referral codes, so tests that only need "this plan is paid" do not go through
 * it. Once `POST /api/payments/create` and the sandbox provider exist, paying through them is
 * the better way, and this helper can go.
 */
export async function markPlanPaid(testApp: TestApp, planId: string): Promise<void> {
  const [plan] = await testApp.db.select({ userId: plans.userId }).from(plans).where(eq(plans.id, planId));
  if (!plan) throw new Error(`No plan ${planId} to mark as paid`);
  await testApp.db.insert(payments).values({
    planId,
    userId: plan.userId,
    paymentOption: "full",
    amountPence: 1,
    status: "confirmed",
    idempotencyKey: randomUUID(),
    requestDigest: "test-paid-plan",
    provider: "test",
    providerPaymentId: randomUUID(),
    completedAt: new Date(),
  });
}
