import { formatPrice, sumPence, supportPhone } from "@kindred/domain";

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

/** A file sent with an email (the plan's PDFs), kept base64 in the queue. */
export interface Attachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** The facts of a new Direct Debit that its advance notice gives (amounts in pence, ISO dates). */
export interface DirectDebitNotice {
  planReference: string;
  mandateReference: string;
  accountHolderName: string;
  sortCode: string;
  accountNumberEnding: string;
  instalments: { date: string; amount: number }[];
}

/** Each email the product sends, with what it needs to be written at the moment it is sent. */
export type Email =
  | { kind: "confirm-email"; to: Recipient; firstName: string; link: string }
  | { kind: "reset-password"; to: Recipient; firstName: string; link: string }
  | { kind: "account-exists"; to: Recipient; firstName: string; signInLink: string; resetLink: string }
  | { kind: "password-changed"; to: Recipient; firstName: string; changedAt: Date }
  | {
      kind: "plan-paid";
      to: Recipient;
      firstName: string;
      planReference: string;
      paymentOption: "full" | "deposit";
      amount: number;
      attachments: Attachment[];
    }
  | { kind: "direct-debit-notice"; to: Recipient; firstName: string; notice: DirectDebitNotice }
  | { kind: "plan-cancelled"; to: Recipient; firstName: string; planReference: string; refund: number }
  | {
      kind: "late-payment-refunded";
      to: Recipient;
      firstName: string;
      planReference: string;
      amount: number;
      planCancelled: boolean;
    }
  | {
      kind: "free-guide";
      to: Recipient;
      /** The name the person gave, as they gave it. */
      name: string;
      /** How they are happy to hear from us besides this email, as they ticked it. */
      contactPreferences: { email: boolean; phone: boolean; post: boolean };
      planningLink: string;
      downloadLink: string;
      attachments: Attachment[];
    }
  | {
      kind: "arrears-statement";
      to: Recipient;
      firstName: string;
      planReference: string;
      missed: { date: string; amount: number }[];
      catchUpBy: string;
    };

