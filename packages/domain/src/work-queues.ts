import { addWorkingDays } from "./working-days";

/**
 * The deadlines of the staff work queues (issue 24 item 5; docs/decisions/031-staff-back-office.md),
 * each a UK day worked out from what the item began with. The refunds queue's is `refundDueBy`
 * (refunds.ts); a missed payment's is the day its arrears statement gave the customer.
 */

/** FPCOB 10.1.3R: the customer is told their funeral director within 30 days of buying the plan. */
export const funeralDirectorNamedWithinDays = 30;

/** A case told of a death is acted on, and each step followed up, within this many working days. */
const atNeedActWithinWorkingDays = 1;

/** A free guide enquiry with consent to contact is followed up within this many working days. */
export const guideFollowUpWithinWorkingDays = 2;

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The day by which a plan bought on `boughtOn` must have its funeral director named. */
export function funeralDirectorDueBy(boughtOn: string): string {
  return addDays(boughtOn, funeralDirectorNamedWithinDays);
}

/** The day by which a case whose last step was on `since` (a UK day) is next acted on. */
export function atNeedDueBy(since: string): string {
  return addWorkingDays(since, atNeedActWithinWorkingDays);
}

/** The day by which a guide enquiry made on `askedOn` (a UK day) is followed up. */
export function guideFollowUpDueBy(askedOn: string): string {
  return addWorkingDays(askedOn, guideFollowUpWithinWorkingDays);
}
