import type { DeathNotification } from "@kindred/contracts";
import { normaliseEmail } from "@kindred/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { planPeople, plans } from "../../db/schema";
import { planBoughtAt, selectPlanMoneyRows } from "../payments";

/**
 * Which bought plan, if any, a death told to us is about (docs/decisions/028-telling-us-of-a-death.md):
 * the person covered's date of birth and last name, and either the plan reference or the postcode
 * of their home. First names are not compared (Bill and William are one man). A plan is matched
 * only when exactly one bought, uncancelled plan fits: anything less certain is for staff.
 */

/** A name as compared: accents, case, punctuation and spacing set aside ("O'Brien" is "o brien"). */
function comparableName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim();
}

type PeopleRow = Pick<typeof planPeople.$inferSelect, "customer" | "coveredPerson">;

/** The person a plan covers: someone else, or the customer themself. */
export function coveredBy(people: PeopleRow) {
  return people.coveredPerson ?? people.customer;
}

/** A plan's people as stored: the customer, the person covered (if someone else) and the nominee. */
export async function storedPeople(db: Database, planId: string) {
  const [people] = await db.select().from(planPeople).where(eq(planPeople.planId, planId));
  return people;
}

/**
 * Whom we write to about a death under the plan: the person the customer named for us to speak
 * to, or else the customer when the plan covered someone else; nobody when the customer was the
 * person covered and named nobody (then we call whoever told us).
 */
export function namedPersonOf(
  people: Pick<typeof planPeople.$inferSelect, "customer" | "coveredPerson" | "nominee">,
) {
  return people.nominee ?? (people.coveredPerson ? people.customer : null);
}

/** Whether whoever told us is the person named on the plan: the same email address. */
export function toldByTheNamedPerson(named: { email: string } | null, informantEmail: string): boolean {
  return named !== null && normaliseEmail(named.email) === normaliseEmail(informantEmail);
}

/** The postcode of the covered person's home, as stored (Royal Mail's form). */
function homePostcode(people: PeopleRow): string | undefined {
  const { coveredPerson, customer } = people;
  if (!coveredPerson || coveredPerson.isSameAddressAsCustomer === "yes") return customer.address.postcode;
  return coveredPerson.address?.postcode;
}

export interface MatchedPlan {
  planId: string;
  userId: string;
}

export async function matchingPlan(
  db: Database,
  notification: DeathNotification,
): Promise<MatchedPlan | null> {
  const { person } = notification;
  const rows = await db
    .select({
      planId: plans.id,
      reference: plans.reference,
      userId: plans.userId,
      customer: planPeople.customer,
      coveredPerson: planPeople.coveredPerson,
    })
    .from(plans)
    .innerJoin(planPeople, eq(planPeople.planId, plans.id))
    .where(
      and(
        isNull(plans.cancelledAt),
        sql`coalesce(${planPeople.coveredPerson}, ${planPeople.customer}) -> 'dateOfBirth' ->> 'iso8601' = ${person.dateOfBirth.iso8601}`,
      ),
    );
  const fits = rows.filter(
    (row) =>
      comparableName(coveredBy(row).lastName) === comparableName(person.lastName) &&
      // The short reference, or the plan's id from a letter sent before there was one.
      ((person.planReference !== "" &&
        (person.planReference === row.reference || person.planReference === row.planId)) ||
        (person.postcode !== "" && person.postcode === homePostcode(row))),
  );
  const bought: MatchedPlan[] = [];
  for (const fit of fits) {
    const money = await selectPlanMoneyRows(db, fit.planId);
    if (money && planBoughtAt(money)) bought.push({ planId: fit.planId, userId: fit.userId });
  }
  return bought.length === 1 ? (bought[0] ?? null) : null;
}
