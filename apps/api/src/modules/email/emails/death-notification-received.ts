import { atNeedPhone } from "@kindred/domain";
import { z } from "zod";
import { compose, recipientSchema, type EmailContent } from "./layout";

/**
 * To whoever told us of a death online (issue 23 item 4): that we have their message, the
 * reference to quote, and the line answered day and night. The same words whether or not a plan
 * matched what they typed (docs/decisions/028-telling-us-of-a-death.md), so it tells a stranger
 * nothing; and none of what they typed (docs/decisions/040-a-death-is-confirmed-first.md): the
 * address is theirs to give, so it may be anyone's, and a name typed there is not written to it.
 */
export const deathNotificationReceivedSchema = z.object({
  kind: z.literal("death-notification-received"),
  to: recipientSchema,
  reference: z.string(),
});

export function renderDeathNotificationReceived({
  reference,
}: z.infer<typeof deathNotificationReceivedSchema>): EmailContent {
  return compose(
    "We have your message telling us of a death",
    null,
    [
      {
        paragraph:
          "Thank you for telling us that someone has died. If this is someone close to you, we are very sorry for your loss.",
      },
      {
        paragraph: `Someone from our team will call you on the number you gave us to talk through what happens next. Your reference is ${reference}: please quote it if you call us.`,
      },
      {
        paragraph:
          "There is nothing you need to do before we call. If you have not yet done so, a doctor or the coroner will give you what you need to register the death.",
      },
      {
        paragraph:
          "If you did not send us this message, someone else gave your email address. You need do nothing, and we will not write to you about it again.",
      },
    ],
    { closing: atNeedClosing },
  );
}

/** After a death, the line to call is the one answered day and night. */
export const atNeedClosing = `If you need us sooner, call us on ${atNeedPhone.display}. The line is answered ${atNeedPhone.hours}.`;
