import { z } from "zod";
import { attachmentSchema, compose, formatLongDate, recipientSchema, type EmailContent } from "./layout";

/**
 * Sent on each anniversary of a plan's contract (issue 23 item 5;
 * docs/decisions/029-plan-statements.md), with the plan statement as a PDF, one side of A4 as
 * FPCOB 9 Annex 3 lays it out (issue 50 item 1; decision 043): what is left to pay, what the plan
 * provides and its funeral director, how to change or cancel it, what happens when the person
 * covered dies, and how to complain. Like the statement, it asks the customer to check that the
 * plan still meets their needs.
 */
export const planStatementSchema = z.object({
  kind: z.literal("plan-statement"),
  to: recipientSchema,
  firstName: z.string(),
  planReference: z.string(),
  /** The anniversary this statement is for, an ISO date. */
  anniversaryOn: z.iso.date(),
  /** How many years the plan has been in place on that day. */
  years: z.int().min(1),
  attachments: z.array(attachmentSchema),
});

export function renderPlanStatement({
  firstName,
  planReference,
  anniversaryOn,
  years,
}: z.infer<typeof planStatementSchema>): EmailContent {
  return compose("Your funeral plan statement", firstName, [
    {
      paragraph: `On ${formatLongDate(anniversaryOn)} your funeral plan ${planReference} was ${years === 1 ? "one year" : `${years} years`} old. Your plan statement is attached to this email.`,
    },
    {
      list: [
        "how much you have paid and how much is left to pay",
        "what your plan provides, and your funeral director",
        "how to change or cancel your plan",
        "what happens when the person covered dies, and whom to call",
        "how to complain, and how your money is protected",
      ],
    },
    {
      paragraph:
        "Please read it and check that your plan still meets your needs. Call us if it does not, or if anything has changed: your address or phone number, or who we should speak to. You can download an up-to-date statement at any time in your account.",
    },
  ]);
}
