import { z } from "zod";
import { atNeedPhone } from "@kindred/domain";
import {
  attachmentSchema,
  compose,
  formatLongDate,
  recipientSchema,
  type Block,
  type EmailContent,
} from "./layout";

/**
 * To the appointed funeral director's branch, at once, when a death is told and the plan matched
 * (issue 23 item 4): arrange the funeral under the plan, with the wishes (the plan details PDF),
 * where the person is now and whom to call. Never the customer's health or circumstances: this
 * schema has no place for them.
 */
export const funeralInstructionSchema = z.object({
  kind: z.literal("funeral-instruction"),
  to: recipientSchema,
  greeting: z.string(),
  planReference: z.string(),
  personName: z.string(),
  dateOfDeath: z.iso.date(),
  /** "In hospital: St Mary's, Paddington", as we were told. */
  whereNow: z.string(),
  /** "Yes", "No" or "Not known". */
  accidental: z.string(),
  /** Whom to call first: the person named on the plan, or whoever told us. */
  contacts: z.array(z.object({ role: z.string(), name: z.string(), phone: z.string(), email: z.string() })),
  /** False while the family chooses between paying the rest of the price and a refund. */
  provided: z.boolean(),
  attachments: z.array(attachmentSchema),
});
export type FuneralInstructionEmail = z.infer<typeof funeralInstructionSchema>;

export function renderFuneralInstruction(email: FuneralInstructionEmail): EmailContent {
  const { greeting, planReference, personName, dateOfDeath, whereNow, accidental, contacts, provided } =
    email;
  const blocks: Block[] = [
    {
      paragraph: `${personName}, whose funeral plan names you as the funeral director, died on ${formatLongDate(dateOfDeath)}. Please arrange the funeral under the plan. The plan details attached set out the funeral they chose.`,
    },
    {
      list: [
        `Plan reference: ${planReference}`,
        `Where ${personName} is now: ${whereNow}`,
        `Whether the death was an accident: ${accidental}`,
      ],
    },
    { paragraph: "Please call the family today:" },
    {
      list: contacts.map((contact) => `${contact.role}: ${contact.name}, ${contact.phone}, ${contact.email}`),
    },
    {
      paragraph: provided
        ? "The plan is in force: nothing more is to be paid by the family for what it includes."
        : `${personName} died within the plan's first months, so the family is choosing between paying the rest of the plan's price for the funeral as planned and a refund. Please take ${personName} into your care as needed, and we will confirm their choice before you arrange the funeral under the plan.`,
    },
  ];
  // The 24-hour line, not the plan line's weekday hours: a funeral is arranged at any hour.
  return compose(`Funeral instruction: ${personName}, plan ${planReference}`, greeting, blocks, {
    closing: `If you have any questions about this funeral, call us on ${atNeedPhone.display}. The line is answered ${atNeedPhone.hours}.`,
  });
}
