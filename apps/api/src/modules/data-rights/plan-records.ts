import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { atNeedCases, legalDocumentAcceptances, referralCodes, referrals } from "../../db/schema";

/**
 * What we hold of a plan beside its choices, people and money: the legal documents accepted for
 * it (each version and when), its referral code and a friend's code applied to it, and where its
 * funeral stands once we were told of a death. The customer's "download my data" and the staff
 * plan page (decision 031) both read it here.
 */
export async function planRecordsOf(db: Database, planId: string) {
  const [accepted, [code], [applied], [funeral]] = await Promise.all([
    db
      .select()
      .from(legalDocumentAcceptances)
      .where(eq(legalDocumentAcceptances.planId, planId))
      .orderBy(asc(legalDocumentAcceptances.acceptedAt)),
    db.select().from(referralCodes).where(eq(referralCodes.referrerPlanId, planId)),
    db.select().from(referrals).where(eq(referrals.referreePlanId, planId)),
    db.select().from(atNeedCases).where(eq(atNeedCases.planId, planId)),
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
  };
}
