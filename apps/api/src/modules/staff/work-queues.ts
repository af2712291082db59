import {
  atNeedDueBy,
  atNeedQueueStages,
  directDebitEndedDueBy,
  directDebitEndedFollowUpWorkingDays,
  type AtNeedCaseStatus,
  type AtNeedQueueStage,
  funeralDirectorDueBy,
  funeralDirectorNamedWithinDays,
  funeralStepProblem,
  moneyHeld,
  guideFollowUpDueBy,
  guideFollowUpWithinWorkingDays,
  purchaseMessages,
  refundDueBy,
  refundWithinDays,
  staffMessages,
  ukToday,
  type RefundStatus,
} from "@kindred/domain";
import {
  staffQueuePageSize,
  type ArrearsOutcomeBody,
  type MoveAtNeedCaseBody,
  type StaffAtNeedQueueQuery,
  type StaffRefundStatus,
} from "@kindred/contracts";
import { and, asc, desc, eq, exists, inArray, isNull, max, notExists, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import {
  arrearsOutcomes,
  arrearsStatements,
  collections,
  mandates,
  payments,
  atNeedCaseEvents,
  atNeedCases,
  doNotContact,
  enquiries,
  funeralDirectorAppointments,
  funeralDirectorBranches,
  planPeople,
  plans,
  refunds,
  staffMembers,
} from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import type { AtNeedForStaff } from "../at-need";
import { applyMoneyEvent, planMoneyOf, planMoneyQueue, selectPlanMoneyRows } from "../payments";
import { recordStaffAction, type AuditContext } from "./audit-log";

/**
 * The staff work queues (issue 24 item 5; docs/decisions/031-staff-back-office.md): what needs
 * doing, a page at a time, soonest deadline first, each item with its deadline and how it is
 * worked out. Each look is recorded (`queue.<name>.read`) before it is answered; each action in
 * the transaction that makes it. Nothing of money is written here: a refund is sent again through
 * the plan money state machine and its queued, idempotent provider call.
 */

/** One page of a queue: `limit` one more than a page, so the next page is known to exist. */
const pageOf = (page: number) => ({ limit: staffQueuePageSize + 1, offset: (page - 1) * staffQueuePageSize });

/**
 * A page of a queue's rows as items, once the look is recorded (`queue.<name>.read`) with the page
 * and what it showed, by reference (plans, cases, enquiries): never the personal data itself.
 */
async function recordedPage<Row, Item>(
  db: Database,
  audit: AuditContext,
  {
    queue,
    page,
    rows,
    filters = {},
  }: { queue: string; page: number; rows: Row[]; filters?: Record<string, unknown> },
  shown: (row: Row) => string,
  toItem: (row: Row) => Item,
) {
  const onPage = rows.slice(0, staffQueuePageSize);
  await recordStaffAction(db, audit, {
    action: `queue.${queue}.read`,
    detail: { page, ...filters, shown: onPage.map(shown) },
  });
  return {
    items: onPage.map(toItem),
    page,
    nextPage: rows.length > staffQueuePageSize ? page + 1 : null,
  };
}

type Person = { firstName?: string; lastName?: string } | null;
const nameOf = (person: Person) =>
  person ? `${person.firstName ?? ""} ${person.lastName ?? ""}`.trim() || null : null;

// Refunds ---------------------------------------------------------------------------------------

/** The latest provider call queued for a refund: its job's state and how often it failed. */
const latestRefundJob = (of: SQL) => sql`(
  select json_build_object('state', job.state, 'retries', job.retry_count)
  from pgboss.job as job
  where job.name = ${planMoneyQueue}
    and job.data -> 'effect' ->> 'type' = 'refund'
    and job.data -> 'effect' ->> 'of' = ${of}
  order by job.created_on desc
  limit 1
)`;

interface RefundJob {
  state: string;
  retries: number;
}

/**
 * Where a refund stands, from its row and its latest queued call: a call waiting or in hand is
 * `owed`, one that failed and waits to be tried again `failed_retrying`, one done `sent_to_provider`
 * (the provider's confirmation, or reconciliation, makes it refunded). No call in hand (given up
 * after its tries, or gone from the queue while the refund is still owed) is `given_up`.
 */
function refundStatusOf(
  refund: { status: RefundStatus },
  job: RefundJob | null,
  takenBackByBank: boolean,
): StaffRefundStatus {
  // The customer's bank gave the money back (a charge back, an indemnity claim; issue 46 item 5).
  if (refund.status === "withdrawn") return "withdrawn_by_bank";
  if (refund.status === "refunded") return takenBackByBank ? "repaid_twice" : "refunded";
  // The provider took the call but could not give the money back (issue 46 item 3).
  if (refund.status === "failed") return "failed_at_provider";
  if (!job) return "given_up";
  if (job.state === "created" || job.state === "active") return "owed";
  if (job.state === "retry") return "failed_retrying";
  if (job.state === "completed") return "sent_to_provider";
  return "given_up";
}

const refundOf = sql`coalesce(${refunds.paymentId}, ${refunds.collectionId})::text`;

/** Whether the customer's bank took back the money a refund gives back (issue 46 item 5). */
const refundTakenBackByBank = sql<boolean>`(exists (select 1 from ${payments} where ${payments.id} = ${refunds.paymentId} and ${payments.status} = 'charged_back')
  or exists (select 1 from ${collections} where ${collections.id} = ${refunds.collectionId} and ${collections.status} = 'charged_back'))`;

async function refundRows(db: Database, where: SQL | undefined, page = 1) {
  const { limit, offset } = pageOf(page);
  return db
    .select({
      refund: refunds,
      planReference: plans.reference,
      customer: planPeople.customer,
      job: sql<RefundJob | null>`${latestRefundJob(refundOf)}`,
      takenBackByBank: refundTakenBackByBank,
    })
    .from(refunds)
    .innerJoin(plans, eq(plans.id, refunds.planId))
    .leftJoin(planPeople, eq(planPeople.planId, refunds.planId))
    .where(where)
    .orderBy(sql`${refunds.status} = 'refunded'`, asc(refunds.createdAt), asc(refunds.id))
    .limit(limit)
    .offset(offset);
}

type RefundRow = Awaited<ReturnType<typeof refundRows>>[number];

function refundItem({ refund, planReference, customer, job, takenBackByBank }: RefundRow) {
  const status = refundStatusOf(refund, job, takenBackByBank);
  return {
    refundId: refund.id,
    planId: refund.planId,
    planReference,
    customerName: nameOf(customer as Person),
    amountPence: refund.amountPence,
    of: refund.paymentId ? ("card_payment" as const) : ("collection" as const),
    owedSince: refund.createdAt.toISOString(),
    deadline: refundDueBy(refund.createdAt).toISOString(),
    deadlineRule: `${refundWithinDays} days from when the refund became owed (the cancellation, or a payment taken after it)`,
    status,
    // pg-boss counts a retry when it starts it: a call waiting to be tried again, or given up, failed once more.
    failedAttempts:
      status === "refunded" || !job
        ? 0
        : job.retries + (job.state === "retry" || job.state === "failed" ? 1 : 0),
    maySendAgain: status === "given_up" || status === "failed_at_provider",
    failureReason: status === "failed_at_provider" ? (refund.failureReason ?? "refund_failed") : null,
    mayRecordTransfer: status === "failed_at_provider",
    transferReference: refund.transferReference,
    refundedAt: refund.refundedAt?.toISOString() ?? null,
  };
}

/**
 * Refunds owed or failed, those repaid twice (for finance to recover), and those confirmed or
 * withdrawn by the customer's bank in the last `refundWithinDays` days; owed first, by deadline.
 */
export async function refundsQueue(db: Database, audit: AuditContext, page: number) {
  const rows = await refundRows(
    db,
    or(
      inArray(refunds.status, ["owed", "failed"]),
      and(eq(refunds.status, "refunded"), refundTakenBackByBank),
      sql`${refunds.refundedAt} > now() - make_interval(days => ${refundWithinDays})`,
      and(
        eq(refunds.status, "withdrawn"),
        sql`${refunds.createdAt} > now() - make_interval(days => ${refundWithinDays})`,
      ),
    ),
    page,
  );
  return recordedPage(db, audit, { queue: "refunds", page, rows }, (row) => row.refund.planId, refundItem);
}

/**
 * Sends a refund the provider's queued call gave up on to the provider again, through the plan
 * money state machine (`send_refund_again`), with the plan's row locked: of two calls at once, the
 * second finds the first's call in hand and sends nothing. The provider call is keyed by the
 * refund, so the money is given back once however often it is asked.
 */
export async function sendRefundAgain(
  db: Database,
  jobQueue: JobQueue,
  audit: AuditContext,
  refundId: string,
) {
  const [found] = await db.select({ planId: refunds.planId }).from(refunds).where(eq(refunds.id, refundId));
  if (!found)
    throw new ViolationError([{ propertyPath: "refundId", title: staffMessages.noSuchRefund }], 404);
  await db.transaction(async (transaction) => {
    await transaction.select({ id: plans.id }).from(plans).where(eq(plans.id, found.planId)).for("update");
    const [row] = await refundRows(transaction, eq(refunds.id, refundId));
    const status = refundStatusOf(row!.refund, row!.job, row!.takenBackByBank);
    if (status === "refunded") {
      throw new ViolationError(
        [{ propertyPath: "refundId", title: purchaseMessages.refundAlreadyRefunded }],
        409,
      );
    }
    if (status !== "given_up" && status !== "failed_at_provider") {
      throw new ViolationError(
        [{ propertyPath: "refundId", title: staffMessages.refundStillBeingSent }],
        409,
      );
    }
    const of = (row!.refund.paymentId ?? row!.refund.collectionId)!;
    await applyMoneyEvent(transaction, jobQueue, found.planId, {
      cause: "staff",
      type: "send_refund_again",
      of,
    });
    await recordStaffAction(transaction, audit, {
      action: "refund.sent-again",
      planId: found.planId,
      detail: { refundId, amountPence: row!.refund.amountPence },
    });
  });
  const [row] = await refundRows(db, eq(refunds.id, refundId));
  return refundItem(row!);
}

/**
 * Records a refund that failed at the provider as repaid by bank transfer (issue 46 item 3), through
 * the plan money state machine (`refund_paid_by_transfer`) with the plan's row locked: of two
 * presses at once, the second finds it refunded and is refused. Audited with the reference.
 */
export async function recordRefundPaidByTransfer(
  db: Database,
  jobQueue: JobQueue,
  audit: AuditContext,
  refundId: string,
  reference: string,
) {
  const [found] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!found)
    throw new ViolationError([{ propertyPath: "refundId", title: staffMessages.noSuchRefund }], 404);
  await db.transaction(async (transaction) => {
    await transaction.select({ id: plans.id }).from(plans).where(eq(plans.id, found.planId)).for("update");
    await applyMoneyEvent(transaction, jobQueue, found.planId, {
      cause: "staff",
      type: "refund_paid_by_transfer",
      of: (found.paymentId ?? found.collectionId)!,
      reference,
    });
    await recordStaffAction(transaction, audit, {
      action: "refund.paid-by-transfer",
      planId: found.planId,
      detail: { refundId, amountPence: found.amountPence },
    });
  });
  const [row] = await refundRows(db, eq(refunds.id, refundId));
  return refundItem(row!);
}

