import type { DeathNotification, DeathNotificationResponse } from "@kindred/contracts";
import type { Mailer } from "../email";
import { createDeathConfirmation, type DeathConfirmationService } from "./confirmation";
import { receiveReport } from "./reports";
import { createUnmatchedReports } from "./unmatched-reports";

/**
 * Telling us of a death (issue 23 item 4; docs/decisions/028-telling-us-of-a-death.md, amended by
 * docs/decisions/040-a-death-is-confirmed-first.md). Anyone may tell us; the answer, and the email
 * to whoever told us, are the same whether or not a plan matched, and come before any matching.
 * A match opens the plan's case as reported and tells everyone on the plan; the funeral is
 * requested (collections stop, the branch is instructed) only once the death is confirmed, by
 * staff or by the person named on the plan from our email.
 */
export interface AtNeedService extends DeathConfirmationService, ReturnType<typeof createUnmatchedReports> {
  notifyDeath(notification: DeathNotification, fromAddress: string): Promise<DeathNotificationResponse>;
}

/**
 * What the back office does to a case: confirm a reported death, and match a report that matched
 * no plan to the one staff found, or close it as not one of ours.
 */
export type AtNeedForStaff = Pick<AtNeedService, "confirmDeath" | "matchToPlan" | "closeAsNotOurs">;

export function createAtNeedService(
  dependencies: Parameters<typeof createDeathConfirmation>[0] & {
    mailer: Mailer;
    /** How long a report waits before it is matched: DEATH_REPORT_MATCHING_DELAY_SECONDS. */
    matchingDelaySeconds: number;
  },
): AtNeedService {
  const { db, jobQueue, mailer, matchingDelaySeconds, now = () => new Date() } = dependencies;
  return {
    ...createDeathConfirmation(dependencies),
    ...createUnmatchedReports(dependencies),
    notifyDeath: (notification, fromAddress) =>
      receiveReport({ db, jobQueue, mailer, matchingDelaySeconds }, notification, fromAddress, now()),
  };
}
