import {
  arrearsCatchUpBy,
  arrearsStatementDue,
  isMissedCollection,
  sumPence,
  ukToday,
} from "@kindred/domain";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { arrearsStatements, collections, plans } from "../../db/schema";
import type { Mailer } from "../email";

/**
 * Missed instalments and the arrears statement (docs/decisions/016-payments.md): failed
 * collections are counted from the provider's events, and at two missed in a row (none collected
 * between them, FPCOB 2.3.5R: the domain's `arrearsStatementDue`) the customer is sent a statement
 * with 10 working days to catch up (FPCOB 2.3.6R's business days), again at each later miss in a
 * row, never twice for one count.
 */

/** Whom an arrears statement is written to. */
export interface ArrearsCustomer {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Missed instalments counted from the provider's events; at two in a row, a statement with 10 working days
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
  const wanted = await transaction
    .select()
    .from(collections)
    .where(and(eq(collections.planId, planId), eq(collections.wanted, true)))
    .orderBy(asc(collections.dueDate), asc(collections.number));
  const missed = wanted.filter((row) => isMissedCollection(row.status));
  const statements = await transaction
    .select()
    .from(arrearsStatements)
    .where(eq(arrearsStatements.planId, planId));
  const alreadyStated = Math.max(0, ...statements.map((statement) => statement.missedCount));
  if (!arrearsStatementDue(wanted, alreadyStated)) return;
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
      planReference: plan.reference,
      missed: missed.map((row) => ({ date: row.dueDate, amount: row.amountPence })),
      catchUpBy,
    },
    transaction,
  );
}
