import { formatPrice, whenTheTimeComesExplained, type PayingBy } from "@kindred/domain";
import { z } from "zod";
import { attachmentSchema, compose, recipientSchema, type EmailContent } from "./layout";

/** Sent when a plan's payment (in full, or its deposit) is confirmed, with the plan's two PDFs. */
export const planPaidSchema = z.object({
  kind: z.literal("plan-paid"),
  to: recipientSchema,
  firstName: z.string(),
  planReference: z.string(),
  paymentOption: z.enum(["full", "deposit"]),
  /** In pence. */
  amount: z.int(),
  /** For a deposit, the months of Direct Debit instalments chosen; absent for a payment in full. */
  months: z.int().min(1).optional(),
  /**
   * The catalogue's first months (FPCOB 7.2's moratorium) when the plan was bought. An email
   * queued before the emails said what happens at a death has none: it is still sent, without it.
   */
  moratoriumMonths: z.int().min(1).optional(),
  attachments: z.array(attachmentSchema),
});

export function renderPlanPaid({
  firstName,
  planReference,
  paymentOption,
  amount,
  months,
  moratoriumMonths,
}: z.infer<typeof planPaidSchema>): EmailContent {
  const payingBy: PayingBy = paymentOption === "full" ? { option: "full" } : { option: "deposit", months };
  const whenTheTimeComes =
    moratoriumMonths === undefined
      ? []
      : [
          { paragraph: "What happens when the person covered dies:" },
          { list: whenTheTimeComesExplained(payingBy, moratoriumMonths).map((each) => each.text) },
        ];
  const paid =
    paymentOption === "full"
      ? `Thank you. We have received your payment of ${formatPrice(amount)}, and your funeral plan is paid for in full.`
      : `Thank you. We have received your deposit of ${formatPrice(amount)}, and your funeral plan is now in place. The rest is collected monthly by Direct Debit, as set out in the notice we have sent you separately.`;
  return compose("Your funeral plan is confirmed", firstName, [
    { paragraph: paid },
    {
      paragraph: `Your plan reference is ${planReference}. Please keep it somewhere safe, with your will if you have one.`,
    },
    {
      paragraph:
        "Your plan summary and plan details are attached to this email. We will also tell your funeral director about your plan, and you can see it at any time in your account.",
    },
    {
      paragraph:
        "It may help to let your family, or the person you have chosen as your representative, know that the plan exists and where to find its documents.",
    },
    ...whenTheTimeComes,
  ]);
}
