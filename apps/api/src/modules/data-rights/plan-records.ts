import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import {
  arrearsOutcomes,
  arrearsStatements,
  atNeedCases,
  legalDocumentAcceptances,
  planNotes,
  referralCodes,
  referrals,
} from "../../db/schema";

/**
 * What we hold of a plan beside its choices, people and money: the legal documents accepted for
 * it (each version and when), its referral code and a friend's code applied to it, where its
 * funeral stands once we were told of a death, and what was recorded when payments were missed
 * (each statement's outcome, when, and its note: about the customer, so theirs to see; not which
 * member of staff recorded it, as no staff member is named in the download, decision 031), and
 * the notes staff wrote about the plan (each with when, again without who). The customer's
 * "download my data" and the staff plan page (decision 031) both read it here.
 */
export async function planRecordsOf(db: Database, planId: string) {
  const [accepted, [code], [applied], [funeral], outcomes, notes] = await Promise.all([
    db
      .select()
      .from(legalDocumentAcceptances)
      .where(eq(legalDocumentAcceptances.planId, planId))
      .orderBy(asc(legalDocumentAcceptances.acceptedAt)),
    db.select().from(referralCodes).where(eq(referralCodes.referrerPlanId, planId)),
    db.select().from(referrals).where(eq(referrals.referreePlanId, planId)),
    db.select().from(atNeedCases).where(eq(atNeedCases.planId, planId)),
    db
      .select({ outcome: arrearsOutcomes, statementSentAt: arrearsStatements.sentAt })
      .from(arrearsOutcomes)
      .innerJoin(arrearsStatements, eq(arrearsStatements.id, arrearsOutcomes.arrearsStatementId))
      .where(eq(arrearsOutcomes.planId, planId))
      .orderBy(asc(arrearsOutcomes.recordedAt)),
    db
      .select({ text: planNotes.text, writtenAt: planNotes.createdAt })
      .from(planNotes)
      .where(eq(planNotes.planId, planId))
      .orderBy(asc(planNotes.createdAt), asc(planNotes.id)),
  ]);
  return {
    documentsAccepted: accepted.map((row) => ({
      docReference: row.docReference,
      version: row.version,
      acceptedAt: row.acceptedAt.toISOString(),
    })),
    referralCode: code?.code ?? null,
    referralApplied: applied ? { code: applied.code, appliedAt: applied.appliedAt.toISOString() } : null,
    // Where the funeral stands and when we were told; not what the person who told us wrote of
    // themselves, which is theirs.
    funeral: funeral ? { status: funeral.status, toldUsAt: funeral.createdAt.toISOString() } : null,
    arrearsOutcomes: outcomes.map(({ outcome, statementSentAt }) => ({
      statementSentAt: statementSentAt.toISOString(),
      outcome: outcome.outcome,
      recordedAt: outcome.recordedAt.toISOString(),
      note: outcome.note,
    })),
    notes: notes.map(({ text, writtenAt }) => ({ writtenAt: writtenAt.toISOString(), text })),
  };
}
