import { formatPrice, supportPhone } from "@kindred/domain";
import { z } from "zod";
import { compose, recipientSchema, type EmailContent } from "./layout";

/**
 * A refund the payment provider could not make (issue 46 item 3): the card was closed, or the bank
 * refused or returned the money. Said plainly and calmly: the money is safe with us, we will send
 * it again or by bank transfer, and nothing needs doing unless we ask.
 */
export const refundFailedSchema = z.object({
  kind: z.literal("refund-failed"),
  to: recipientSchema,
  firstName: z.string(),
  planReference: z.string(),
  /** In pence. */
  amount: z.int().positive(),
});

export function renderRefundFailed({
  firstName,
  planReference,
  amount,
}: z.infer<typeof refundFailedSchema>): EmailContent {
  return compose("We could not make your refund yet", firstName, [
    {
      paragraph: `We tried to refund ${formatPrice(amount)} for funeral plan ${planReference} to the card or bank account it came from, but the bank could not accept it. This can happen when a card has been replaced or an account closed.`,
    },
    {
      paragraph: `The money is safe with us. Our finance team will send it again or pay it straight into your bank account, and will call or email you if we need your account details. You do not need to do anything now.`,
    },
    { paragraph: `If you have any questions, please call us on ${supportPhone}.` },
  ]);
}
