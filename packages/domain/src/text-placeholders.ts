import { atNeedPhone, supportPhone } from "./contact-details";
import { firmDetails } from "./firm-details";
import * as purchaseMessages from "./purchase-messages";
import { refundDeadlineInWords } from "./refunds";
import { whenTheTimeComesMarkdown } from "./when-the-time-comes";

/**
 * The facts the site's written texts (the legal documents, the free guide, the advice articles,
 * the information pages) quote as `{{name}}`, each written once elsewhere and only quoted here, so
 * no text can drift from the rest of the site: who we are (firm-details), the phone number and
 * hours and the line for telling us of a death (contact-details), the continuity statement
 * (messages), how soon a refund is paid (refunds) and, given the catalogue's first months, what
 * happens when the person covered dies (when-the-time-comes).
 */
export function textPlaceholders(catalogue?: { moratoriumMonths: number }): Record<string, string> {
  return {
    ...firmDetails,
    supportPhone: supportPhone.display,
    supportPhoneDial: supportPhone.dial,
    supportHours: supportPhone.hours,
    // The line for telling us of a death, answered day and night (issue 23 item 4).
    atNeedPhone: atNeedPhone.display,
    atNeedPhoneDial: atNeedPhone.dial,
    atNeedHours: atNeedPhone.hours,
    cancellationStatement: purchaseMessages.cancellationStatement(supportPhone.display),
    refundDeadline: refundDeadlineInWords,
    // Paragraphs and lists: the placeholder stands on a line of its own.
    ...(catalogue ? { whenTheTimeComes: whenTheTimeComesMarkdown(catalogue.moratoriumMonths) } : {}),
  };
}

/**
 * Fills in `{{name}}` from `placeholders`. A name in `slots` is left as it is, for the page or
 * document to fill with something of its own; any other name nobody defined throws, naming
 * `source`, so no text can go out with `{{…}}` in it.
 */
export function fillTextPlaceholders(
  markdown: string,
  placeholders: Readonly<Record<string, string>>,
  source: string,
  slots: readonly string[] = [],
): string {
  return markdown.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = placeholders[name];
    if (value !== undefined) return value;
    if (slots.includes(name)) return whole;
    throw new Error(`${source}: unknown placeholder {{${name}}}`);
  });
}
