import { z } from "zod";
import { attachmentSchema, compose, formatLongDate, recipientSchema, type EmailContent } from "./layout";

/**
 * Sent on each anniversary of a plan's contract (issue 23 item 5;
 * docs/decisions/029-plan-statements.md), with the plan statement as a PDF: what the plan
 * includes and its guaranteed price, what has been paid and what is still to pay, the funeral
 * director, and what happens if the person covered dies.
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
        "what your plan includes and its guaranteed price",
        "what you have paid, and when, and anything still to pay",
        "your funeral director",
        "what happens if the person covered dies, and when the plan's first months end",
      ],
    },
    {
      paragraph:
        "Please check it, and call us if anything has changed: your address or phone number, or who we should speak to. You can download an up-to-date statement at any time in your account.",
    },
  ]);
}
