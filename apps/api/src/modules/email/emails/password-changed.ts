import { supportPhone } from "@kindred/domain";
import { z } from "zod";
import { compose, formatUkDateTime, recipientSchema, type EmailContent } from "./layout";

/** Sent after a reset: says when the password changed, and what to do if it was not them. */
export const passwordChangedSchema = z.object({
  kind: z.literal("password-changed"),
  to: recipientSchema,
  firstName: z.string(),
  // The queue keeps emails as JSON, where the moment is an ISO string: read back, it is a Date again.
  changedAt: z.coerce.date(),
});

export function renderPasswordChanged({
  firstName,
  changedAt,
}: z.infer<typeof passwordChangedSchema>): EmailContent {
  return compose("Your password has been changed", firstName, [
    {
      paragraph: `The password for your Kindred Funeral Plans account was changed on ${formatUkDateTime(changedAt)} (UK time).`,
    },
    {
      paragraph:
        "For your security, we have signed you out on every device. You can now sign in with your new password, and your saved plans are just as you left them.",
    },
    {
      paragraph: `If you did not change your password, please call us straight away on ${supportPhone.display}, so we can keep your account and your plans safe.`,
    },
  ]);
}
