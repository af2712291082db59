import { and, desc, eq, lt } from "drizzle-orm";
import type { Database } from "../../db/database";
import { staffAuditEvents, staffMembers } from "../../db/schema";

/**
 * The staff audit log (docs/decisions/031-staff-back-office.md): one row for every look at
 * personal data and every action, written in the same transaction as the change, or before a
 * read is answered. Rows are never changed (a trigger refuses it).
 */

/** Who is acting and from where: one per request. `recorded` says an entry was written for it. */
export interface AuditContext {
  staffMemberId: string | null;
  fromAddress: string | null;
  recorded: boolean;
}

export interface AuditEntry {
  /** What was done or seen, as `area.verb`: `staff.invited`, `plan.read`, `plan.circumstances.shown`. */
  action: string;
  planId?: string | null;
  /** What was seen or changed, by name (fields, statuses, amounts): never the personal data itself. */
  detail?: Record<string, unknown>;
  /** For an entry about someone not yet signed in (an invitation accepted, a sign-in refused). */
  staffMemberId?: string | null;
}

export async function recordStaffAction(
  db: Database,
  context: AuditContext,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(staffAuditEvents).values({
    staffMemberId: entry.staffMemberId === undefined ? context.staffMemberId : entry.staffMemberId,
    action: entry.action,
    planId: entry.planId ?? null,
    detail: entry.detail ?? {},
    fromAddress: context.fromAddress,
  });
  context.recorded = true;
}

/** A page of the log, newest first: the events with an id below `before`, at most `limit`. */
export async function auditLogPage(db: Database, { before, limit }: { before?: number; limit: number }) {
  const rows = await db
    .select({
      id: staffAuditEvents.id,
      at: staffAuditEvents.at,
      staffMemberId: staffAuditEvents.staffMemberId,
      staffMemberName: staffMembers.name,
      action: staffAuditEvents.action,
      planId: staffAuditEvents.planId,
      detail: staffAuditEvents.detail,
      fromAddress: staffAuditEvents.fromAddress,
    })
    .from(staffAuditEvents)
    .leftJoin(staffMembers, eq(staffMembers.id, staffAuditEvents.staffMemberId))
    .where(and(before === undefined ? undefined : lt(staffAuditEvents.id, before)))
    .orderBy(desc(staffAuditEvents.id))
    .limit(limit + 1);
  const events = rows.slice(0, limit).map((row) => ({ ...row, at: row.at.toISOString() }));
  return { events, nextBefore: rows.length > limit ? (events.at(-1)?.id ?? null) : null };
}
