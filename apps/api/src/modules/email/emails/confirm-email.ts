import { supportPhone } from "@kindred/domain";
import { z } from "zod";
import { compose, recipientSchema, type EmailContent } from "./layout";

/** Sent on registration: the signed link that confirms the address (48 hours, once). */
export const confirmEmailSchema = z.object({
  kind: z.literal("confirm-email"),
  to: recipientSchema,
  firstName: z.string(),
  link: z.string(),
});

export function renderConfirmEmail({ firstName, link }: z.infer<typeof confirmEmailSchema>): EmailContent {
  return compose("Please confirm your email address", firstName, [
    {
      paragraph:
        "Thank you for creating an account with Kindred Funeral Plans. Anything you have saved is kept in your account, and you can come back to it whenever you are ready.",
    },
    { paragraph: "Please confirm that this email address is yours, so we know our emails reach you." },
    { link: { label: "Confirm my email address", url: link } },
    {
      paragraph:
        "The link works once, for the next 48 hours. If it has expired, sign in and we can send you a new one.",
    },
    {
      paragraph: `If you did not create this account, you do not need to do anything, or you can call us on ${supportPhone.display} and we will look into it.`,
    },
  ]);
}
