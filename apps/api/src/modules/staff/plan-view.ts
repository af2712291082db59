import type {
  StaffPlanPage,
  StaffPlanPeople,
  StaffPlanResendBody,
  StaffPlanTimelineEntry,
} from "@kindred/contracts";
import {
  arrearsOutcomeNames,
  atNeedCaseStatusLabels,
  deathConfirmationLabels,
  staffMessages,
} from "@kindred/domain";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import {
  accountEmailsSent,
  arrearsOutcomes,
  arrearsStatements,
  atNeedCaseEvents,
  atNeedCases,
  planStatements,
  staffMembers,
  users,
} from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import { planRecordsOf } from "../data-rights";
import { planBoughtAt, planOwner, selectPlanMoneyRows, type PaymentState } from "../payments";
import { selectPlanPeople, type PlanPeopleRow, type PlansService } from "../plans";
import { planActionsOf, recordStaffAction, type AuditContext } from "./audit-log";
import { planNotesOf } from "./plan-notes";
import { storedPlan } from "./stored-plan";

/**
 * A plan as staff read it (issue 24 item 4; docs/decisions/031-staff-back-office.md): each part
 * is the owning module's own answer (the plans module's priced plan, the payments module's money
 * state, the data-rights module's records of documents, referrals and funeral), read for the
 * plan's owner, with the notes and events in one timeline. The customer's answers about their
 * circumstances are never in it: `showCircumstances` answers them, recorded as its own action.
 */

/** What the database does not keep of the emails a plan's customer is sent. */
const emailsNotRecorded =
  "The plan's own emails (its confirmation, the Direct Debit notice, a cancellation, the funeral director's appointment) are sent without a record of when. No email's words are kept once it is sent.";

export interface PlanViewDependencies {
  db: Database;
  plans: PlansService;
  state: PaymentState;
}

const iso = (date: Date) => date.toISOString();

/** A person as the page shows them: as stored, without anything of their circumstances. */
function withoutCircumstances<T extends object | null>(person: T): T {
  if (!person) return person;
  const {
    vulnerabilities: _answers,
    vulnerabilityConsent: _consent,
    ...rest
  } = person as Record<string, unknown>;
  return rest as T;
}

/** The plan's four people as staff see them (never the customer's circumstances), with their version. */
export function staffPeopleOf(people: PlanPeopleRow | undefined): StaffPlanPeople {
  return {
    customer: withoutCircumstances(people?.customer ?? null),
    coveredPerson: people?.coveredPerson ?? null,
    nominee: people?.nominee ?? null,
    payer: people?.payer ?? null,
    updatedAt: people ? iso(people.updatedAt) : null,
  };
}

/** The emails staff can send again, as the timeline names them. */
const resentEmailNames: Record<StaffPlanResendBody["what"], string> = {
  "plan-confirmation": "the plan confirmation",
  "direct-debit-notice": "the Direct Debit notice",
};
/** The contact details staff can change for a customer, as the timeline names them. */
const contactFieldNames: Record<string, string> = {
  phone: "phone number",
  address: "address",
  preferredContactMethod: "how they prefer to be contacted",
};

