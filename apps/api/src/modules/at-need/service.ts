import type { DeathNotification, DeathNotificationResponse } from "@kindred/contracts";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import type { PlanOptionsService } from "../catalogue";
import type { Mailer } from "../email";
import type { PlansService } from "../plans";
import { createDeathConfirmation, type DeathConfirmationService } from "./confirmation";
import { receiveReport } from "./reports";

/**
 * Telling us of a death (issue 23 item 4; docs/decisions/028-telling-us-of-a-death.md, amended by
 * docs/decisions/040-a-death-is-confirmed-first.md). Anyone may tell us; the answer, and the email
 * to whoever told us, are the same whether or not a plan matched, and come before any matching.
 * A match opens the plan's case as reported and tells everyone on the plan; the funeral is
 * requested (collections stop, the branch is instructed) only once the death is confirmed, by
 * staff or by the person named on the plan from our email.
 */
export interface AtNeedService extends DeathConfirmationService {
  notifyDeath(notification: DeathNotification, fromAddress: string): Promise<DeathNotificationResponse>;
}

export function createAtNeedService({
  db,
  jobQueue,
  mailer,
  plans,
  planOptions,
  linkSecret,
  now = () => new Date(),
}: {
  db: Database;
  jobQueue: JobQueue;
  mailer: Mailer;
  plans: PlansService;
  planOptions: PlanOptionsService;
  linkSecret: string;
  now?: () => Date;
}): AtNeedService {
  return {
    ...createDeathConfirmation({ db, jobQueue, plans, planOptions, linkSecret, now }),
    notifyDeath: (notification, fromAddress) =>
      receiveReport({ db, jobQueue, mailer }, notification, fromAddress, now()),
  };
}
