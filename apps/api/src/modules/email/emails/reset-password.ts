import { z } from "zod";
import { compose, recipientSchema, type EmailContent } from "./layout";

/** Sent when someone asks to reset the password: the reset link (one hour, once). */
export const resetPasswordSchema = z.object({
  kind: z.literal("reset-password"),
  to: recipientSchema,
  firstName: z.string(),
  link: z.string(),
});

export function renderResetPassword({ firstName, link }: z.infer<typeof resetPasswordSchema>): EmailContent {
  return compose("Reset your password", firstName, [
    {
      paragraph:
        "We received a request to reset the password for your Kindred Funeral Plans account. You can choose a new password by following this link.",
    },
    { link: { label: "Choose a new password", url: link } },
    {
      paragraph:
        "The link works once, for the next hour. When you have chosen your new password, we will sign you out everywhere and you can sign in again with the new one.",
    },
    {
      paragraph:
        "If you did not ask to reset your password, you do not need to do anything. Your password has not changed.",
    },
  ]);
}
