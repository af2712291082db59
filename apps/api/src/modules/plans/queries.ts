import { randomBytes } from "node:crypto";
import { planReferenceFromRandomBytes, planReferenceRandomLength } from "@kindred/domain";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { plans } from "../../db/schema";

export type PlanRow = typeof plans.$inferSelect;
export type PlanContent = Pick<
  typeof plans.$inferInsert,
  "journey" | "priceData" | "planningJourneyData" | "saveUnfinishedJourney" | "agreedPrice"
>;

/** How many references are drawn before giving up: with 32^8 of them, a second is already rare. */
const referenceDraws = 5;

/**
 * A new plan, with a new short reference (decision 045). The references' unique index says
 * whether one is already held; one that is (about one in a million million) is drawn again.
 * `on conflict do nothing` rather than catching the error, so this also works inside a
 * transaction, which a failed statement would end.
 */
export async function insertPlan(
  db: Database,
  userId: string,
  content: PlanContent,
  randomReference: () => string = () => planReferenceFromRandomBytes(randomBytes(planReferenceRandomLength)),
): Promise<PlanRow> {
  for (let draw = 0; draw < referenceDraws; draw += 1) {
    const [plan] = await db
      .insert(plans)
      .values({ userId, reference: randomReference(), ...content })
      .onConflictDoNothing({ target: plans.reference })
      .returning();
    if (plan) return plan;
  }
  throw new Error(`Creating a plan found ${referenceDraws} references in a row already held`);
}

/**
 * The plan's short reference (decision 045), as every email, document and screen shows it, for a
 * reader that is not the customer (a job, a member of staff); undefined for no such plan.
 */
export async function selectPlanReference(db: Database, planId: string): Promise<string | undefined> {
  const [plan] = await db.select({ reference: plans.reference }).from(plans).where(eq(plans.id, planId));
  return plan?.reference;
}

/** A plan, only when it belongs to `userId`: a plan id alone opens nothing. */
export async function selectOwnedPlan(
  db: Database,
  id: string,
  userId: string,
): Promise<PlanRow | undefined> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.userId, userId)));
  return plan;
}

/**
 * `selectOwnedPlan`, with the plan's row locked until the transaction `db` ends: a change that
 * depends on the plan's state (not cancelled, say) cannot be overtaken by another.
 */
export async function lockOwnedPlan(db: Database, id: string, userId: string): Promise<PlanRow | undefined> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.userId, userId)))
    .for("update");
  return plan;
}

/** The user's plans, the most recently saved first; at most `limit`. */
export async function selectPlansOf(db: Database, userId: string, limit: number): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(eq(plans.userId, userId))
    .orderBy(desc(plans.updatedAt), desc(plans.createdAt), desc(plans.id))
    .limit(limit);
}

/** How many plans the user holds. */
export async function countPlansOf(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(plans).where(eq(plans.userId, userId));
  return row?.count ?? 0;
}

/**
 * Saves over a plan the user owns, as its next version. With `version`, only if the plan is still
 * at that version (nobody saved it in between). Undefined when no such plan of theirs matched.
 */
export async function updateOwnedPlan(
  db: Database,
  id: string,
  userId: string,
  content: PlanContent,
  version?: number,
): Promise<PlanRow | undefined> {
  const [plan] = await db
    .update(plans)
    .set({ ...content, updatedAt: sql`now()`, version: sql`${plans.version} + 1` })
    .where(
      and(
        eq(plans.id, id),
        eq(plans.userId, userId),
        version === undefined ? undefined : eq(plans.version, version),
      ),
    )
    .returning();
  return plan;
}

/** Moves every plan of one user to another (a guest's plans to their new account); answers their ids. */
export async function transferPlans(db: Database, fromUserId: string, toUserId: string): Promise<string[]> {
  const moved = await db
    .update(plans)
    .set({ userId: toUserId })
    .where(eq(plans.userId, fromUserId))
    .returning({ id: plans.id });
  return moved.map((plan) => plan.id);
}
