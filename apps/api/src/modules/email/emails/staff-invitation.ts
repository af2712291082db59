import { staffRoleNames, staffRoles, withIndefiniteArticle } from "@kindred/domain";
import { z } from "zod";
import { compose, recipientSchema, type EmailContent } from "./layout";

/**
 * An invitation to the staff back office (docs/decisions/031-staff-back-office.md): the link to
 * choose a password and set up an authenticator app. It works once, for 72 hours.
 */
export const staffInvitationSchema = z.object({
  kind: z.literal("staff-invitation"),
  to: recipientSchema,
  name: z.string(),
  role: z.enum(staffRoles),
  invitedBy: z.string(),
  link: z.string(),
});

export function renderStaffInvitation({
  name,
  role,
  invitedBy,
  link,
}: z.infer<typeof staffInvitationSchema>): EmailContent {
  return compose(
    "Your invitation to the Kindred back office",
    name,
    [
      {
        paragraph: `${invitedBy} has invited you to the Kindred Funeral Plans back office, as ${withIndefiniteArticle(staffRoleNames[role].toLowerCase())}.`,
      },
      { link: { label: "Set up your account", url: link } },
      {
        paragraph:
          "You will choose a password and set up an authenticator app on your phone (such as Google Authenticator or Microsoft Authenticator). Each time you sign in, you will need both. The link works once, for the next 72 hours.",
      },
      {
        paragraph:
          "If you were not expecting this, do not follow the link, and tell the administrator who sent it.",
      },
    ],
    {
      closing: "If you have any questions, ask the administrator who invited you.",
    },
  );
}
