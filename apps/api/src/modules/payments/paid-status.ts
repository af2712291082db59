import { isPlanPaid, messages } from "@kindred/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/database";
import { mandates, payments, plans, type MandateStatus, type PaymentStatus } from "../../db/schema";

/** A payment that went through: a refunded one was completed once; cancellation, not this rule, says the plan is over. */
export function isCompletedPayment(status: PaymentStatus): boolean {
  return status === "confirmed" || status === "refunded";
}

/** A mandate that stands: set up or being set up, not failed or cancelled. */
const liveMandateStatuses: MandateStatus[] = ["pending_submission", "active"];

/**
 * What SPEC.md section 4's paid rule reads of a plan: each payment's option and whether it
 * completed, and whether a Direct Debit exists (a mandate not failed or cancelled).
 */
export function paymentFactsOf(
  paymentRows: readonly { status: PaymentStatus; paymentOption: "full" | "deposit" }[],
  mandateRows: readonly { status: MandateStatus }[],
) {
  return {
    payments: paymentRows.map((row) => ({
      paymentOption: row.paymentOption,
      completed: isCompletedPayment(row.status),
    })),
    directDebit: mandateRows.find((row) => liveMandateStatuses.includes(row.status)) ?? null,
  };
}

/** The same facts, read from the stored payments and mandates. */
export async function selectPaymentFacts(db: Database, planId: string) {
  const [paymentRows, mandateRows] = await Promise.all([
    db
      .select({ status: payments.status, paymentOption: payments.paymentOption })
      .from(payments)
      .where(eq(payments.planId, planId)),
    db
      .select({ status: mandates.status })
      .from(mandates)
      .where(and(eq(mandates.planId, planId), inArray(mandates.status, liveMandateStatuses))),
  ]);
  return paymentFactsOf(paymentRows, mandateRows);
}

/** Whether a plan is paid for (SPEC.md section 4). */
export async function isPaid(db: Database, planId: string): Promise<boolean> {
  return isPlanPaid(await selectPaymentFacts(db, planId));
}

/**
 * Whether a plan is settled: cancelled (closed for good), paid (what the customer bought), or
 * neither (null). Changes to the journey and people, and new charges, are refused on a settled
 * plan, each with its own words.
 */
export async function planSettlement(db: Database, planId: string): Promise<"cancelled" | "paid" | null> {
  const [plan] = await db.select({ cancelledAt: plans.cancelledAt }).from(plans).where(eq(plans.id, planId));
  if (plan?.cancelledAt) return "cancelled";
  return (await isPaid(db, planId)) ? "paid" : null;
}

/**
 * Why a plan's journey and people may no longer change, or null while they may: a cancelled plan
 * is closed, and a paid plan is what the customer bought (issue 10 item 5).
 */
export async function planChangesRefused(db: Database, planId: string): Promise<string | null> {
  const settlement = await planSettlement(db, planId);
  if (settlement === null) return null;
  return settlement === "cancelled" ? messages.planCancelled : messages.planPaidCannotChange;
}
