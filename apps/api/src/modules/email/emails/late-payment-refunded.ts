import { formatPrice, refundDeadlineInWords } from "@kindred/domain";
import { z } from "zod";
import { compose, recipientSchema, type EmailContent } from "./layout";

/**
 * A payment the provider took after we stopped wanting it (the plan was cancelled, or the customer
 * chose another way to pay, and an old payment page was finished all the same): given back whole.
 */
export const latePaymentRefundedSchema = z.object({
  kind: z.literal("late-payment-refunded"),
  to: recipientSchema,
  firstName: z.string(),
  planReference: z.string(),
  /** In pence. */
  amount: z.int(),
  planCancelled: z.boolean(),
  /** That part of the plan was paid already (issue 46 item 2); absent in emails queued before. */
  alreadyPaid: z.boolean().default(false),
});

export function renderLatePaymentRefunded({
  firstName,
  planReference,
  amount,
  planCancelled,
  alreadyPaid,
}: z.input<typeof latePaymentRefundedSchema>): EmailContent {
  const why = planCancelled
    ? "after the plan was cancelled"
    : alreadyPaid
      ? "after that part of the plan had already been paid"
      : "after you chose another way to pay for it";
  return compose("We are refunding a payment you made", firstName, [
    {
      paragraph: `A payment of ${formatPrice(amount)} for funeral plan ${planReference} reached us ${why}.`,
    },
    {
      paragraph: `We have not kept it. We are refunding the whole ${formatPrice(amount)} to the card or bank account it came from ${refundDeadlineInWords}. Most refunds arrive within a week.`,
    },
    {
      paragraph: planCancelled
        ? "There is nothing you need to do. If you have any questions, please call us."
        : alreadyPaid
          ? "Your plan stays as it was, and nothing else has been taken. If you have any questions, please call us."
          : "How you chose to pay is unchanged, and nothing else has been taken. If you have any questions, please call us.",
    },
  ]);
}
