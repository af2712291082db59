import { eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { plans, referralCodes, referrals } from "../../db/schema";

/** A plan's own code; undefined until one is made. */
export async function selectCodeOfPlan(db: Database, planId: string) {
  const [row] = await db
    .select({ code: referralCodes.code, referrerPlanId: referralCodes.referrerPlanId })
    .from(referralCodes)
    .where(eq(referralCodes.referrerPlanId, planId));
  return row;
}

/**
 * Stores `code` as the plan's own, unless the plan already has one (or, very rarely, another plan
 * has this code): two requests at once both end at the one row, whichever of them wrote it.
 */
export async function insertCodeUnlessPresent(db: Database, planId: string, code: string): Promise<void> {
  await db.insert(referralCodes).values({ code, referrerPlanId: planId }).onConflictDoNothing();
}

/** A code, with the user and the cancellation of the plan it belongs to; undefined when nobody holds it. */
export async function selectCodeHolder(db: Database, code: string) {
  const [row] = await db
    .select({
      code: referralCodes.code,
      referrerPlanId: referralCodes.referrerPlanId,
      userId: plans.userId,
      cancelledAt: plans.cancelledAt,
    })
    .from(referralCodes)
    .innerJoin(plans, eq(plans.id, referralCodes.referrerPlanId))
    .where(eq(referralCodes.code, code));
  return row;
}

/** The code applied to a plan, and when; undefined when none is. */
export async function selectReferralOf(db: Database, referreePlanId: string) {
  const [row] = await db
    .select({ code: referrals.code, appliedAt: referrals.appliedAt })
    .from(referrals)
    .where(eq(referrals.referreePlanId, referreePlanId));
  return row;
}

/**
 * Applies `code` to a plan unless the plan already has a code; answers the stored row, or
 * undefined when another was there first (the primary key allows one per plan).
 */
export async function insertReferralUnlessPresent(db: Database, referreePlanId: string, code: string) {
  const [row] = await db
    .insert(referrals)
    .values({ referreePlanId, code })
    .onConflictDoNothing()
    .returning({ code: referrals.code, appliedAt: referrals.appliedAt });
  return row;
}
