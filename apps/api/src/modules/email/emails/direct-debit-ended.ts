import { formatPrice, monthlyPaymentsInWords, supportPhone } from "@kindred/domain";
import { z } from "zod";
import { compose, recipientSchema, type Block, type EmailContent } from "./layout";

/**
 * The Direct Debit of a plan not yet paid for ended without our asking (issue 46 item 1): the
 * bank cancelled it (the account closed), the customer cancelled it at their bank, or it failed or
 * expired. Said calmly: what was paid is kept, nothing more is collected, and the two ways to carry
 * on from what was paid (never from the start), each done from the account or by phone.
 */
export const directDebitEndedSchema = z.object({
  kind: z.literal("direct-debit-ended"),
  to: recipientSchema,
  firstName: z.string(),
  planReference: z.string(),
  /** Everything paid and kept towards the plan, in pence. */
  paidSoFar: z.int().nonnegative(),
  /** The rest of the plan's price, paid by card at once, in pence (0: nothing is left of the price). */
  restByCard: z.int().nonnegative(),
  /** A new Direct Debit for what is left: the deposit still owed (0 once paid) and each monthly payment. */
  newDirectDebit: z.object({
    depositStillOwed: z.int().nonnegative(),
    instalments: z.array(z.int().positive()),
  }),
  /** The customer's account page for the plan. */
  accountLink: z.string(),
});

export function renderDirectDebitEnded({
  firstName,
  planReference,
  paidSoFar,
  restByCard,
  newDirectDebit,
  accountLink,
}: z.infer<typeof directDebitEndedSchema>): EmailContent {
  const ways: string[] = [];
  if (restByCard > 0) ways.push(`pay the rest of your plan, ${formatPrice(restByCard)}, by card; or`);
  if (newDirectDebit.instalments.length > 0) {
    const deposit =
      newDirectDebit.depositStillOwed > 0
        ? `, with your deposit of ${formatPrice(newDirectDebit.depositStillOwed)} by card`
        : "";
    ways.push(
      `set up a new Direct Debit for what is left: ${monthlyPaymentsInWords(newDirectDebit.instalments)}${deposit}.`,
    );
  }
  const blocks: Block[] = [
    {
      paragraph: `We have been told by your bank that the Direct Debit for your funeral plan ${planReference} has ended. This can happen when a bank account is closed or changed, or when a Direct Debit is cancelled at the bank. Nothing more will be collected from that account.`,
    },
    {
      paragraph:
        paidSoFar > 0
          ? `Your plan has not been cancelled. The ${formatPrice(paidSoFar)} you have paid is kept safely towards it, and you do not need to start again.`
          : "Your plan has not been cancelled, and you do not need to start again.",
    },
    { paragraph: "To carry on paying for your plan, you can:" },
    { list: ways },
    { link: { label: "Choose how to carry on in your account", url: accountLink } },
    {
      paragraph: `If things are difficult at the moment, or you would rather talk it through, please call us on ${supportPhone.display}. We will help you find a way that suits you.`,
    },
  ];
  return compose("The Direct Debit for your funeral plan has ended", firstName, blocks);
}
