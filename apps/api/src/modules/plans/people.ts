import type { CustomerContactDetailsBody, PlanPeopleBody } from "@kindred/contracts";
import { hasToldUsCircumstances } from "@kindred/domain";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { planPeople } from "../../db/schema";

export type PlanPeopleRow = typeof planPeople.$inferSelect;

/**
 * Stores the people of a plan over whatever was there (one row per plan). The vulnerability
 * answers are kept only with the customer's consent, apart from the rest, and with the time they
 * consented; without anything to tell, nothing is kept.
 */
export async function storePlanPeople(db: Database, planId: string, people: PlanPeopleBody): Promise<void> {
  const { vulnerabilities, vulnerabilityConsent, ...customer } = people.customer;
  const keepCircumstances = vulnerabilityConsent && hasToldUsCircumstances(vulnerabilities);
  const row = {
    customer,
    coveredPerson: people.coveredPerson,
    nominee: people.nominee,
    payer: people.payer,
    vulnerabilities: keepCircumstances ? vulnerabilities : null,
    vulnerabilityConsentAt: keepCircumstances ? sql`now()` : null,
    updatedAt: sql`now()`,
  };
  await db
    .insert(planPeople)
    .values({ planId, ...row })
    .onConflictDoUpdate({ target: planPeople.planId, set: row });
}

export async function selectPlanPeople(db: Database, planId: string): Promise<PlanPeopleRow | undefined> {
  const [row] = await db.select().from(planPeople).where(eq(planPeople.planId, planId));
  return row;
}

/** The plan's people, locked until the transaction `db` ends. */
export async function lockPlanPeople(db: Database, planId: string): Promise<PlanPeopleRow | undefined> {
  const [row] = await db.select().from(planPeople).where(eq(planPeople.planId, planId)).for("update");
  return row;
}

/**
 * Puts the customer's new phone number, address and preferred way of contact over the stored
 * ones, leaving everything else about every person as it was. One statement (a JSON merge), so
 * nothing written in between is lost. Undefined when the plan has no people stored.
 */
export async function updateCustomerContactDetails(
  db: Database,
  planId: string,
  { phone, address, preferredContactMethod }: CustomerContactDetailsBody,
): Promise<PlanPeopleRow | undefined> {
  const contact = { phone, address, preferredContactMethod };
  const [row] = await db
    .update(planPeople)
    .set({
      customer: sql`${planPeople.customer} || ${JSON.stringify(contact)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(planPeople.planId, planId))
    .returning();
  return row;
}
