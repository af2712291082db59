import { arrearsCatchUpBy, sumPence, ukToday } from "@kindred/domain";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { arrearsStatements, collections, plans } from "../../db/schema";
import type { Mailer } from "../email";

/**
 * Missed instalments and the arrears statement (docs/decisions/016-payments.md): failed
 * collections are counted from the provider's events, and at two missed payments the customer is
 * sent a statement with 10 working days to catch up (FPCOB 2.3.6R's business days), again at each
 * later miss, never twice for one count.
 */

/** After this many missed instalments the customer is sent a statement (FPCOB). */
const missedPaymentsBeforeStatement = 2;

/** Whom an arrears statement is written to. */
export interface ArrearsCustomer {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Missed instalments counted from the provider's events; at two, a statement with 10 working days
 * to catch up (`arrearsCatchUpBy`, from the UK day it is sent), stored and emailed in `transaction`. The customer is read before it (inside one, PGlite's one
 * connection is taken); with none, the statement is stored and no email sent.
 */
export async function checkMissedPayments(
  transaction: Database,
  mailer: Mailer,
  { planId, customer, now }: { planId: string; customer: ArrearsCustomer | null; now: Date },
): Promise<void> {
  const [plan] = await transaction.select().from(plans).where(eq(plans.id, planId));
  if (!plan || plan.cancelledAt) return;
  const missed = await transaction
    .select()
    .from(collections)
    .where(
      and(eq(collections.planId, planId), eq(collections.status, "failed"), eq(collections.wanted, true)),
    )
    .orderBy(asc(collections.number));
  const statements = await transaction
    .select()
    .from(arrearsStatements)
    .where(eq(arrearsStatements.planId, planId));
  const alreadyStated = Math.max(0, ...statements.map((statement) => statement.missedCount));
  if (missed.length < missedPaymentsBeforeStatement || missed.length <= alreadyStated) return;
  const catchUpBy = arrearsCatchUpBy(ukToday(now));
  await transaction.insert(arrearsStatements).values({
    planId,
    missedCount: missed.length,
    owedPence: sumPence(missed.map((row) => row.amountPence)),
    catchUpBy,
  });
  if (!customer) return;
  await mailer.queue(
    {
      kind: "arrears-statement",
      to: { name: `${customer.firstName} ${customer.lastName}`, address: customer.email },
      firstName: customer.firstName,
      planReference: planId,
      missed: missed.map((row) => ({ date: row.dueDate, amount: row.amountPence })),
      catchUpBy,
    },
    transaction,
  );
}