// Missed payments -------------------------------------------------------------------------------

/**
 * Plans sent an arrears statement after two missed collections (decision 016), by the day it gave
 * to catch up: each plan's latest statement with no outcome recorded yet, while the plan is neither
 * cancelled nor used. A later statement (another miss) brings the plan back.
 */
export async function missedPaymentsQueue(db: Database, audit: AuditContext, page: number) {
  const latest = db
    .select({ planId: arrearsStatements.planId, sentAt: max(arrearsStatements.sentAt).as("latest_sent_at") })
    .from(arrearsStatements)
    .groupBy(arrearsStatements.planId)
    .as("latest");
  const { limit, offset } = pageOf(page);
  const rows = await db
    .select({ statement: arrearsStatements, planReference: plans.reference, customer: planPeople.customer })
    .from(arrearsStatements)
    .innerJoin(
      latest,
      and(eq(latest.planId, arrearsStatements.planId), eq(latest.sentAt, arrearsStatements.sentAt)),
    )
    .innerJoin(plans, eq(plans.id, arrearsStatements.planId))
    .leftJoin(planPeople, eq(planPeople.planId, arrearsStatements.planId))
    .where(
      and(
        isNull(plans.cancelledAt),
        isNull(plans.funeralRequestedAt),
        notExists(
          db
            .select({ id: arrearsOutcomes.id })
            .from(arrearsOutcomes)
            .where(eq(arrearsOutcomes.arrearsStatementId, arrearsStatements.id)),
        ),
      ),
    )
    .orderBy(asc(arrearsStatements.catchUpBy), asc(arrearsStatements.planId))
    .limit(limit)
    .offset(offset);
  return recordedPage(
    db,
    audit,
    { queue: "missed-payments", page, rows },
    (row) => row.statement.planId,
    ({ statement, planReference, customer }) => ({
      statementId: statement.id,
      planId: statement.planId,
      planReference,
      customerName: nameOf(customer as Person),
      missedPayments: statement.missedCount,
      owedPence: statement.owedPence,
      statementSentAt: statement.sentAt.toISOString(),
      deadline: statement.catchUpBy,
      deadlineRule: `The day the arrears statement sent on ${ukToday(statement.sentAt)} gave to catch up by`,
    }),
  );
}

