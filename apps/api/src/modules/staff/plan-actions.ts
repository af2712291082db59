import type { CustomerContactDetailsBody, StaffPlanPeople, StaffPlanResendBody } from "@kindred/contracts";
import { staffMessages } from "@kindred/domain";
import { requestViolation } from "@kindred/contracts";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { ViolationError } from "../../plugins/error-handler";
import { queuePlanEmailAgain } from "../payments";
import { changeContactDetailsIn } from "../plans";
import { recordedWithin, recordStaffAction, type AuditContext } from "./audit-log";
import { staffPeopleOf } from "./plan-view";
import { storedPlan } from "./stored-plan";

/**
 * What an agent does for a caller (issue 24 item 2; decision 031): changing the customer's
 * contact details on their behalf, and sending a plan's email again. Each change and its audit
 * record commit together, or neither does.
 */

/** The people's version as an entity tag: their time of change. */
export const peopleEntityTag = (updatedAt: string) => `"${updatedAt}"`;

/** The time of change an `If-Match` header names (`"…"` or `W/"…"`), or null without one. */
function versionOf(ifMatch: string | undefined): string | null {
  const match = /^(?:W\/)?"([^"]+)"$/.exec(ifMatch?.trim() ?? "");
  return match?.[1] ?? null;
}

/** The same JSON whatever the order of its keys, to compare what was stored with what is sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The customer's phone number, address and preferred way of contact, changed as their own
 * account changes them (the plans module's rule: not on a cancelled plan), only over the version
 * the member of staff saw (`If-Match`, the people's `updatedAt`): 428 without one, 412 when they
 * changed meanwhile. Recorded as `plan.contact-details-changed` with the names of the fields that
 * changed, never their values.
 */
export async function changeContactDetailsForCustomer(
  db: Database,
  audit: AuditContext,
  planId: string,
  contact: CustomerContactDetailsBody,
  ifMatch: string | undefined,
): Promise<StaffPlanPeople> {
  const plan = await storedPlan(db, planId);
  const expected = versionOf(ifMatch);
  if (!expected) {
    throw new ViolationError([requestViolation(staffMessages.contactDetailsVersionNeeded)], 428);
  }
  const after = await db.transaction(async (transaction) => {
    const changed = await changeContactDetailsIn(transaction, plan.userId, planId, contact, (before) => {
      if (before.updatedAt.toISOString() !== expected) {
        throw new ViolationError([requestViolation(staffMessages.contactDetailsChangedMeanwhile)], 412);
      }
    });
    const fields = (["phone", "address", "preferredContactMethod"] as const).filter(
      (field) => canonical(changed.before.customer[field]) !== canonical(contact[field]),
    );
    await recordStaffAction(transaction, audit, {
      action: "plan.contact-details-changed",
      planId,
      detail: { fields },
    });
    return changed.after;
  });
  return staffPeopleOf(after);
}

/** How long after an email is sent again the same email is refused: a double click sends it once. */
const resendAgainAfterSeconds = 60;

/**
 * Sends one of the plan's emails again through the plan's durable email queue (the payments
 * module's `queuePlanEmailAgain`), recorded as `plan.resent` in the same transaction; 409 when the
 * plan is cancelled or has no email of that kind, or when the same email was sent again within the
 * last minute (by anyone: a double click, or two members on one call). Resends of one plan's email
 * take turns on a transaction lock, so two at once cannot both see none before them.
 */
export async function resendPlanEmail(
  db: Database,
  jobQueue: JobQueue,
  audit: AuditContext,
  planId: string,
  { what }: StaffPlanResendBody,
): Promise<{ what: StaffPlanResendBody["what"] }> {
  const plan = await storedPlan(db, planId);
  if (plan.cancelledAt) {
    throw new ViolationError([{ propertyPath: "what", title: staffMessages.resendPlanCancelled }], 409);
  }
  await db.transaction(async (transaction) => {
    await transaction.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`plan.resent:${planId}:${what}`}))`,
    );
    const justSent = await recordedWithin(
      transaction,
      { action: "plan.resent", planId, detail: { what } },
      resendAgainAfterSeconds,
    );
    if (justSent) {
      throw new ViolationError([{ propertyPath: "what", title: staffMessages.resentJustNow }], 409);
    }
    if (!(await queuePlanEmailAgain(transaction, jobQueue, planId, what))) {
      throw new ViolationError([{ propertyPath: "what", title: staffMessages.nothingToResend }], 409);
    }
    await recordStaffAction(transaction, audit, { action: "plan.resent", planId, detail: { what } });
  });
  return { what };
}
