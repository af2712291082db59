import { daysAfter } from "./long-date";
import { isMissedCollection, type CollectionStatus } from "./plan-money";
import { addWorkingDays } from "./working-days";

/**
 * The deadlines of the staff work queues (issue 24 item 5; docs/decisions/031-staff-back-office.md),
 * each a UK day worked out from what the item began with. The refunds queue's is `refundDueBy`
 * (refunds.ts); a missed payment's is the day its arrears statement gave the customer.
 */

/**
 * FPCOB 2.3.6R: a payment shortfall of two payments may be settled, without penalty, within 10
 * business days of the statement that tells the customer of it.
 */
export const arrearsCatchUpWorkingDays = 10;

/** The day an arrears statement sent on `sentOn` (a UK day) gives the customer to catch up by. */
export function arrearsCatchUpBy(sentOn: string): string {
  return addWorkingDays(sentOn, arrearsCatchUpWorkingDays);
}

/**
 * FPCOB 2.3.5R: a customer who "has failed to make two consecutive payments" is sent an arrears
 * statement. Whether one is due now, from the plan's collections in the order they fell due
 * (those still wanted): a missed collection whose previous collection was missed too, with none
 * collected between them, and which was not yet counted when the last statement was sent
 * (`missedWhenLastStated`, the number of misses it counted; 0 before any). So missed, collected,
 * missed sends nothing; missed, missed sends one; a third miss in a row sends another, as does a
 * later pair in a row after a collection succeeded. A cancelled collection never fell due and
 * stands between nothing.
 */
export function arrearsStatementDue(
  collectionsInDueOrder: readonly { status: CollectionStatus }[],
  missedWhenLastStated: number,
): boolean {
  let missed = 0;
  let previousMissed = false;
  for (const { status } of collectionsInDueOrder) {
    if (status === "cancelled") continue;
    const isMissed = isMissedCollection(status);
    if (isMissed) {
      missed += 1;
      if (previousMissed && missed > missedWhenLastStated) return true;
    }
    previousMissed = isMissed;
  }
  return false;
}

/**
 * What staff record as a missed-payments case's outcome: paid what was owed, a new arrangement
 * agreed (with a note of what), or the plan cancelled with everything paid refunded.
 */
export const arrearsOutcomeKinds = ["settled", "new_arrangement", "cancelled_with_refund"] as const;

/** Each outcome in words, as the plan's page and the customer's own data say it. */
export const arrearsOutcomeNames: Record<(typeof arrearsOutcomeKinds)[number], string> = {
  settled: "Settled",
  new_arrangement: "A new arrangement",
  cancelled_with_refund: "Cancelled with a refund",
};

/**
 * A plan whose Direct Debit ended before it was paid (issue 46 item 1) is followed up by finance,
 * with a call to the customer, within this many working days of it ending.
 */
export const directDebitEndedFollowUpWorkingDays = 5;

/** The day by which finance follows up a Direct Debit that ended on `endedOn` (a UK day). */
export function directDebitEndedDueBy(endedOn: string): string {
  return addWorkingDays(endedOn, directDebitEndedFollowUpWorkingDays);
}

/** FPCOB 10.1.3R: the customer is told their funeral director within 30 days of buying the plan. */
export const funeralDirectorNamedWithinDays = 30;

/** A case told of a death is acted on, and each step followed up, within this many working days. */
const atNeedActWithinWorkingDays = 1;

/** A free guide enquiry with consent to contact is followed up within this many working days. */
export const guideFollowUpWithinWorkingDays = 2;

/** The day by which a plan bought on `boughtOn` must have its funeral director named. */
export function funeralDirectorDueBy(boughtOn: string): string {
  return daysAfter(boughtOn, funeralDirectorNamedWithinDays);
}

/** The day by which a case whose last step was on `since` (a UK day) is next acted on. */
export function atNeedDueBy(since: string): string {
  return addWorkingDays(since, atNeedActWithinWorkingDays);
}

/** The day by which a guide enquiry made on `askedOn` (a UK day) is followed up. */
export function guideFollowUpDueBy(askedOn: string): string {
  return addWorkingDays(askedOn, guideFollowUpWithinWorkingDays);
}
