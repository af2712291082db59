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
});

export function renderLatePaymentRefunded({
  firstName,
  planReference,
  amount,
  planCancelled,
}: z.infer<typeof latePaymentRefundedSchema>): EmailContent {
  return compose("We are refunding a payment you made", firstName, [
    {
      paragraph: planCancelled
        ? `A payment of ${formatPrice(amount)} for funeral plan ${planReference} reached us after the plan was cancelled.`
        : `A payment of ${formatPrice(amount)} for funeral plan ${planReference} reached us after you chose another way to pay for it.`,
    },
    {
      paragraph: `We have not kept it. We are refunding the whole ${formatPrice(amount)} to the card or bank account it came from ${refundDeadlineInWords}. Most refunds arrive within a week.`,
    },
    {
      paragraph: planCancelled
        ? "There is nothing you need to do. If you have any questions, please call us."
        : "How you chose to pay is unchanged, and nothing else has been taken. If you have any questions, please call us.",
    },
  ]);
}
