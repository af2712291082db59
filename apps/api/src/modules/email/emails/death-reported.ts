import { z } from "zod";
import { atNeedClosing } from "./death-notification-received";
import { compose, formatLongDate, recipientSchema, type Block, type EmailContent } from "./layout";

/**
 * To everyone on a plan (the customer, whoever pays, the person named to speak to), at the
 * addresses we hold for them, as soon as a death told to us online is matched to the plan
 * (docs/decisions/040-a-death-is-confirmed-first.md): that we were told, that nothing changes
 * until it is confirmed, and a link to tell us it is not right. The person named on the plan is
 * also given a link to confirm it. Everything in it is what we hold, never what was typed on the
 * form, except the date of death.
 */
export const deathReportedSchema = z.object({
  kind: z.literal("death-reported"),
  to: recipientSchema,
  firstName: z.string(),
  /** The person the plan covers, as the plan names them. */
  personName: z.string(),
  /** The reader is the person the plan covers (told of their own death, which may be wrong). */
  aboutTheReader: z.boolean(),
  planReference: z.string(),
  dateOfDeath: z.iso.date(),
  /** Where to tell us the report is not right: signed for this case and this reader. */
  notRightUrl: z.url(),
  /** Where the person named on the plan confirms the death; null for everyone else. */
  confirmUrl: z.url().nullable(),
});
export type DeathReportedEmail = z.infer<typeof deathReportedSchema>;

export function renderDeathReported(email: DeathReportedEmail): EmailContent {
  const { firstName, personName, aboutTheReader, planReference, dateOfDeath, notRightUrl, confirmUrl } =
    email;
  const died = formatLongDate(dateOfDeath);
  const blocks: Block[] = aboutTheReader
    ? [
        {
          paragraph: `Someone has told us, through our website, that you died on ${died}. If you are reading this, please tell us straight away, using the button below or by calling us: nothing about your plan will change while we find out.`,
        },
        { link: { label: "Tell us this is not right", url: notRightUrl } },
        {
          paragraph:
            "If you are reading this on their behalf and they have died, we are very sorry for your loss. We will be in touch to confirm what happens next.",
        },
      ]
    : [
        {
          paragraph: `Someone has told us, through our website, that ${personName} died on ${died}. If this is so, we are very sorry for your loss.`,
        },
        {
          paragraph: `Nothing about the plan changes until the death is confirmed: payments carry on as they were, and no funeral director is asked to act.`,
        },
        ...(confirmUrl
          ? ([
              {
                paragraph: `You are named on the plan as the person for us to speak to. If ${personName} has died, please confirm it here. We will then ask the plan's funeral director to take ${personName} into their care, stop any payments still to come, and tell you what happens next.`,
              },
              { link: { label: `Confirm that ${personName} has died`, url: confirmUrl } },
            ] satisfies Block[])
          : [
              {
                paragraph: `We will confirm it with the person named on the plan, or with the registrar, before anything is done under the plan.`,
              },
            ]),
        {
          paragraph: `If this is not right, please tell us straight away, using the button below or by calling us. Nothing will be done under the plan while we find out.`,
        },
        { link: { label: "Tell us this is not right", url: notRightUrl } },
      ];
  return compose(
    `We have been told of a death under funeral plan ${planReference}`,
    firstName,
    [...blocks, { paragraph: `The plan reference is ${planReference}.` }],
    { closing: atNeedClosing },
  );
}
