// What every email shares, written once: who it goes to, the files it may carry, the greeting,
// closing and sign-off around its words, and how dates and text are written into it. Money is
// written by the domain's `formatPrice`, as everywhere else.
import { financialServicesRegisterUrl, regulatoryIdentity, supportPhone } from "@kindred/domain";
import { z } from "zod";

/** What every email says, as plain text and as HTML. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** Who an email goes to. */
export const recipientSchema = z.object({ name: z.string(), address: z.string() });
export type Recipient = z.infer<typeof recipientSchema>;

/** A file sent with an email (the plan's PDFs), kept base64 in the queue. */
export const attachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  contentBase64: z.string(),
});

const signOff = "The Kindred Funeral Plans team";

/**
 * A paragraph is plain text; a list is its items, each a line starting "- " in text; a link is
 * shown as a button in HTML and as its address in text.
 */
export type Block = { paragraph: string } | { list: string[] } | { link: { label: string; url: string } };

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * Who we are, under every email (issue 23 item 6): the firm, its FCA firm reference number with
 * where to check it, and the company, from the one firm details block.
 */
const whoWeAre = {
  text: `${regulatoryIdentity.authorised} ${regulatoryIdentity.firmReference} ${regulatoryIdentity.checkTheRegister}: ${financialServicesRegisterUrl}\n${regulatoryIdentity.registered}`,
  html: `<p style="margin:24px auto 0;max-width:560px;font-size:13px;line-height:1.5;color:#4b5563">${escapeHtml(regulatoryIdentity.authorised)} ${escapeHtml(regulatoryIdentity.firmReference)} <a href="${escapeHtml(financialServicesRegisterUrl)}" style="color:#4b5563">${escapeHtml(regulatoryIdentity.checkTheRegister)}</a>.<br>${escapeHtml(regulatoryIdentity.registered)}</p>`,
};

/**
 * One email in the house layout: greeting, its blocks, the closing and the sign-off, then who we
 * are, as text and HTML. The closing gives the plan line unless the email gives its own (the
 * 24-hour line, after a death).
 */
export function compose(
  subject: string,
  /** Whom "Dear …," names; null writes "Hello," (to an address we have not confirmed, a stranger may have typed the name). */
  firstName: string | null,
  blocks: Block[],
  {
    closing = `If you have any questions, call us on ${supportPhone.display}. We are glad to help.`,
  }: { closing?: string } = {},
): EmailContent {
  const greeting = firstName === null ? "Hello," : `Dear ${firstName},`;
  const text = [
    greeting,
    ...blocks.map((block) =>
      "paragraph" in block
        ? block.paragraph
        : "list" in block
          ? block.list.map((item) => `- ${item}`).join("\n")
          : `${block.link.label}:\n${block.link.url}`,
    ),
    closing,
    `With kind regards,\n${signOff}`,
    `--\n${whoWeAre.text}`,
  ].join("\n\n");

  const paragraphStyle = "margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2a37";
  const htmlBlocks = blocks.map((block) =>
    "paragraph" in block
      ? `<p style="${paragraphStyle}">${escapeHtml(block.paragraph)}</p>`
      : "list" in block
        ? `<ul style="margin:0 0 16px;padding-left:24px;font-size:16px;line-height:1.5;color:#1f2a37">\n${block.list.map((item) => `<li style="margin:0 0 8px">${escapeHtml(item)}</li>`).join("\n")}\n</ul>`
        : `<p style="${paragraphStyle}"><a href="${escapeHtml(block.link.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#2f4b3c;color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(block.link.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#4b5563">If the button does not work, copy this address into your browser:<br>${escapeHtml(block.link.url)}</p>`,
  );
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f7f5f2;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px">
<p style="${paragraphStyle}">${escapeHtml(greeting)}</p>
${htmlBlocks.join("\n")}
<p style="${paragraphStyle}">${escapeHtml(closing)}</p>
<p style="${paragraphStyle}">With kind regards,<br>${escapeHtml(signOff)}</p>
</div>
${whoWeAre.html}
</body>
</html>
`;
  return { subject, text: `${text}\n`, html };
}

/** "5 January 2027" for an ISO date (a UK day), as the documents and screens write it: the domain's. */
export { formatLongDate } from "@kindred/domain";

const ukDateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Europe/London",
});
/** "5 January 2027 at 14:30" for a moment, as the clocks in the UK showed it. */
export function formatUkDateTime(moment: Date): string {
  return ukDateTime.format(moment);
}
