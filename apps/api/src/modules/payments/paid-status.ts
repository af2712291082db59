import { isPlanPaid, messages } from "@kindred/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/database";
import { mandates, payments, plans } from "../../db/schema";

/**
 * What SPEC.md section 4's paid rule reads of a plan, straight from the stored payments and
 * mandates: each payment's option and whether it completed, and whether a Direct Debit exists (a
 * mandate not failed or cancelled).
 */
export async function selectPaymentFacts(db: Database, planId: string) {
  const [paymentRows, mandateRows] = await Promise.all([
    db
      .select({ status: payments.status, paymentOption: payments.paymentOption })
      .from(payments)
      .where(eq(payments.planId, planId)),
    db
      .select({ id: mandates.id })
      .from(mandates)
      .where(and(eq(mandates.planId, planId), inArray(mandates.status, ["pending_submission", "active"]))),
  ]);
  return {
    payments: paymentRows.map((row) => ({
      paymentOption: row.paymentOption,
      // A refunded payment was completed once; cancellation, not this rule, says the plan is over.
      completed: row.status === "confirmed" || row.status === "refunded",
    })),
    directDebit: mandateRows[0] ?? null,
  };
}

/** Whether a plan is paid for (SPEC.md section 4). */
export async function isPaid(db: Database, planId: string): Promise<boolean> {
  return isPlanPaid(await selectPaymentFacts(db, planId));
}

/**
 * Why a plan's journey and people may no longer change, or null while they may: a cancelled plan
 * is closed, and a paid plan is what the customer bought (issue 10 item 5).
 */
export async function planChangesRefused(db: Database, planId: string): Promise<string | null> {
  const [plan] = await db.select({ cancelledAt: plans.cancelledAt }).from(plans).where(eq(plans.id, planId));
  if (plan?.cancelledAt) return messages.planCancelled;
  return (await isPaid(db, planId)) ? messages.planPaidCannotChange : null;
}
