import type { DeathNotification, DeathNotificationResponse } from "@kindred/contracts";
import { messages, normaliseEmail, ukToday } from "@kindred/domain";
import { and, eq, gt, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { atNeedCaseEvents, atNeedCases, deathReports } from "../../db/schema";
import type { Mailer } from "../email";
import { planBoughtAt, selectPlanMoneyRows } from "../payments";
import { atNeedQueue, type AtNeedJob } from "./at-need-queue";
import { matchingPlan } from "./matching";

/**
 * A death told to us online (docs/decisions/040-a-death-is-confirmed-first.md, amending 028).
 * The request only stores the report, acknowledges it and queues its matching: it takes the same
 * time whatever was typed, and nothing is matched, stopped or sent about a plan while the person
 * waits. The matching job opens (or adds to) the plan's case as `reported`: nothing irreversible
 * happens until the death is confirmed.
 */

/** Acknowledgements to any one address: one an hour and a few a day, whoever sends the reports. */
const acknowledgementsPerAddress = { perHour: 1, perDay: 3 } as const;

export async function receiveReport(
  {
    db,
    jobQueue,
    mailer,
    matchingDelaySeconds,
  }: { db: Database; jobQueue: JobQueue; mailer: Mailer; matchingDelaySeconds: number },
  notification: DeathNotification,
  fromAddress: string,
  at: Date,
): Promise<DeathNotificationResponse> {
  const informantEmail = normaliseEmail(notification.informant.email);
  return db.transaction(async (transaction) => {
    // Reports to this address are counted under a lock on the address, so two at once cannot both
    // find none in the last hour.
    await transaction.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`death-report:${informantEmail}`}))`,
    );
    const [sent] = await transaction
      .select({
        lastHour: sql<number>`count(*) filter (where ${deathReports.acknowledgedAt} > ${at}::timestamptz - interval '1 hour')::int`,
        lastDay: sql<number>`count(*)::int`,
      })
      .from(deathReports)
      .where(
        and(
          eq(deathReports.informantEmail, informantEmail),
          isNotNull(deathReports.acknowledgedAt),
          gt(deathReports.acknowledgedAt, sql`${at}::timestamptz - interval '1 day'`),
        ),
      );
    const acknowledge =
      (sent?.lastHour ?? 0) < acknowledgementsPerAddress.perHour &&
      (sent?.lastDay ?? 0) < acknowledgementsPerAddress.perDay;
    const [report] = await transaction
      .insert(deathReports)
      .values({
        notification,
        informantEmail,
        fromAddress,
        receivedAt: at,
        acknowledgedAt: acknowledge ? at : null,
      })
      .returning({ id: deathReports.id });
    const reference = report!.id;
    // Matched only once the answer has gone (DEATH_REPORT_MATCHING_DELAY_SECONDS).
    await jobQueue.sendWithin(transaction, atNeedQueue, { reportId: reference } satisfies AtNeedJob, {
      startAfterSeconds: matchingDelaySeconds,
    });
    // The same words whatever was typed, and none of it: the address given may be anyone's.
    if (acknowledge) {
      await mailer.queue(
        {
          kind: "death-notification-received",
          to: { name: "", address: notification.informant.email },
          reference,
        },
        transaction,
      );
    }
    return { message: messages.deathNotificationReceived, reference };
  });
}

/**
 * Why a plan (its money rows, locked) cannot be used for a report of this death, or null when it
 * can: it must exist, be bought and not cancelled, and the death must not come before its purchase
 * (decision 028). Whether the report was matched online or by staff, the rule is this one.
 */
export function planRefusesReport(
  rows: Awaited<ReturnType<typeof selectPlanMoneyRows>> | null,
  notification: DeathNotification,
): "no_plan" | "not_bought" | "cancelled" | "death_before_purchase" | null {
  if (!rows) return "no_plan";
  const boughtAt = planBoughtAt(rows);
  if (!boughtAt) return "not_bought";
  if (rows.plan.cancelledAt) return "cancelled";
  if (notification.dateOfDeath.iso8601 < ukToday(boughtAt)) return "death_before_purchase";
  return null;
}

/** Everyone on the plan is told of the report ("death-reported"), once the transaction commits. */
export const tellEveryoneOnThePlan = (transaction: Database, jobQueue: JobQueue, caseId: string) =>
  jobQueue.sendWithin(transaction, atNeedQueue, { caseId, email: "death-reported" } satisfies AtNeedJob);

/**
 * The matching of one report, as a job: a bought, uncancelled plan it fits, whose purchase the
 * death did not come before, has its case opened as `reported` (or the report added to the case
 * it has; a withdrawn case is reported again) and everyone on the plan is told; anything else
 * opens an unmatched case for staff. The report's id is its event's, so a job run twice (a crash
 * after the commit) adds nothing the second time.
 */
export async function matchReport(
  { db, jobQueue }: { db: Database; jobQueue: JobQueue },
  reportId: string,
): Promise<void> {
  const [report] = await db.select().from(deathReports).where(eq(deathReports.id, reportId));
  if (!report) return;
  const [done] = await db
    .select({ id: atNeedCaseEvents.id })
    .from(atNeedCaseEvents)
    .where(eq(atNeedCaseEvents.id, reportId));
  if (done) return;
  const { notification, fromAddress, receivedAt: at } = report;
  // Read before the transaction: inside one, PGlite's one connection is the transaction's.
  const match = await matchingPlan(db, notification);

  await db.transaction(async (transaction) => {
    const record = (caseId: string, kind: "opened" | "told_again") =>
      transaction
        .insert(atNeedCaseEvents)
        .values({ id: reportId, caseId, kind, by: "informant", fromAddress, at });
    const rows = match && (await selectPlanMoneyRows(transaction, match.planId, { lock: true }));
    if (match && planRefusesReport(rows, notification) === null) {
      const [existing] = await transaction
        .select({ id: atNeedCases.id, status: atNeedCases.status })
        .from(atNeedCases)
        .where(eq(atNeedCases.planId, match.planId))
        .for("update");
      if (existing) {
        await record(existing.id, "told_again");
        // A report withdrawn as not right is looked at afresh when someone tells us again.
        if (existing.status === "withdrawn") {
          await transaction
            .update(atNeedCases)
            .set({ status: "reported", notification })
            .where(eq(atNeedCases.id, existing.id));
          await tellEveryoneOnThePlan(transaction, jobQueue, existing.id);
        }
        return;
      }
      const [opened] = await transaction
        .insert(atNeedCases)
        .values({ planId: match.planId, status: "reported", notification, atDeath: null, createdAt: at })
        .returning({ id: atNeedCases.id });
      await record(opened!.id, "opened");
      await tellEveryoneOnThePlan(transaction, jobQueue, opened!.id);
      return;
    }
    const [unmatched] = await transaction
      .insert(atNeedCases)
      .values({ planId: null, status: "unmatched", notification, atDeath: null, createdAt: at })
      .returning({ id: atNeedCases.id });
    await record(unmatched!.id, "opened");
  });
}

/**
 * Deletes the reports of a death that came before `cutoff`, as sent (the privacy policy's "How
 * long we keep it"); answers how many. What each told us stays with the case it opened. The
 * per-address limits count only the last day, so nothing they need goes.
 */
export async function forgetDeathReportsBefore(db: Database, cutoff: Date): Promise<number> {
  const forgotten = await db
    .delete(deathReports)
    .where(lt(deathReports.receivedAt, cutoff))
    .returning({ id: deathReports.id });
  return forgotten.length;
}