// Direct Debits ended ---------------------------------------------------------------------------

/**
 * Plans whose Direct Debit ended without our asking before they were paid (issue 46 item 1), by
 * the day finance follows each up: the plan's newest mandate, still wanted (one we cancelled is
 * not), failed or cancelled at the bank, on a plan neither cancelled nor used, with no payment in
 * full taken since and something of its own still not collected (or its deposit never taken).
 * Read from the plan's own money rows, as the state machine left them: a new Direct Debit, the
 * rest paid by card or the plan cancelled takes it off the queue.
 */

/** The plan's card payment of `option` taken and still wanted, as a subquery on the mandate's plan. */
function confirmedPaymentOf(option: "full" | "deposit") {
  return sql`(select 1 from ${payments} where ${payments.planId} = ${mandates.planId}
    and ${payments.wanted} and ${payments.paymentOption} = ${option} and ${payments.status} = 'confirmed')`;
}

export async function directDebitsEndedQueue(db: Database, audit: AuditContext, page: number) {
  const newest = db
    .select({ planId: mandates.planId, createdAt: max(mandates.createdAt).as("newest_created_at") })
    .from(mandates)
    .where(eq(mandates.wanted, true))
    .groupBy(mandates.planId)
    .as("newest");
  const { limit, offset } = pageOf(page);
  const rows = await db
    .select({ mandate: mandates, planReference: plans.reference, customer: planPeople.customer })
    .from(mandates)
    .innerJoin(newest, and(eq(newest.planId, mandates.planId), eq(newest.createdAt, mandates.createdAt)))
    .innerJoin(plans, eq(plans.id, mandates.planId))
    .leftJoin(planPeople, eq(planPeople.planId, mandates.planId))
    .where(
      and(
        eq(mandates.wanted, true),
        inArray(mandates.status, ["failed", "cancelled"]),
        isNull(plans.cancelledAt),
        isNull(plans.funeralRequestedAt),
        notExists(confirmedPaymentOf("full")),
        or(
          exists(
            db
              .select({ id: collections.id })
              .from(collections)
              .where(
                and(
                  eq(collections.mandateId, mandates.id),
                  or(eq(collections.wanted, false), sql`${collections.status} <> 'collected'`),
                ),
              ),
          ),
          notExists(confirmedPaymentOf("deposit")),
        ),
      ),
    )
    .orderBy(asc(mandates.updatedAt), asc(mandates.planId))
    .limit(limit)
    .offset(offset);
  const held = new Map<string, number>();
  for (const { mandate } of rows.slice(0, staffQueuePageSize)) {
    const money = await selectPlanMoneyRows(db, mandate.planId);
    held.set(mandate.planId, money ? moneyHeld(planMoneyOf(money)) : 0);
  }
  return recordedPage(
    db,
    audit,
    { queue: "direct-debits-ended", page, rows },
    (row) => row.mandate.planId,
    ({ mandate, planReference, customer }) => {
      const endedOn = ukToday(mandate.updatedAt);
      return {
        planId: mandate.planId,
        planReference,
        customerName: nameOf(customer as Person),
        mandateReference: mandate.reference,
        ended: mandate.status === "failed" ? ("failed" as const) : ("cancelled" as const),
        endedAt: mandate.updatedAt.toISOString(),
        paidSoFarPence: held.get(mandate.planId) ?? 0,
        deadline: directDebitEndedDueBy(endedOn),
        deadlineRule: `${directDebitEndedFollowUpWorkingDays} working days from ${endedOn}, when the Direct Debit ended`,
      };
    },
  );
}