/** The plan's page, recorded in the audit log (`plan.read`) before it is put together. */
export async function staffPlanPage(
  { db, plans, state }: PlanViewDependencies,
  audit: AuditContext,
  planId: string,
): Promise<StaffPlanPage> {
  const stored = await storedPlan(db, planId);
  await recordStaffAction(db, audit, { action: "plan.read", planId });
  const [user] = await db.select({ kind: users.kind }).from(users).where(eq(users.id, stored.userId));
  const owner = planOwner(stored.userId, "staff", user?.kind);
  // One at a time: PGlite's one connection serves them in turn anyway.
  const plan = await plans.getPlan(stored.userId, planId);
  const payments = await state.planPayments(owner, planId);
  const people = await selectPlanPeople(db, planId);
  const records = await planRecordsOf(db, planId);
  const moneyRows = await selectPlanMoneyRows(db, planId);
  const boughtAt = moneyRows ? planBoughtAt(moneyRows) : null;
  const accountEmails = await db
    .select()
    .from(accountEmailsSent)
    .where(eq(accountEmailsSent.userId, stored.userId))
    .orderBy(asc(accountEmailsSent.sentAt));
  const statements = await db
    .select()
    .from(planStatements)
    .where(eq(planStatements.planId, planId))
    .orderBy(asc(planStatements.anniversaryOn));
  const arrears = await db
    .select()
    .from(arrearsStatements)
    .where(eq(arrearsStatements.planId, planId))
    .orderBy(asc(arrearsStatements.sentAt));
  // Each missed-payments case's recorded outcome, with the member who recorded it by name.
  const outcomes = await db
    .select({ outcome: arrearsOutcomes, staffName: staffMembers.name })
    .from(arrearsOutcomes)
    .innerJoin(staffMembers, eq(staffMembers.id, arrearsOutcomes.recordedBy))
    .where(eq(arrearsOutcomes.planId, planId))
    .orderBy(asc(arrearsOutcomes.recordedAt));
  const [atNeed] = await db.select().from(atNeedCases).where(eq(atNeedCases.planId, planId));
  // Who: "informant" for a death told online, or the member of staff by name.
  const caseEvents = atNeed
    ? (
        await db
          .select({ event: atNeedCaseEvents, staffName: staffMembers.name })
          .from(atNeedCaseEvents)
          .leftJoin(staffMembers, sql`${staffMembers.id}::text = ${atNeedCaseEvents.by}`)
          .where(eq(atNeedCaseEvents.caseId, atNeed.id))
          .orderBy(asc(atNeedCaseEvents.at))
      ).map(({ event, staffName }) => ({ ...event, by: staffName ?? event.by }))
    : [];
  const notes = await planNotesOf(db, planId);
  const staffActions = await planActionsOf(db, planId, ["plan.resent", "plan.contact-details-changed"]);

  const event = (
    at: Date | string,
    kind: StaffPlanTimelineEntry["kind"],
    what: string,
    by: string | null = null,
    text: string | null = null,
  ): StaffPlanTimelineEntry => ({ at: typeof at === "string" ? at : iso(at), kind, what, by, text });
  const timeline: StaffPlanTimelineEntry[] = [
    event(stored.createdAt, "plan-started", "Plan started"),
    ...records.documentsAccepted.map((row) =>
      event(row.acceptedAt, "documents-accepted", `${row.docReference} version ${row.version}`),
    ),
    ...payments.payments.map((row) =>
      event(row.createdAt, "payment-made", `Card payment (${row.paymentOption}): ${row.status}`),
    ),
    ...(payments.directDebit
      ? [
          event(
            payments.directDebit.createdAt,
            "direct-debit-set-up",
            `Direct Debit ${payments.directDebit.reference}`,
          ),
        ]
      : []),
    ...(boughtAt ? [event(boughtAt, "bought", "Plan bought")] : []),
    ...(stored.cancelledAt ? [event(stored.cancelledAt, "cancelled", "Plan cancelled")] : []),
    ...arrears.map((row) =>
      event(
        row.sentAt,
        "arrears-statement-sent",
        `Arrears statement after ${row.missedCount} missed payments`,
      ),
    ),
    ...outcomes.map(({ outcome, staffName }) =>
      event(
        outcome.recordedAt,
        "arrears-outcome",
        arrearsOutcomeNames[outcome.outcome],
        staffName,
        outcome.note,
      ),
    ),
    ...statements.map((row) =>
      event(row.queuedAt, "plan-statement-sent", `Anniversary statement for ${row.anniversaryOn}`),
    ),
    ...accountEmails.map((row) => event(row.sentAt, "account-email-sent", row.kind)),
    ...caseEvents.map((row) =>
      row.kind === "opened" || row.kind === "told_again"
        ? event(
            row.at,
            "death-told",
            row.kind === "opened" ? "Told of a death" : "Told of the death again",
            row.by,
          )
        : row.kind === "said_not_right"
          ? event(row.at, "death-told", "Told us the report of the death is not right", row.by)
          : row.kind === "matched"
            ? event(
                row.at,
                "death-told",
                "Matched to this plan by staff: reported, not yet confirmed",
                row.by,
                row.note,
              )
            : event(
                row.at,
                "funeral-step",
                row.kind === "funeral_requested" && row.confirmedBy
                  ? `Death confirmed (${deathConfirmationLabels[row.confirmedBy].toLowerCase()}); funeral requested`
                  : atNeedCaseStatusLabels[row.kind],
                row.by,
                row.note,
              ),
    ),
    ...staffActions.map(({ at, action, detail, staffMemberName }) =>
      action === "plan.resent"
        ? event(
            at,
            "email-sent-again",
            resentEmailNames[detail.what as StaffPlanResendBody["what"]],
            staffMemberName,
          )
        : event(
            at,
            "contact-details-changed",
            ((detail.fields as string[] | undefined) ?? [])
              .map((field) => contactFieldNames[field] ?? field)
              .join(", "),
            staffMemberName,
          ),
    ),
    ...notes.map((note) => event(note.createdAt, "note", "Note", note.author, note.text)),
  ].sort((a, b) => b.at.localeCompare(a.at));

  return {
    planId,
    createdAt: iso(stored.createdAt),
    plan,
    payments,
    people: staffPeopleOf(people),
    circumstances: {
      told: people?.vulnerabilities != null,
      sharedAt: people?.vulnerabilityConsentAt ? iso(people.vulnerabilityConsentAt) : null,
    },
    documentsAccepted: records.documentsAccepted,
    referral: { code: records.referralCode, applied: records.referralApplied },
    emailsSent: {
      account: accountEmails.map((row) => ({ kind: row.kind, sentAt: iso(row.sentAt) })),
      planStatements: statements.map((row) => ({
        anniversaryOn: row.anniversaryOn,
        queuedAt: iso(row.queuedAt),
      })),
      arrearsStatements: arrears.map((row) => ({
        sentAt: iso(row.sentAt),
        missedCount: row.missedCount,
        owed: row.owedPence,
        catchUpBy: row.catchUpBy,
      })),
      notRecorded: emailsNotRecorded,
    },
    atNeedCase: atNeed
      ? {
          id: atNeed.id,
          status: atNeed.status,
          toldUsAt: iso(atNeed.createdAt),
          dateOfDeath: atNeed.notification.dateOfDeath.iso8601,
          events: caseEvents.map((row) => ({ kind: row.kind, by: row.by, note: row.note, at: iso(row.at) })),
        }
      : null,
    timeline,
  };
}

/**
 * The customer's answers about their circumstances, only when they agreed to share them (404
 * otherwise, saying so); recorded as `plan.circumstances.shown` before they are answered, without
 * the answers themselves.
 */
export async function showCircumstances(db: Database, audit: AuditContext, planId: string) {
  await storedPlan(db, planId);
  const people = await selectPlanPeople(db, planId);
  if (!people?.vulnerabilities || !people.vulnerabilityConsentAt) {
    throw new ViolationError([{ propertyPath: "plan", title: staffMessages.circumstancesNotShared }], 404);
  }
  await recordStaffAction(db, audit, { action: "plan.circumstances.shown", planId });
  return { vulnerabilities: people.vulnerabilities, sharedAt: iso(people.vulnerabilityConsentAt) };
}
