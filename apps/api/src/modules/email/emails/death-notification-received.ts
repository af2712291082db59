import { atNeedPhone } from "@kindred/domain";
import { z } from "zod";
import { compose, recipientSchema, type EmailContent } from "./layout";

/**
 * To whoever told us of a death online (issue 23 item 4): that we have their message, the
 * reference to quote, and that we will call. The same words whether or not a plan matched what
 * they typed (docs/decisions/028-telling-us-of-a-death.md), so it tells a stranger nothing.
 */
export const deathNotificationReceivedSchema = z.object({
  kind: z.literal("death-notification-received"),
  to: recipientSchema,
  firstName: z.string(),
  /** The person who died, as the informant named them. */
  personName: z.string(),
  reference: z.string(),
  /** The number the informant gave us, which our team will call. */
  phone: z.string(),
});

export function renderDeathNotificationReceived({
  firstName,
  personName,
  reference,
  phone,
}: z.infer<typeof deathNotificationReceivedSchema>): EmailContent {
  return compose(
    `We have your message about ${personName}`,
    firstName,
    [
      {
        paragraph: `Thank you for letting us know that ${personName} has died. We are very sorry for your loss.`,
      },
      {
        paragraph: `Someone from our team will call you on ${phone} to talk through what happens next. Your reference is ${reference}: please quote it if you call us.`,
      },
      {
        paragraph:
          "There is nothing you need to do before we call. If you have not yet done so, a doctor or the coroner will give you what you need to register the death.",
      },
    ],
    { closing: atNeedClosing },
  );
}

/** After a death, the line to call is the one answered day and night. */
export const atNeedClosing = `If you need us sooner, call us on ${atNeedPhone.display}. The line is answered ${atNeedPhone.hours}.`;