/** The member's name, as outcomes and follow-ups say who recorded them. */
async function staffNameOf(db: Database, staffMemberId: string): Promise<string> {
  const [member] = await db
    .select({ name: staffMembers.name })
    .from(staffMembers)
    .where(eq(staffMembers.id, staffMemberId));
  return member!.name;
}

/**
 * Records how a missed-payments case ended, once per statement, against the plan's latest one,
 * with the plan's row locked. "Cancelled with refund" is the plan money state machine's own cancel
 * (cause `staff`: every payment and collection taken is owed back and its refund queued, what is
 * to come and the mandate stopped, the customer emailed), in the transaction that writes the
 * outcome, so one is never without the other; settled and a new arrangement change no money. The
 * note is the member's words about the customer's money: the audit record says whether there was
 * one, never what it says.
 */
export async function recordArrearsOutcome(
  db: Database,
  jobQueue: JobQueue,
  audit: AuditContext,
  statementId: string,
  { outcome, note }: ArrearsOutcomeBody,
) {
  const [statement] = await db
    .select({ id: arrearsStatements.id, planId: arrearsStatements.planId })
    .from(arrearsStatements)
    .where(eq(arrearsStatements.id, statementId));
  if (!statement) {
    throw new ViolationError(
      [{ propertyPath: "statementId", title: staffMessages.noSuchArrearsStatement }],
      404,
    );
  }
  const { planId } = statement;
  const recorded = await db.transaction(async (transaction) => {
    const [plan] = await transaction
      .select({ cancelledAt: plans.cancelledAt })
      .from(plans)
      .where(eq(plans.id, planId))
      .for("update");
    const [already] = await transaction
      .select({ id: arrearsOutcomes.id })
      .from(arrearsOutcomes)
      .where(eq(arrearsOutcomes.arrearsStatementId, statementId));
    if (already) {
      throw new ViolationError(
        [{ propertyPath: "statementId", title: staffMessages.arrearsOutcomeAlreadyRecorded }],
        409,
      );
    }
    const [latest] = await transaction
      .select({ id: arrearsStatements.id })
      .from(arrearsStatements)
      .where(eq(arrearsStatements.planId, planId))
      .orderBy(desc(arrearsStatements.sentAt), desc(arrearsStatements.missedCount))
      .limit(1);
    if (latest!.id !== statementId) {
      throw new ViolationError(
        [{ propertyPath: "statementId", title: staffMessages.arrearsStatementNotLatest }],
        409,
      );
    }
    if (plan!.cancelledAt) {
      throw new ViolationError([{ propertyPath: "plan", title: purchaseMessages.planCancelled }], 409);
    }
    if (outcome === "cancelled_with_refund") {
      // Refused in its own words (409) when the funeral has been asked for.
      await applyMoneyEvent(transaction, jobQueue, planId, { cause: "staff", type: "cancel" });
    }
    const [row] = await transaction
      .insert(arrearsOutcomes)
      .values({
        planId,
        arrearsStatementId: statementId,
        outcome,
        note: note || null,
        recordedBy: audit.staffMemberId!,
      })
      .returning();
    await recordStaffAction(transaction, audit, {
      action: "missed-payments.outcome-recorded",
      planId,
      detail: { statementId, outcome, noted: Boolean(row!.note) },
    });
    return row!;
  });
  const [after] = await db.select({ cancelledAt: plans.cancelledAt }).from(plans).where(eq(plans.id, planId));
  return {
    outcomeId: recorded.id,
    statementId,
    planId,
    outcome: recorded.outcome,
    note: recorded.note,
    recordedBy: await staffNameOf(db, recorded.recordedBy),
    recordedAt: recorded.recordedAt.toISOString(),
    planCancelled: after!.cancelledAt !== null,
  };
}

