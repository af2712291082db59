import { normalisePlanReference, staffMessages } from "@kindred/domain";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/database";
import { planPeople, plans } from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import { planBoughtAt, selectPlanMoneyRows } from "../payments";
import { recordStaffAction, type AuditContext } from "./audit-log";

/**
 * Finding a plan (issue 24 item 4; docs/decisions/031-staff-back-office.md): by its short reference
 * (decision 045), or by part of its id, or of a name, email address, phone number or postcode of anyone in it, whatever the
 * case, against `plan_people.search_text` and its trigram index. Newest change first, a page at a
 * time; the next page starts after the last plan shown.
 */

const pageSize = 20;

/**
 * The words to look for, each as `search_text` holds it: lower-case; a phone number as its digits
 * in the national form (+44 7700 → 07700); anything else word by word, so "mk9 2hp" and "Edith
 * Price" each find what holds every word.
 */
function searchTerms(query: string): string[] {
  const trimmed = query.trim().toLowerCase();
  if (/^\+?[\d\s()-]{6,}$/.test(trimmed)) return [trimmed.replace(/\D/g, "").replace(/^44/, "0")];
  return trimmed.split(/\s+/).filter(Boolean);
}

const likeEscaped = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Where the next page starts: the last plan shown's time of change and id. */
function pageCursor(updatedAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([updatedAt.toISOString(), id])).toString("base64url");
}

function afterCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [string, string];
    return sql`(${plans.updatedAt}, ${plans.id}) < (${new Date(at).toISOString()}::timestamptz, ${id}::uuid)`;
  } catch {
    throw new ViolationError([{ propertyPath: "after", title: staffMessages.searchPageUnknown }]);
  }
}

type Person = { firstName?: string; lastName?: string; address?: { postcode?: string } | null } | null;
const nameOf = (person: Person) =>
  person ? `${person.firstName ?? ""} ${person.lastName ?? ""}`.trim() : null;

/** One page of the plans matching `query`, recorded in the audit log with what was typed. */
export async function searchPlans(
  db: Database,
  audit: AuditContext,
  { query, after }: { query: string; after?: string | undefined },
) {
  const terms = searchTerms(query);
  if (terms.join("").length < 3) {
    throw new ViolationError([{ propertyPath: "q", title: staffMessages.searchTooShort }]);
  }
  // A whole short reference, however it was typed ("knd 7q4m 2hx9", "7Q4M2HX9"), finds its plan
  // alone, on the references' unique index (decision 045); text that only looks like one (an
  // eight-letter name) that no plan holds is looked for as words.
  const reference = normalisePlanReference(query);
  const byReference = reference && !after ? await planWithReference(db, reference) : [];
  const rows = byReference.length > 0 ? byReference : await plansMatching(db, terms, after);
  const page = rows.slice(0, pageSize);
  await recordStaffAction(db, audit, {
    action: "plans.searched",
    detail: { query, found: page.length, plans: page.map((row) => row.id) },
  });
  const results = await Promise.all(
    page.map(async (row) => {
      const money = await selectPlanMoneyRows(db, row.id);
      const boughtAt = money ? planBoughtAt(money) : null;
      const customer = row.customer as Person;
      const covered = (row.coveredPerson as Person) ?? customer;
      return {
        planId: row.id,
        planReference: row.reference,
        customerName: nameOf(customer),
        coveredPersonName: nameOf(covered),
        postcode: covered?.address?.postcode ?? customer?.address?.postcode ?? null,
        status: row.funeralRequestedAt
          ? ("funeral_requested" as const)
          : row.cancelledAt
            ? ("cancelled" as const)
            : boughtAt
              ? ("bought" as const)
              : ("unfinished" as const),
        boughtOn: boughtAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  );
  const last = page.at(-1);
  return { results, next: rows.length > pageSize && last ? pageCursor(last.updatedAt, last.id) : null };
}

const foundColumns = {
  id: plans.id,
  reference: plans.reference,
  updatedAt: plans.updatedAt,
  createdAt: plans.createdAt,
  cancelledAt: plans.cancelledAt,
  funeralRequestedAt: plans.funeralRequestedAt,
  customer: planPeople.customer,
  coveredPerson: planPeople.coveredPerson,
};

/** The plan holding `reference`, with its people if it has any yet. */
function planWithReference(db: Database, reference: string) {
  return db
    .select(foundColumns)
    .from(plans)
    .leftJoin(planPeople, eq(planPeople.planId, plans.id))
    .where(eq(plans.reference, reference));
}

/** A page (and one more) of the plans whose people's words hold every term. */
function plansMatching(db: Database, terms: string[], after: string | undefined) {
  return db
    .select(foundColumns)
    .from(planPeople)
    .innerJoin(plans, eq(plans.id, planPeople.planId))
    .where(
      and(
        ...terms.map((term) => sql`${planPeople.searchText} like ${`%${likeEscaped(term)}%`}`),
        afterCursor(after),
      ),
    )
    .orderBy(desc(plans.updatedAt), desc(plans.id))
    .limit(pageSize + 1);
}
