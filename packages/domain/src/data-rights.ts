import { monthsAfter } from "./payment-schedule";
import { longUkDate } from "./long-date";

/**
 * A person's data and their rights over it (UK GDPR; issue 25 item 12;
 * docs/decisions/030-data-rights-and-retention.md): what deleting an account keeps, why and until
 * when, in the words the API answers and the account shows, and the periods the retention sweep
 * keeps things for, as the privacy policy's "How long we keep it" states them.
 */

/** A bought plan is kept as our regulatory record for this many years after it ends (FCA record keeping). */
export const boughtPlanKeptYears = 7;

/** An unfinished plan not saved to an account is deleted this many months after it last changed. */
export const unsavedPlanKeptMonths = 6;

/** A request for the free guide is deleted this many years after it was made. */
export const freeGuideRequestKeptYears = 2;

/** A cancelled plan's answers about circumstances are deleted this many days after it was cancelled. */
export const circumstancesKeptDaysAfterCancelling = 30;

/** Sessions that ended, and counted sign-in attempts, are deleted this many days later. */
export const securityRecordsKeptDays = 90;

/**
 * A report of a death sent online, as it was sent (with the address it came from), is deleted this
 * many days after it came: what it told us stays only with the case it opened, as that case's record.
 */
export const deathReportKeptDays = 90;

/** Why a plan stays when its owner deletes their account. */
export const keptPlanReasons = ["bought", "cancelled", "funeral-requested", "payment-in-progress"] as const;
export type KeptPlanReason = (typeof keptPlanReasons)[number];

/** The day a plan kept after it ended may be deleted, an ISO date; null while the plan has not ended. */
export function keptUntil(endedOn: string | null): string | null {
  return endedOn === null ? null : monthsAfter(endedOn, 12 * boughtPlanKeptYears);
}

/** What is kept of a plan, why and for how long, in a sentence. */
export function keptPlanExplained(reason: KeptPlanReason, until: string | null): string {
  switch (reason) {
    case "bought":
      return `This plan was bought, so the law requires us to keep its records while the plan lasts and for ${boughtPlanKeptYears} years after it ends (Financial Conduct Authority record keeping).`;
    case "cancelled":
      return `This plan was bought and later cancelled, so the law requires us to keep its records for ${boughtPlanKeptYears} years after it ended${until ? `, until ${longUkDate(until)}` : ""} (Financial Conduct Authority record keeping).`;
    case "funeral-requested":
      return `The funeral has been asked for under this plan, so we keep its records while we arrange it and for ${boughtPlanKeptYears} years after it has taken place (Financial Conduct Authority record keeping).`;
    case "payment-in-progress":
      return "A payment for this plan is still being taken, so we cannot delete it yet. Once it has finished, you can delete your account again, or call us.";
  }
}