// Funeral director appointments ---------------------------------------------------------------

/**
 * Bought plans whose funeral director staff must choose (decision 027: none chosen, or the chosen
 * branch had closed), by the 30th day after purchase, then plans whose appointed branch has
 * closed since, oldest first. Cancelled and used plans are left out.
 */
export async function appointmentsQueue(db: Database, audit: AuditContext, page: number) {
  const { limit, offset } = pageOf(page);
  const rows = await db
    .select({
      appointment: funeralDirectorAppointments,
      planReference: plans.reference,
      branch: {
        id: funeralDirectorBranches.id,
        name: funeralDirectorBranches.name,
        open: funeralDirectorBranches.active,
      },
      customer: planPeople.customer,
      coveredPerson: planPeople.coveredPerson,
    })
    .from(funeralDirectorAppointments)
    .innerJoin(plans, eq(plans.id, funeralDirectorAppointments.planId))
    .leftJoin(funeralDirectorBranches, eq(funeralDirectorBranches.id, funeralDirectorAppointments.branchId))
    .leftJoin(planPeople, eq(planPeople.planId, funeralDirectorAppointments.planId))
    .where(
      and(
        isNull(plans.cancelledAt),
        isNull(plans.funeralRequestedAt),
        or(eq(funeralDirectorAppointments.needsStaff, true), eq(funeralDirectorBranches.active, false)),
      ),
    )
    .orderBy(
      desc(funeralDirectorAppointments.needsStaff),
      asc(funeralDirectorAppointments.appointedOn),
      asc(funeralDirectorAppointments.planId),
    )
    .limit(limit)
    .offset(offset);
  return recordedPage(
    db,
    audit,
    { queue: "appointments", page, rows },
    (row) => row.appointment.planId,
    ({ appointment, planReference, branch, customer, coveredPerson }) => {
      const reason = !appointment.needsStaff
        ? ("branch_closed_since" as const)
        : branch
          ? ("branch_closed_when_bought" as const)
          : ("no_branch_chosen" as const);
      return {
        planId: appointment.planId,
        planReference,
        customerName: nameOf(customer as Person),
        coveredPersonName: nameOf((coveredPerson as Person) ?? (customer as Person)),
        chosenBranch: branch,
        reason,
        boughtOn: appointment.appointedOn,
        deadline: funeralDirectorDueBy(appointment.appointedOn),
        deadlineRule:
          reason === "branch_closed_since"
            ? `The appointed branch has closed: choose another and write to the customer (bought ${appointment.appointedOn})`
            : `${funeralDirectorNamedWithinDays} days from the purchase on ${appointment.appointedOn} (FPCOB 10.1.3R)`,
      };
    },
  );
}

