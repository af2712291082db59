/**
 * How soon a cancelled plan's money is refunded, the one place it is set (issue 23 item 2). FPCOB
 * 13 allows at most 30 days from the cancellation; the terms, the questions and answers, the cancel
 * dialog, the cancelled plan's view and the emails all quote this.
 */
export const refundWithinDays = 30;

/** "within 30 days", as every promise of a refund words it. */
export const refundDeadlineInWords = `within ${refundWithinDays} days`;

/**
 * The latest a refund may be made (the staff refunds queue's deadline): `refundWithinDays` after it
 * became owed, which for a cancellation is the moment of cancelling.
 */
export function refundDueBy(owedSince: Date): Date {
  return new Date(owedSince.getTime() + refundWithinDays * 86_400_000);
}
