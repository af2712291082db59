import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/database";
import { directDebitRequests, mandates } from "../../db/schema";
import type { DirectDebitProvider } from "./provider";

/**
 * The Direct Debit requests under way (`direct_debit_requests`; docs/decisions/023-plan-money.md):
 * the mandate is made with the provider inside the customer's request, because the account number
 * is never kept, so a crash after the provider made it and before we stored it would leave a
 * mandate only the provider knows of. Each request is written down first, under an id the
 * provider is given; one cut short is found again by that id and its mandate cancelled.
 */

/** How far before a request's first asking its mandate is looked for (the provider's clock may differ). */
const clockMargin = 10 * 60_000;

/**
 * Writes down (or, for the same Idempotency-Key, asks again under) the request, before the provider
 * is asked: the id is the one to give the provider. A request given up meanwhile starts afresh.
 */
export async function openDirectDebitRequest(
  db: Database,
  request: { planId: string; userId: string; idempotencyKey: string },
): Promise<string> {
  const sameKey = and(
    eq(directDebitRequests.userId, request.userId),
    eq(directDebitRequests.idempotencyKey, request.idempotencyKey),
    isNull(directDebitRequests.givenUpAt),
  );
  const [askedAgain] = await db
    .update(directDebitRequests)
    .set({ askedAt: new Date() })
    .where(sameKey)
    .returning({ id: directDebitRequests.id });
  if (askedAgain) return askedAgain.id;
  const [made] = await db
    .insert(directDebitRequests)
    .values({ id: randomUUID(), ...request })
    .onConflictDoNothing()
    .returning({ id: directDebitRequests.id });
  if (made) return made.id;
  // The same key twice at once: the other one's row.
  const [other] = await db.select({ id: directDebitRequests.id }).from(directDebitRequests).where(sameKey);
  if (!other) throw new Error("A Direct Debit request was neither made nor found");
  return other.id;
}

/** The request is finished: its mandate is stored, or it made none we keep. */
export async function closeDirectDebitRequest(db: Database, id: string): Promise<void> {
  await db.delete(directDebitRequests).where(eq(directDebitRequests.id, id));
}

/** How many cut-short requests one reconciliation pass gives up. */
const perPass = 50;

/**
 * The requests cut short (not asked since `before`, and not finished), and those given up before
 * whose follow-up did not finish (the provider did not answer).
 */
export function cutShortDirectDebitRequests(db: Database, before: Date) {
  return db
    .select()
    .from(directDebitRequests)
    .where(
      and(
        isNull(directDebitRequests.closedAt),
        or(isNotNull(directDebitRequests.givenUpAt), lt(directDebitRequests.askedAt, before)),
      ),
    )
    .limit(perPass);
}

/**
 * Gives up one request cut short: a mandate the provider made for it that we never stored is
 * cancelled, so the customer's bank holds no instruction we know nothing of, and remembered, so
 * the provider's events about it are known. Only if the customer has not asked again since
 * `before`; from then on, asking again with the same key starts afresh. Throws if the provider does
 * not answer: the next pass carries on.
 */
export async function giveUpDirectDebitRequest({
  db,
  directDebit,
  request,
  before,
}: {
  db: Database;
  directDebit: DirectDebitProvider;
  request: typeof directDebitRequests.$inferSelect;
  before: Date;
}): Promise<void> {
  if (!request.givenUpAt) {
    const [givenUp] = await db
      .update(directDebitRequests)
      .set({ givenUpAt: new Date() })
      .where(
        and(
          eq(directDebitRequests.id, request.id),
          isNull(directDebitRequests.givenUpAt),
          lt(directDebitRequests.askedAt, before),
        ),
      )
      .returning({ id: directDebitRequests.id });
    if (!givenUp) return;
  }
  const found = await directDebit.findMandate(
    request.id,
    new Date(request.createdAt.getTime() - clockMargin),
  );
  const [stored] = found
    ? await db
        .select({ id: mandates.id })
        .from(mandates)
        .where(
          and(
            eq(mandates.provider, directDebit.name),
            eq(mandates.providerMandateId, found.providerMandateId),
          ),
        )
    : [];
  // Finished after all (stored, then cut short before the row was deleted), or never made.
  if (!found || stored) {
    await closeDirectDebitRequest(db, request.id);
    return;
  }
  await db
    .update(directDebitRequests)
    .set({ abandonedProviderMandateId: found.providerMandateId })
    .where(eq(directDebitRequests.id, request.id));
  if (found.status !== "cancelled" && found.status !== "failed") {
    await directDebit.cancelMandate(found.providerMandateId);
  }
  await db
    .update(directDebitRequests)
    .set({ closedAt: new Date() })
    .where(eq(directDebitRequests.id, request.id));
}

/**
 * A request refused after the provider made its mandate (the plan was cancelled or changed
 * meanwhile, say): the mandate is remembered as one we gave up, so the provider's events about it
 * are known rather than sent again and again, then cancelled with the provider, so nothing is ever
 * collected under it, and the request closed. A crash in between leaves the request given up but
 * not closed, and reconciliation finishes it.
 */
export async function abandonRefusedMandate(
  db: Database,
  directDebit: DirectDebitProvider,
  requestId: string,
  providerMandateId: string,
): Promise<void> {
  await db
    .update(directDebitRequests)
    .set({ givenUpAt: new Date(), abandonedProviderMandateId: providerMandateId })
    .where(eq(directDebitRequests.id, requestId));
  await directDebit.cancelMandate(providerMandateId);
  await db
    .update(directDebitRequests)
    .set({ closedAt: new Date() })
    .where(eq(directDebitRequests.id, requestId));
}

/** Whether a mandate is one the provider made for a request we gave up (and cancelled). */
export async function isAbandonedMandate(db: Database, providerMandateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: directDebitRequests.id })
    .from(directDebitRequests)
    .where(eq(directDebitRequests.abandonedProviderMandateId, providerMandateId));
  return row !== undefined;
}
