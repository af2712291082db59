import { staffMessages } from "@kindred/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { atNeedCaseEvents, atNeedCases } from "../../db/schema";
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
  no_plan: () => refused("planId", staffMessages.noSuchPlanToMatch, 404),
  not_bought: () => refused("planId", staffMessages.matchPlanNotBought),
  cancelled: () => refused("planId", staffMessages.matchPlanCancelled),
  death_before_purchase: () => refused("planId", staffMessages.matchDeathBeforePlanBought),
} as const;

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
    async matchToPlan(caseId: string, planId: string, step: StaffStep, alsoInTransaction: AlsoInTransaction) {
      return db.transaction(async (transaction) => {
        const { notification } = await lockedUnmatched(transaction, caseId);
        const rows = await selectPlanMoneyRows(transaction, planId, { lock: true });
        const refusal = planRefusesReport(rows, notification);
        if (refusal) throw planRefusals[refusal]();
        // One case per plan: a report of the same death is seen on the plan's own case.
        const [existing] = await transaction
          .select({ id: atNeedCases.id })
          .from(atNeedCases)
          .where(eq(atNeedCases.planId, planId))
          .for("update");
        if (existing) throw refused("planId", staffMessages.matchPlanHasACase);
        await transaction
          .update(atNeedCases)
          .set({ planId, status: "reported" })
          .where(eq(atNeedCases.id, caseId));
        const event = await recorded(transaction, caseId, "matched", step);
        await tellEveryoneOnThePlan(transaction, jobQueue, caseId);
        await alsoInTransaction(transaction, planId);
        return { caseId, planId, status: "reported" as const, ...event };
      });
    },

    /** Closes an unmatched report as not one of our plans, with staff's reason kept as its note. */
    async closeAsNotOurs(caseId: string, step: StaffStep, alsoInTransaction: AlsoInTransaction) {
      return db.transaction(async (transaction) => {
        await lockedUnmatched(transaction, caseId);
        await transaction.update(atNeedCases).set({ status: "closed" }).where(eq(atNeedCases.id, caseId));
        const event = await recorded(transaction, caseId, "closed", step);
        await alsoInTransaction(transaction, null);
        return { caseId, planId: null, status: "closed" as const, ...event };
      });
    },
  };
}
