import { supportPhone } from "@kindred/domain";

/** What every email says, as plain text and as HTML. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** Who an email goes to. */
export interface Recipient {
  name: string;
  address: string;
}

/** Each email the product sends, with what it needs to be written at the moment it is sent. */
export type Email =
  | { kind: "confirm-email"; to: Recipient; firstName: string; link: string }
  | { kind: "reset-password"; to: Recipient; firstName: string; link: string }
  | { kind: "password-changed"; to: Recipient; firstName: string; changedAt: Date };

/** The words of one email. */
export function emailContent(email: Email): EmailContent {
  switch (email.kind) {
    case "confirm-email":
      return confirmEmailMessage(email);
    case "reset-password":
      return resetPasswordMessage(email);
    case "password-changed":
      return passwordChangedMessage(email);
  }
}

const signOff = "The Kindred Funeral Plans team";

/** A paragraph is plain text; a link is shown as a button in HTML and as its address in text. */
type Block = { paragraph: string } | { link: { label: string; url: string } };

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function compose(subject: string, firstName: string, blocks: Block[]): EmailContent {
  const closing = `If you have any questions, call us on ${supportPhone.display}. We are glad to help.`;

  const text = [
    `Dear ${firstName},`,
    ...blocks.map((block) =>
      "paragraph" in block ? block.paragraph : `${block.link.label}:\n${block.link.url}`,
    ),
    closing,
    `With kind regards,\n${signOff}`,
  ].join("\n\n");

  const paragraphStyle = "margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2a37";
  const htmlBlocks = blocks.map((block) =>
    "paragraph" in block
      ? `<p style="${paragraphStyle}">${escapeHtml(block.paragraph)}</p>`
      : `<p style="${paragraphStyle}"><a href="${escapeHtml(block.link.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#2f4b3c;color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(block.link.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#4b5563">If the button does not work, copy this address into your browser:<br>${escapeHtml(block.link.url)}</p>`,
  );
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f7f5f2;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px">
<p style="${paragraphStyle}">Dear ${escapeHtml(firstName)},</p>
${htmlBlocks.join("\n")}
<p style="${paragraphStyle}">${escapeHtml(closing)}</p>
<p style="${paragraphStyle}">With kind regards,<br>${escapeHtml(signOff)}</p>
</div>
</body>
</html>
`;
  return { subject, text: `${text}\n`, html };
}

/** Sent on registration: the signed link that confirms the address (48 hours, once). */
export function confirmEmailMessage({ firstName, link }: { firstName: string; link: string }): EmailContent {
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

/** Sent when someone asks to reset the password: the reset link (one hour, once). */
export function resetPasswordMessage({ firstName, link }: { firstName: string; link: string }): EmailContent {
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

const changeTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Europe/London",
});

/** Sent after a reset: says when the password changed, and what to do if it was not them. */
export function passwordChangedMessage({
  firstName,
  changedAt,
}: {
  firstName: string;
  changedAt: Date;
}): EmailContent {
  return compose("Your password has been changed", firstName, [
    {
      paragraph: `The password for your Kindred Funeral Plans account was changed on ${changeTime.format(changedAt)} (UK time).`,
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
