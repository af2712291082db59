import { isPlanPaid, messages, purchaseMessages } from "@kindred/domain";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { plans, type MandateStatus, type PaymentStatus } from "../../db/schema";

/**
 * A payment that went through (refunded later or not: cancellation, not this rule, says the plan is
 * over), or went through and is disputed at the customer's bank, as the plan stands until the
 * dispute is decided (issue 46 item 5).
 */
export function isCompletedPayment(status: PaymentStatus): boolean {
  return status === "confirmed" || status === "disputed";
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

/** A json value as the driver gives it: parsed already, or its text (drizzle leaves json unparsed). */
function fromJson(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

/**
 * The plan's cancellation and its payment facts, in one statement (a plan's every save asks).
 * Answers undefined for an unknown plan.
 */
async function selectSettlementFacts(db: Database, planId: string) {
  // Written out in SQL: drizzle leaves a one-table query's columns unqualified, which inside these
  // subqueries would name the payment's own id rather than the plan's.
  const [row] = await db
    .select({
      cancelledAt: plans.cancelledAt,
      funeralRequestedAt: plans.funeralRequestedAt,
      payments: sql`coalesce((
        select json_agg(json_build_object('status', p.status, 'paymentOption', p.payment_option))
        from payments p where p.plan_id = "plans"."id" and (p.wanted or "plans"."cancelled_at" is not null or "plans"."funeral_requested_at" is not null)),
        '[]'::json)`.mapWith(fromJson),
      mandates: sql`coalesce((
        select json_agg(json_build_object('status', m.status))
        from mandates m where m.plan_id = "plans"."id" and (m.wanted or "plans"."cancelled_at" is not null or "plans"."funeral_requested_at" is not null)),
        '[]'::json)`.mapWith(fromJson),
    })
    .from(plans)
    .where(eq(plans.id, planId));
  if (!row) return undefined;
  const paymentRows = row.payments as { status: PaymentStatus; paymentOption: "full" | "deposit" }[];
  const mandateRows = (row.mandates as { status: MandateStatus }[]).filter((mandate) =>
    liveMandateStatuses.includes(mandate.status),
  );
  return {
    cancelledAt: row.cancelledAt,
    funeralRequestedAt: row.funeralRequestedAt,
    facts: paymentFactsOf(paymentRows, mandateRows),
  };
}

/** The same facts, read from the stored payments and mandates. */
async function selectPaymentFacts(db: Database, planId: string) {
  return (await selectSettlementFacts(db, planId))?.facts ?? paymentFactsOf([], []);
}

/** Whether a plan is paid for (SPEC.md section 4). */
export async function isPaid(db: Database, planId: string): Promise<boolean> {
  return isPlanPaid(await selectPaymentFacts(db, planId));
}

/**
 * Whether a plan is settled: cancelled (closed for good), its funeral requested (the plan is being
 * used), paid (what the customer bought), or neither (null). Changes to the journey and people,
 * and new charges, are refused on a settled plan, each with its own words.
 */
async function planSettlement(
  db: Database,
  planId: string,
): Promise<"cancelled" | "funeral_requested" | "paid" | null> {
  const settlement = await selectSettlementFacts(db, planId);
  if (!settlement) return null;
  if (settlement.funeralRequestedAt) return "funeral_requested";
  if (settlement.cancelledAt) return "cancelled";
  return isPlanPaid(settlement.facts) ? "paid" : null;
}

/**
 * Why a plan's journey and people may no longer change, or null while they may: a cancelled plan
 * is closed, and a paid plan is what the customer bought (issue 10 item 5).
 */
export async function planChangesRefused(db: Database, planId: string): Promise<string | null> {
  const settlement = await planSettlement(db, planId);
  const refusals = {
    cancelled: purchaseMessages.planCancelled,
    funeral_requested: messages.funeralRequested,
    paid: purchaseMessages.planPaidCannotChange,
  } as const;
  return settlement === null ? null : refusals[settlement];
}