// At-need cases ----------------------------------------------------------------------------------

/** The cases each of the at-need queue's filters shows (issue 50 item 8). */
const atNeedStageStatuses: Record<AtNeedQueueStage, AtNeedCaseStatus[]> = {
  open: ["unmatched", "reported", "funeral_requested", "funeral_arranged"],
  unmatched: ["unmatched"],
  matched: ["reported", "funeral_requested", "funeral_arranged"],
  reported: ["reported"],
  confirmed: ["funeral_requested", "funeral_arranged"],
  closed: ["closed"],
};

/**
 * Cases from "tell us of a death" whose funeral is not yet provided, matched or not, oldest last
 * step first, by the next working day after it (an unmatched case is matched to a plan or closed;
 * a matched one moved on). Filtered by stage, and by how long ago we were told (issue 50 item 8):
 * a closed report is shown, with staff's reason, only when asked for.
 */
export async function atNeedCasesQueue(
  db: Database,
  audit: AuditContext,
  { page, stage, olderThanDays }: StaffAtNeedQueueQuery,
) {
  const lastChange = db
    .select({ caseId: atNeedCaseEvents.caseId, at: max(atNeedCaseEvents.at).as("last_change_at") })
    .from(atNeedCaseEvents)
    .groupBy(atNeedCaseEvents.caseId)
    .as("last_change");
  const { limit, offset } = pageOf(page);
  const rows = await db
    .select({
      atNeedCase: atNeedCases,
      planReference: plans.reference,
      lastChangeAt: lastChange.at,
      saidNotRight: sql<boolean>`exists (select 1 from ${atNeedCaseEvents} where ${atNeedCaseEvents.caseId} = ${atNeedCases.id} and ${atNeedCaseEvents.kind} = 'said_not_right')`,
      closedReason: sql<
        string | null
      >`(select ${atNeedCaseEvents.note} from ${atNeedCaseEvents} where ${atNeedCaseEvents.caseId} = ${atNeedCases.id} and ${atNeedCaseEvents.kind} = 'closed' order by ${atNeedCaseEvents.at} desc limit 1)`,
    })
    .from(atNeedCases)
    .innerJoin(lastChange, eq(lastChange.caseId, atNeedCases.id))
    .leftJoin(plans, eq(plans.id, atNeedCases.planId))
    .where(
      and(
        inArray(atNeedCases.status, atNeedStageStatuses[stage]),
        olderThanDays > 0
          ? sql`${atNeedCases.createdAt} <= now() - make_interval(days => ${olderThanDays})`
          : undefined,
      ),
    )
    .orderBy(asc(lastChange.at), asc(atNeedCases.id))
    .limit(limit)
    .offset(offset);
  // How many cases each filter holds, whatever their age: the matched few are seen among many unmatched.
  const byStatus = await db
    .select({ status: atNeedCases.status, count: sql<number>`count(*)::int` })
    .from(atNeedCases)
    .groupBy(atNeedCases.status);
  const stageCounts = Object.fromEntries(
    atNeedQueueStages.map((each) => [
      each,
      byStatus
        .filter((row) => atNeedStageStatuses[each].includes(row.status))
        .reduce((total, row) => total + Number(row.count), 0),
    ]),
  ) as Record<AtNeedQueueStage, number>;
  const shown = await recordedPage(
    db,
    audit,
    { queue: "at-need-cases", page, rows, filters: { stage, olderThanDays } },
    (row) => row.atNeedCase.id,
    ({ atNeedCase, planReference, lastChangeAt: latest, saidNotRight, closedReason }) => {
      const { person, informant, dateOfDeath } = atNeedCase.notification;
      // Every case has its "opened" event; the aggregate comes back as text on some drivers.
      const lastChangeAt = new Date(latest ?? atNeedCase.createdAt);
      const since = ukToday(lastChangeAt);
      return {
        caseId: atNeedCase.id,
        planId: atNeedCase.planId,
        planReference,
        matched: atNeedCase.planId !== null,
        status: atNeedCase.status,
        saidNotRight,
        personName: `${person.firstName} ${person.lastName}`,
        dateOfBirth: person.dateOfBirth.iso8601,
        dateOfDeath: dateOfDeath.iso8601,
        postcode: person.postcode,
        typedPlanReference: person.planReference,
        closedReason,
        informantName: `${informant.firstName} ${informant.lastName}`,
        informantPhone: informant.phone,
        toldAt: atNeedCase.createdAt.toISOString(),
        lastChangeAt: lastChangeAt.toISOString(),
        deadline: atNeedDueBy(since),
        deadlineRule:
          atNeedCase.status === "closed"
            ? `Closed as not one of our plans on ${since}: nothing more to do`
            : atNeedCase.planId === null
              ? `The next working day after we were told on ${since}: find the plan and match it, or close the report as not one of ours`
              : atNeedCase.status === "reported"
                ? `The next working day after the last step on ${since}: confirm the death (the certificate's details, or a call to the person named on the plan), or withdraw the report`
                : `The next working day after the last step on ${since}`,
      };
    },
  );
  return { ...shown, stageCounts };
}

