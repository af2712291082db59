import { z } from "zod";
import { compose, recipientSchema, type EmailContent } from "./layout";

/**
 * Sent when someone keeps trying wrong passwords for the account (decision 038): a link that
 * signs the owner in once, for the next hour, however slowed sign-in is for new devices.
 */
export const signInLinkSchema = z.object({
  kind: z.literal("sign-in-link"),
  to: recipientSchema,
  firstName: z.string(),
  link: z.string(),
  resetLink: z.string(),
});

export function renderSignInLink({
  firstName,
  link,
  resetLink,
}: z.infer<typeof signInLinkSchema>): EmailContent {
  return compose("A link to sign in to your account", firstName, [
    {
      paragraph:
        "Someone has been trying to sign in to your Kindred Funeral Plans account with the wrong password. While this goes on, we slow down sign-ins from new devices, so that nobody can guess the password. Your account is safe: nobody can get in without your password or this email.",
    },
    {
      paragraph:
        "If you want to sign in from a new device, this link signs you in without waiting. On a device you have signed in on before, you can sign in as usual.",
    },
    { link: { label: "Sign in to your account", url: link } },
    {
      paragraph:
        "The link works once, for the next hour. Please do not pass it on: anyone with the link can sign in as you.",
    },
    {
      paragraph:
        "If you think someone may know your password, you can choose a new one with this link, or call us.",
    },
    { link: { label: "Choose a new password", url: resetLink } },
  ]);
}
