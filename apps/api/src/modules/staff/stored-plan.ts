import { eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { plans } from "../../db/schema";
import { noSuchPlan } from "../plans";

/** A plan as stored, whoever's it is, or 404 as the customer's own routes answer for one not there. */
export async function storedPlan(db: Database, planId: string) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!plan) throw noSuchPlan();
  return plan;
}