/**
 * Moves a matched case on one step, with the member's note, as an event by them in the
 * transaction that changes the status, with the case's row locked: a reported death confirmed
 * (how, said: the funeral is then requested through at-need's `confirmDeath`) or withdrawn as not
 * right; a funeral requested, arranged, provided. A step back, a skipped step or the same step
 * twice is refused in words.
 */
export async function moveAtNeedCase(
  db: Database,
  audit: AuditContext,
  caseId: string,
  { status, note, confirmedBy }: MoveAtNeedCaseBody,
  atNeed: AtNeedForStaff,
) {
  const refuse = (problem: string, propertyPath = "status") => {
    throw new ViolationError([{ propertyPath, title: problem }], 409);
  };
  const [current] = await db
    .select({ status: atNeedCases.status })
    .from(atNeedCases)
    .where(eq(atNeedCases.id, caseId));
  if (!current)
    throw new ViolationError([{ propertyPath: "caseId", title: staffMessages.noSuchAtNeedCase }], 404);
  const recordMove = (transaction: Database, planId: string | null, from: AtNeedCaseStatus) =>
    recordStaffAction(transaction, audit, {
      action: "at-need-case.moved",
      planId,
      // The note is the member's own words about the family: the log says a note was written, not what.
      detail: { caseId, from, to: status, ...(confirmedBy ? { confirmedBy } : {}), noted: true },
    });

  if (current.status === "reported" && status === "funeral_requested") {
    if (confirmedBy === undefined) {
      throw new ViolationError(
        [{ propertyPath: "confirmedBy", title: staffMessages.deathConfirmationNeeded }],
        400,
      );
    }
    const confirmed = await atNeed.confirmDeath(
      caseId,
      { by: audit.staffMemberId!, confirmedBy, note },
      (transaction, planId) => recordMove(transaction, planId, "reported"),
    );
    return { caseId, status, eventId: confirmed.eventId, at: confirmed.at.toISOString() };
  }

  return db.transaction(async (transaction) => {
    const [found] = await transaction
      .select({ id: atNeedCases.id, status: atNeedCases.status, planId: atNeedCases.planId })
      .from(atNeedCases)
      .where(eq(atNeedCases.id, caseId))
      .for("update");
    if (!found)
      throw new ViolationError([{ propertyPath: "caseId", title: staffMessages.noSuchAtNeedCase }], 404);
    const problem = funeralStepProblem(found.status, status);
    if (problem) refuse(problem);
    // Confirming a death is done above, outside this transaction; it was confirmed or withdrawn since.
    if (found.status === "reported" && status === "funeral_requested") refuse(staffMessages.deathNotReported);
    await transaction.update(atNeedCases).set({ status }).where(eq(atNeedCases.id, caseId));
    const [event] = await transaction
      .insert(atNeedCaseEvents)
      .values({ caseId, kind: status, by: audit.staffMemberId!, note })
      .returning({ id: atNeedCaseEvents.id, at: atNeedCaseEvents.at });
    await recordMove(transaction, found.planId, found.status);
    return { caseId, status, eventId: event!.id, at: event!.at.toISOString() };
  });
}

