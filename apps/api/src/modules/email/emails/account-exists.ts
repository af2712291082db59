import { z } from "zod";
import { compose, recipientSchema, type EmailContent } from "./layout";

/**
 * Sent instead of a new account's confirmation when someone registers with an address that
 * already has an account: the registration answers the same either way (issue 12 fault 6), so
 * only the address's owner learns the account exists.
 */
export const accountExistsSchema = z.object({
  kind: z.literal("account-exists"),
  to: recipientSchema,
  firstName: z.string(),
  signInLink: z.string(),
  resetLink: z.string(),
});

export function renderAccountExists({
  firstName,
  signInLink,
  resetLink,
}: z.infer<typeof accountExistsSchema>): EmailContent {
  return compose("You already have an account with us", firstName, [
    {
      paragraph:
        "Someone, hopefully you, has just tried to create a Kindred Funeral Plans account with this email address. You already have an account with us, so we have not made another one.",
    },
    { paragraph: "You can sign in to your account, and see your plans, here." },
    { link: { label: "Sign in", url: signInLink } },
    { paragraph: "If you have forgotten your password, you can choose a new one." },
    { link: { label: "Reset your password", url: resetLink } },
    {
      paragraph: "If it was not you, you do not need to do anything. Nothing about your account has changed.",
    },
  ]);
}
