import { readPlanReference, staffMessages } from "@kindred/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { atNeedCaseEvents, atNeedCases, plans } from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import { selectPlanMoneyRows } from "../payments";
import { planRefusesReport, tellEveryoneOnThePlan } from "./reports";

/**
 * What staff do with a report that matched no plan (issue 50 item 8): match it to the plan they
 * found, or close it as not one of ours, saying why. Matched by staff, a report goes the way a
 * report matched online goes (decision 040): the plan must take it by the same rule, the case is
 * `reported`, not confirmed, and everyone on the plan is told. Each is done once, under the case's
 * row lock: a second press finds the case moved on and is refused in words, changing nothing.
 * `alsoInTransaction` writes the caller's own record of it (staff's audit entry) in the same one.
 */

/** Who did it and what they wrote: the member of staff's id, and their note or reason. */
interface StaffStep {
  by: string;
  note: string;
}

type AlsoInTransaction = (transaction: Database, planId: string | null) => Promise<void>;

const refused = (propertyPath: string, title: string, statusCode = 409) =>
  new ViolationError([{ propertyPath, title }], statusCode);

const planRefusals = {
  no_plan: () => refused("plan", staffMessages.noSuchPlanToMatch, 404),
  not_bought: () => refused("plan", staffMessages.matchPlanNotBought),
  cancelled: () => refused("plan", staffMessages.matchPlanCancelled),
  death_before_purchase: () => refused("plan", staffMessages.matchDeathBeforePlanBought),
} as const;

/** The plan staff named, by its short reference or its id: its id and reference, if there is one. */
async function planNamed(transaction: Database, plan: string) {
  const read = readPlanReference(plan);
  if (!read) return undefined;
  const [row] = await transaction
    .select({ id: plans.id, reference: plans.reference })
    .from(plans)
    .where(read.reference ? eq(plans.reference, read.reference) : eq(plans.id, read.planId!));
  return row;
}

export function createUnmatchedReports({
  db,
  jobQueue,
  now = () => new Date(),
}: {
  db: Database;
  jobQueue: JobQueue;
  now?: () => Date;
}) {
  /** The case's row, locked, if it still waits for staff: refused in words if it has moved on. */
  async function lockedUnmatched(transaction: Database, caseId: string) {
    const [atNeed] = await transaction
      .select({ status: atNeedCases.status, notification: atNeedCases.notification })
      .from(atNeedCases)
      .where(eq(atNeedCases.id, caseId))
      .for("update");
    if (!atNeed) throw refused("caseId", staffMessages.noSuchAtNeedCase, 404);
    if (atNeed.status === "closed") throw refused("caseId", staffMessages.atNeedCaseAlreadyClosed);
    if (atNeed.status !== "unmatched") throw refused("caseId", staffMessages.atNeedCaseAlreadyMatched);
    return atNeed;
  }

  async function recorded(
    transaction: Database,
    caseId: string,
    kind: "matched" | "closed",
    { by, note }: StaffStep,
  ) {
    const [event] = await transaction
      .insert(atNeedCaseEvents)
      .values({ caseId, kind, by, note, at: now() })
      .returning({ id: atNeedCaseEvents.id, at: atNeedCaseEvents.at });
    return { eventId: event!.id, at: event!.at.toISOString() };
  }

  return {
    /** Matches an unmatched report to the plan staff found: it is then reported, and everyone on the plan told. */
    async matchToPlan(caseId: string, plan: string, step: StaffStep, alsoInTransaction: AlsoInTransaction) {
      return db.transaction(async (transaction) => {
        const { notification } = await lockedUnmatched(transaction, caseId);
        const named = await planNamed(transaction, plan);
        if (!named) throw planRefusals.no_plan();
        const planId = named.id;
        const rows = await selectPlanMoneyRows(transaction, planId, { lock: true });
        const refusal = planRefusesReport(rows, notification);
        if (refusal) throw planRefusals[refusal]();
        // One case per plan: a report of the same death is seen on the plan's own case.
        const [existing] = await transaction
          .select({ id: atNeedCases.id })
          .from(atNeedCases)
          .where(eq(atNeedCases.planId, planId))
          .for("update");
        if (existing) throw refused("plan", staffMessages.matchPlanHasACase);
        await transaction
          .update(atNeedCases)
          .set({ planId, status: "reported" })
          .where(eq(atNeedCases.id, caseId));
        const event = await recorded(transaction, caseId, "matched", step);
        await tellEveryoneOnThePlan(transaction, jobQueue, caseId);
        await alsoInTransaction(transaction, planId);
        return { caseId, planId, planReference: named.reference, status: "reported" as const, ...event };
      });
    },

    /** Closes an unmatched report as not one of our plans, with staff's reason kept as its note. */
    async closeAsNotOurs(caseId: string, step: StaffStep, alsoInTransaction: AlsoInTransaction) {
      return db.transaction(async (transaction) => {
        await lockedUnmatched(transaction, caseId);
        await transaction.update(atNeedCases).set({ status: "closed" }).where(eq(atNeedCases.id, caseId));
        const event = await recorded(transaction, caseId, "closed", step);
        await alsoInTransaction(transaction, null);
        return { caseId, planId: null, planReference: null, status: "closed" as const, ...event };
      });
    },
  };
}
