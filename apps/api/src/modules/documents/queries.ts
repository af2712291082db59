import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { legalDocumentAcceptances } from "../../db/schema";

export type AcceptanceRow = typeof legalDocumentAcceptances.$inferSelect;

export async function selectAcceptances(db: Database, planId: string): Promise<AcceptanceRow[]> {
  return db.select().from(legalDocumentAcceptances).where(eq(legalDocumentAcceptances.planId, planId));
}

/**
 * Records that a document was accepted at `version`. Accepting the version already accepted
 * changes nothing (its time stays the first acceptance's); a new version is accepted now.
 */
export async function recordAcceptance(
  db: Database,
  planId: string,
  docReference: string,
  version: string,
): Promise<void> {
  await db
    .insert(legalDocumentAcceptances)
    .values({ planId, docReference, version })
    .onConflictDoUpdate({
      target: [legalDocumentAcceptances.planId, legalDocumentAcceptances.docReference],
      set: { version, acceptedAt: sql`now()` },
      setWhere: ne(legalDocumentAcceptances.version, version),
    });
}

export async function withdrawAcceptance(db: Database, planId: string, docReference: string): Promise<void> {
  await db
    .delete(legalDocumentAcceptances)
    .where(
      and(
        eq(legalDocumentAcceptances.planId, planId),
        eq(legalDocumentAcceptances.docReference, docReference),
      ),
    );
}