// Free guide enquiries -------------------------------------------------------------------------

/**
 * Free guide enquiries from people who agreed to hear from us (by email, phone or post), and who
 * have not asked since to hear nothing (`do_not_contact`), oldest first, by the working days given
 * to follow one up, until a member of staff marks one followed up.
 */
export async function enquiriesQueue(db: Database, audit: AuditContext, page: number) {
  const { limit, offset } = pageOf(page);
  const rows = await db
    .select()
    .from(enquiries)
    .where(
      and(
        or(
          eq(enquiries.contactByEmail, true),
          eq(enquiries.contactByPhone, true),
          eq(enquiries.contactByPost, true),
        ),
        notExists(db.select().from(doNotContact).where(eq(doNotContact.email, enquiries.email))),
        isNull(enquiries.followedUpAt),
      ),
    )
    .orderBy(asc(enquiries.createdAt), asc(enquiries.id))
    .limit(limit)
    .offset(offset);
  return recordedPage(
    db,
    audit,
    { queue: "enquiries", page, rows },
    (row) => row.id,
    (row) => {
      const askedOn = ukToday(row.createdAt);
      return {
        enquiryId: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        postcode: row.postcode,
        contactBy: [
          ...(row.contactByEmail ? (["email"] as const) : []),
          ...(row.contactByPhone ? (["phone"] as const) : []),
          ...(row.contactByPost ? (["post"] as const) : []),
        ],
        askedAt: row.createdAt.toISOString(),
        deadline: guideFollowUpDueBy(askedOn),
        deadlineRule: `${guideFollowUpWithinWorkingDays} working days from the enquiry on ${askedOn}`,
      };
    },
  );
}

/**
 * Marks a free guide enquiry followed up, by the member, once: asked again it changes nothing and
 * answers when and by whom it was, saying so. Either way the call is recorded.
 */
export async function markEnquiryFollowedUp(db: Database, audit: AuditContext, enquiryId: string) {
  return db.transaction(async (transaction) => {
    const [found] = await transaction
      .select({ followedUpAt: enquiries.followedUpAt, followedUpBy: enquiries.followedUpBy })
      .from(enquiries)
      .where(eq(enquiries.id, enquiryId))
      .for("update");
    if (!found)
      throw new ViolationError([{ propertyPath: "enquiryId", title: staffMessages.noSuchEnquiry }], 404);
    const alreadyFollowedUp = found.followedUpAt !== null;
    const followedUp = alreadyFollowedUp
      ? { followedUpAt: found.followedUpAt!, followedUpBy: found.followedUpBy! }
      : (
          await transaction
            .update(enquiries)
            .set({ followedUpAt: new Date(), followedUpBy: audit.staffMemberId! })
            .where(eq(enquiries.id, enquiryId))
            .returning({ followedUpAt: enquiries.followedUpAt, followedUpBy: enquiries.followedUpBy })
        )[0]!;
    await recordStaffAction(transaction, audit, {
      action: "enquiry.followed-up",
      detail: { enquiryId, alreadyFollowedUp },
    });
    return {
      enquiryId,
      followedUpAt: followedUp.followedUpAt!.toISOString(),
      followedUpBy: await staffNameOf(transaction, followedUp.followedUpBy!),
      alreadyFollowedUp,
    };
  });
}
