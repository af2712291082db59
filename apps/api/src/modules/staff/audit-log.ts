import { ownAccountReadAction, type StaffAuditQuery } from "@kindred/contracts";
import { normalisePlanReference } from "@kindred/domain";
import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/database";
import { plans, staffAuditEvents, staffMembers } from "../../db/schema";

/**
 * The staff audit log (docs/decisions/031-staff-back-office.md): one row for every look at
 * personal data and every action, written in the same transaction as the change, or before a
 * read is answered. Rows are never changed (a trigger refuses it). Refusals are recorded too: a
 * staff route's 403 or 409 (`refusals.ts`, written apart from the refused change, which is rolled
 * back) and each refused or locked sign-in, which is by nobody: the account tried is its subject.
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
  /** For an entry about someone not yet signed in (an invitation opened or accepted, a sign-in). */
  staffMemberId?: string | null;
  /**
   * The account a refused sign-in tried (kept as `detail.attemptedAccount`): its subject, never
   * its "who", which is nobody, as whoever typed the address is not known.
   */
  attemptedAccount?: string;
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
    detail: {
      ...entry.detail,
      ...(entry.attemptedAccount === undefined ? {} : { attemptedAccount: entry.attemptedAccount }),
    },
    fromAddress: context.fromAddress,
  });
  context.recorded = true;
}

/**
 * Whether `action` was recorded for the plan, with `detail` among its details, within the last
 * `seconds`. In a transaction that holds a lock for the action, an answer no other can change
 * before the transaction records its own.
 */
export async function recordedWithin(
  db: Database,
  { action, planId, detail }: { action: string; planId: string; detail: Record<string, unknown> },
  seconds: number,
): Promise<boolean> {
  const [recent] = await db
    .select({ id: staffAuditEvents.id })
    .from(staffAuditEvents)
    .where(
      and(
        eq(staffAuditEvents.planId, planId),
        eq(staffAuditEvents.action, action),
        sql`${staffAuditEvents.detail} @> ${JSON.stringify(detail)}::jsonb`,
        gt(staffAuditEvents.at, sql`now() - make_interval(secs => ${seconds})`),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

/** The plan's entries for `actions`, oldest first, each with who did it by name. */
export async function planActionsOf(db: Database, planId: string, actions: readonly string[]) {
  return db
    .select({
      at: staffAuditEvents.at,
      action: staffAuditEvents.action,
      detail: staffAuditEvents.detail,
      staffMemberName: staffMembers.name,
    })
    .from(staffAuditEvents)
    .leftJoin(staffMembers, eq(staffMembers.id, staffAuditEvents.staffMemberId))
    .where(and(eq(staffAuditEvents.planId, planId), inArray(staffAuditEvents.action, [...actions])))
    .orderBy(asc(staffAuditEvents.id));
}

const attemptedAccounts = alias(staffMembers, "attempted_accounts");

/**
 * A page of the log, newest first: the events with an id below `before`, at most `limit`, each
 * with the name of who did it, the plan's short reference (decision 045) and the name of the
 * account a refused sign-in tried. Filtered by who, what, the plan and the UK days from and to;
 * a member opening the back office (`staff.own-account-read`) only when asked for, by
 * `ownAccountReads` or by choosing it as what was done (issue 50 item 13).
 */
export async function auditLogPage(
  db: Database,
  { before, limit, who, action, plan, from, to, ownAccountReads }: StaffAuditQuery,
) {
  // The day an entry was made, in the UK, as staff read it.
  const ukDay = sql`(${staffAuditEvents.at} at time zone 'Europe/London')::date`;
  const planReference = plan === undefined ? null : normalisePlanReference(plan);
  const rows = await db
    .select({
      id: staffAuditEvents.id,
      at: staffAuditEvents.at,
      staffMemberId: staffAuditEvents.staffMemberId,
      staffMemberName: staffMembers.name,
      action: staffAuditEvents.action,
      planId: staffAuditEvents.planId,
      planReference: plans.reference,
      detail: staffAuditEvents.detail,
      fromAddress: staffAuditEvents.fromAddress,
      attemptedAccountName: attemptedAccounts.name,
    })
    .from(staffAuditEvents)
    .leftJoin(staffMembers, eq(staffMembers.id, staffAuditEvents.staffMemberId))
    .leftJoin(plans, eq(plans.id, staffAuditEvents.planId))
    .leftJoin(
      attemptedAccounts,
      sql`${attemptedAccounts.id}::text = ${staffAuditEvents.detail} ->> 'attemptedAccount'`,
    )
    .where(
      and(
        before === undefined ? undefined : lt(staffAuditEvents.id, before),
        who === undefined ? undefined : eq(staffAuditEvents.staffMemberId, who),
        action === undefined ? undefined : eq(staffAuditEvents.action, action),
        // The contract let through only a reference that reads as one.
        planReference === null ? undefined : eq(plans.reference, planReference),
        from === undefined ? undefined : sql`${ukDay} >= ${from}::date`,
        to === undefined ? undefined : sql`${ukDay} <= ${to}::date`,
        ownAccountReads === "shown" || action === ownAccountReadAction
          ? undefined
          : ne(staffAuditEvents.action, ownAccountReadAction),
      ),
    )
    .orderBy(desc(staffAuditEvents.id))
    .limit(limit + 1);
  const events = rows.slice(0, limit).map((row) => ({ ...row, at: row.at.toISOString() }));
  return { events, nextBefore: rows.length > limit ? (events.at(-1)?.id ?? null) : null };
}
