import { z } from "zod";
import { attachmentSchema, compose, formatLongDate, recipientSchema, type EmailContent } from "./layout";

/**
 * Sent to a funeral director's branch when a plan naming it is bought (FPCOB 10.1.3R; issue 23
 * item 3): the plan's reference, the person covered, the kind of funeral and the plan details
 * PDF. Never the customer's health or circumstances: this schema has no place for them.
 */
export const funeralDirectorAppointedSchema = z.object({
  kind: z.literal("funeral-director-appointed"),
  to: recipientSchema,
  /** Whom the email greets: the branch's manager, by name. */
  greeting: z.string(),
  branchName: z.string(),
  planReference: z.string(),
  coveredPersonName: z.string(),
  /** The kind of funeral as the plan words it: "Attended funeral, cremation". */
  kindOfFuneral: z.string(),
  /** The UK day the plan was bought and the branch appointed, an ISO date. */
  appointedOn: z.iso.date(),
  attachments: z.array(attachmentSchema),
});

export function renderFuneralDirectorAppointed({
  greeting,
  branchName,
  planReference,
  coveredPersonName,
  kindOfFuneral,
  appointedOn,
}: z.infer<typeof funeralDirectorAppointedSchema>): EmailContent {
  return compose(`A funeral plan naming ${branchName}: ${planReference}`, greeting, [
    {
      paragraph: `A funeral plan was bought on ${formatLongDate(appointedOn)} naming ${branchName} as the funeral director who will carry out the funeral. We have told the customer so.`,
    },
    {
      list: [
        `Plan reference: ${planReference}`,
        `Person covered: ${coveredPersonName}`,
        `Kind of funeral: ${kindOfFuneral}`,
      ],
    },
    { paragraph: "The plan details are attached: everything the plan includes, as the customer chose it." },
    {
      paragraph:
        "There is nothing to do now. When the person covered dies, we will contact you to arrange the funeral as planned. Please keep this email with your records of prepaid plans, and quote the plan reference whenever you contact us about it.",
    },
  ]);
}