/** The words of one email. */
export function emailContent(email: Email): EmailContent {
  switch (email.kind) {
    case "confirm-email":
      return confirmEmailMessage(email);
    case "reset-password":
      return resetPasswordMessage(email);
    case "account-exists":
      return accountExistsMessage(email);
    case "password-changed":
      return passwordChangedMessage(email);
    case "plan-paid":
      return planPaidMessage(email);
    case "direct-debit-notice":
      return directDebitNoticeMessage(email);
    case "plan-cancelled":
      return planCancelledMessage(email);
    case "late-payment-refunded":
      return latePaymentRefundedMessage(email);
    case "arrears-statement":
      return arrearsStatementMessage(email);
    case "free-guide":
      return freeGuideMessage(email);
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

/**
 * Sent instead of a new account's confirmation when someone registers with an address that
 * already has an account: the registration answers the same either way (issue 12 fault 6), so
 * only the address's owner learns the account exists.
 */
export function accountExistsMessage({
  firstName,
  signInLink,
  resetLink,
}: {
  firstName: string;
  signInLink: string;
  resetLink: string;
}): EmailContent {
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

const longDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });
/** "5 January 2027" for an ISO date. */
export function formatLongDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** Sent when a plan's payment (in full, or its deposit) is confirmed, with the plan's two PDFs. */
export function planPaidMessage({
  firstName,
  planReference,
  paymentOption,
  amount,
}: {
  firstName: string;
  planReference: string;
  paymentOption: "full" | "deposit";
  amount: number;
}): EmailContent {
  const paid =
    paymentOption === "full"
      ? `Thank you. We have received your payment of ${formatPrice(amount)}, and your funeral plan is paid for in full.`
      : `Thank you. We have received your deposit of ${formatPrice(amount)}, and your funeral plan is now in place. The rest is collected monthly by Direct Debit, as set out in the notice we have sent you separately.`;
  return compose("Your funeral plan is confirmed", firstName, [
    { paragraph: paid },
    {
      paragraph: `Your plan reference is ${planReference}. Please keep it somewhere safe, with your will if you have one.`,
    },
    {
      paragraph:
        "Your plan summary and plan details are attached to this email. We will also tell your funeral director about your plan, and you can see it at any time in your account.",
    },
    {
      paragraph:
        "It may help to let your family, or the person you have chosen as your representative, know that the plan exists and where to find its documents.",
    },
  ]);
}

/** The Direct Debit's advance notice: when each collection is taken and how much, 10 working days ahead at least. */
export function directDebitNoticeMessage({
  firstName,
  notice,
}: {
  firstName: string;
  notice: DirectDebitNotice;
}): EmailContent {
  const [first] = notice.instalments;
  const last = notice.instalments.at(-1);
  const rest = notice.instalments.slice(1);
  const monthly = rest[0]?.amount;
  return compose("Your Direct Debit is set up: advance notice of your payments", firstName, [
    {
      paragraph: `Your Direct Debit for funeral plan ${notice.planReference} is set up, from the account of ${notice.accountHolderName}, sort code ${notice.sortCode}, account number ending ${notice.accountNumberEnding}. It will show on your bank statement as ${notice.mandateReference}.`,
    },
    ...(first
      ? [
          {
            paragraph: `Your first payment of ${formatPrice(first.amount)} will be taken on or just after ${formatLongDate(first.date)}.`,
          },
        ]
      : []),
    ...(monthly !== undefined && last
      ? [
          {
            paragraph: `After that, ${rest.length} monthly payments of ${formatPrice(monthly)} will be taken on the same day each month, the last on or just after ${formatLongDate(last.date)}. In all, ${formatPrice(sumPence(notice.instalments.map((instalment) => instalment.amount)))} will be collected by Direct Debit.`,
          },
        ]
      : []),
    {
      paragraph:
        "The Direct Debit Guarantee protects you: if an amount or a date ever changes, we will tell you at least 10 working days before. If a payment is taken in error, your bank will refund it at once. You can cancel a Direct Debit at any time by contacting your bank.",
    },
  ]);
}

/** Sent when a plan is cancelled: the refund of everything paid, within 30 days. */
export function planCancelledMessage({
  firstName,
  planReference,
  refund,
}: {
  firstName: string;
  planReference: string;
  refund: number;
}): EmailContent {
  return compose("Your funeral plan has been cancelled", firstName, [
    {
      paragraph: `As you asked, we have cancelled funeral plan ${planReference}. There is no fee for cancelling.`,
    },
    {
      paragraph:
        refund > 0
          ? `We will refund everything you have paid, ${formatPrice(refund)}, to the card or bank account it came from within 30 days. Most refunds arrive within a week.`
          : "Nothing had been paid for this plan, so there is nothing to refund.",
    },
    { paragraph: "Any Direct Debit for the plan has been cancelled, and no more payments will be taken." },
    {
      paragraph:
        "If you cancelled by mistake, or would like to talk anything through, please call us. We are sorry to see you go.",
    },
  ]);
}

/**
 * A payment the provider took after we stopped wanting it (the plan was cancelled, or the customer
 * chose another way to pay, and an old payment page was finished all the same): given back whole.
 */
export function latePaymentRefundedMessage({
  firstName,
  planReference,
  amount,
  planCancelled,
}: {
  firstName: string;
  planReference: string;
  amount: number;
  planCancelled: boolean;
}): EmailContent {
  return compose("We are refunding a payment you made", firstName, [
    {
      paragraph: planCancelled
        ? `A payment of ${formatPrice(amount)} for funeral plan ${planReference} reached us after the plan was cancelled.`
        : `A payment of ${formatPrice(amount)} for funeral plan ${planReference} reached us after you chose another way to pay for it.`,
    },
    {
      paragraph: `We have not kept it. We are refunding the whole ${formatPrice(amount)} to the card or bank account it came from within 30 days. Most refunds arrive within a week.`,
    },
    {
      paragraph: planCancelled
        ? "There is nothing you need to do. If you have any questions, please call us."
        : "How you chose to pay is unchanged, and nothing else has been taken. If you have any questions, please call us.",
    },
  ]);
}

/** After two missed instalments (FPCOB): what is owed, and 10 days to catch up. */
export function arrearsStatementMessage({
  firstName,
  planReference,
  missed,
  catchUpBy,
}: {
  firstName: string;
  planReference: string;
  missed: { date: string; amount: number }[];
  catchUpBy: string;
}): EmailContent {
  const owed = sumPence(missed.map((payment) => payment.amount));
  return compose("Two payments for your funeral plan have been missed", firstName, [
    {
      paragraph: `We have not been able to collect ${missed.length} monthly payments for funeral plan ${planReference}: ${missed
        .map((payment) => `${formatPrice(payment.amount)} due on ${formatLongDate(payment.date)}`)
        .join(", and ")}. In all, ${formatPrice(owed)} is owed.`,
    },
    {
      paragraph: `Please pay what is owed by ${formatLongDate(catchUpBy)}. You can call us to pay by card, or we can collect it again by Direct Debit once there is money in the account.`,
    },
    {
      paragraph:
        "If money is tight, please call us. We can spread what is owed, change your monthly payments, or, if you would rather, cancel the plan and refund everything you have paid, with no fee. Your plan stays in place while we talk.",
    },
  ]);
}

const channelWords = { email: "email", phone: "phone", post: "post" } as const;

/** "email", "email and phone", "email, phone and post". */
function listOfWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * Sent when someone asks for the free guide, with the guide attached: what is in it, how they
 * told us they are happy to hear from us (and that nothing else is sent when they ticked nothing).
 */
export function freeGuideMessage({
  name,
  contactPreferences,
  planningLink,
  downloadLink,
}: {
  name: string;
  contactPreferences: { email: boolean; phone: boolean; post: boolean };
  planningLink: string;
  downloadLink: string;
}): EmailContent {
  const ticked = (Object.keys(channelWords) as (keyof typeof channelWords)[])
    .filter((channel) => contactPreferences[channel])
    .map((channel) => channelWords[channel]);
  return compose("Your free guide to planning a funeral", name, [
    {
      paragraph:
        "Thank you for asking for our guide to planning a funeral. It is attached to this email as a PDF, which you can read on screen or print out.",
    },
    {
      paragraph:
        "It explains the choices a funeral involves and what each typically costs, how prepaid funeral plans work and how the money paid for them is protected, and it ends with a checklist to talk through with your family.",
    },
    { link: { label: "Download the guide", url: downloadLink } },
    {
      paragraph:
        ticked.length === 0
          ? "You told us you would rather we did not contact you, so this is the only email we will send you unless you ask us for something."
          : `You told us you are happy to hear from us by ${listOfWords(ticked)}. We will only contact you in the ways you ticked, and you can change your mind at any time by calling us.`,
    },
    {
      paragraph:
        "When you are ready, you can plan a funeral online, one simple question at a time, seeing the price as you go. There is no rush and no obligation.",
    },
    { link: { label: "Start planning", url: planningLink } },
  ]);
}
