import { arrearsCatchUpWorkingDays, formatPrice, sumPence } from "@kindred/domain";
import { z } from "zod";
import { compose, formatLongDate, recipientSchema, type EmailContent } from "./layout";

/** After two missed instalments (FPCOB 2.3.5R): what is owed, and 10 working days to catch up. */
export const arrearsStatementSchema = z.object({
  kind: z.literal("arrears-statement"),
  to: recipientSchema,
  firstName: z.string(),
  planReference: z.string(),
  /** Each missed instalment: its ISO date and amount in pence. */
  missed: z.array(z.object({ date: z.string(), amount: z.int() })),
  /** An ISO date. */
  catchUpBy: z.string(),
});

export function renderArrearsStatement({
  firstName,
  planReference,
  missed,
  catchUpBy,
}: z.infer<typeof arrearsStatementSchema>): EmailContent {
  const owed = sumPence(missed.map((payment) => payment.amount));
  return compose("Two payments for your funeral plan have been missed", firstName, [
    {
      paragraph: `We have not been able to collect ${missed.length} monthly payments for funeral plan ${planReference}: ${missed
        .map((payment) => `${formatPrice(payment.amount)} due on ${formatLongDate(payment.date)}`)
        .join(", and ")}. In all, ${formatPrice(owed)} is owed.`,
    },
    {
      paragraph: `Please pay what is owed by ${formatLongDate(catchUpBy)}, ${arrearsCatchUpWorkingDays} working days from this email, with no fee. You can call us to pay by card, or we can collect it again by Direct Debit once there is money in the account.`,
    },
    {
      paragraph:
        "If money is tight, please call us. We can spread what is owed, change your monthly payments, or, if you would rather, cancel the plan and refund everything you have paid, with no fee. Your plan stays in place while we talk.",
    },
  ]);
}
