import { formatPrice, sumPence } from "@kindred/domain";
import { z } from "zod";
import { compose, formatLongDate, recipientSchema, type EmailContent } from "./layout";

/** The facts of a new Direct Debit that its advance notice gives (amounts in pence, ISO dates). */
const noticeSchema = z.object({
  planReference: z.string(),
  mandateReference: z.string(),
  accountHolderName: z.string(),
  sortCode: z.string(),
  accountNumberEnding: z.string(),
  instalments: z.array(z.object({ date: z.string(), amount: z.int() })),
  /**
   * The deposit still to pay by card when the notice is written (issue 25 item 1), and the
   * address of the plan in the account, where it is paid; absent when it was paid already.
   */
  depositOwed: z.object({ amount: z.int(), accountLink: z.string() }).optional(),
});
export type DirectDebitNotice = z.infer<typeof noticeSchema>;

/** The Direct Debit's advance notice: when each collection is taken and how much, 10 working days ahead at least. */
export const directDebitNoticeSchema = z.object({
  kind: z.literal("direct-debit-notice"),
  to: recipientSchema,
  firstName: z.string(),
  notice: noticeSchema,
});

export function renderDirectDebitNotice({
  firstName,
  notice,
}: z.infer<typeof directDebitNoticeSchema>): EmailContent {
  const [first] = notice.instalments;
  const last = notice.instalments.at(-1);
  const rest = notice.instalments.slice(1);
  const monthly = rest[0]?.amount;
  return compose("Your Direct Debit is set up: advance notice of your payments", firstName, [
    {
      paragraph: `Your Direct Debit for funeral plan ${notice.planReference} is set up, from the account of ${notice.accountHolderName}, sort code ${notice.sortCode}, account number ending ${notice.accountNumberEnding}. It will show on your bank statement as ${notice.mandateReference}.`,
    },
    ...(notice.depositOwed
      ? [
          {
            // Written as the Direct Debit is set up, often while the deposit is being paid: it says
            // how the deposit is paid, never that it is unpaid (issue 50 item 6).
            paragraph: `The Direct Debit collects only the monthly payments. Your deposit of ${formatPrice(notice.depositOwed.amount)} is paid by card: if you have not finished paying it, you can pay it in your account.`,
          },
          { link: { label: "Pay your deposit", url: notice.depositOwed.accountLink } },
        ]
      : []),
    ...(first
      ? [
          {
            paragraph: `Your first payment of ${formatPrice(first.amount)} will be taken on or just after ${formatLongDate(first.date)}.`,
          },
        ]
      : []),
    ...(monthly !== undefined && last
      ? [
          {
            paragraph: `After that, ${rest.length} monthly payments of ${formatPrice(monthly)} will be taken on the same day each month, the last on or just after ${formatLongDate(last.date)}. In all, ${formatPrice(sumPence(notice.instalments.map((instalment) => instalment.amount)))} will be collected by Direct Debit.`,
          },
        ]
      : []),
    {
      paragraph:
        "The Direct Debit Guarantee protects you: if an amount or a date ever changes, we will tell you at least 10 working days before. If a payment is taken in error, your bank will refund it at once. You can cancel a Direct Debit at any time by contacting your bank.",
    },
  ]);
}
