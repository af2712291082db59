// Every email the product sends: one file each, holding the schema of what it needs to be written
// at the moment it is sent and how it is written. A new email is a new file here, its schema in
// `emailSchema` and its renderer in `renderers`; the compiler asks for the second once the first is in.
import { z } from "zod";
import { accountExistsSchema, renderAccountExists } from "./account-exists";
import { arrearsStatementSchema, renderArrearsStatement } from "./arrears-statement";
import { confirmEmailSchema, renderConfirmEmail } from "./confirm-email";
import {
  deathNotificationReceivedSchema,
  renderDeathNotificationReceived,
} from "./death-notification-received";
import { deathNotifiedSchema, renderDeathNotified } from "./death-notified";
import { deathReportedSchema, renderDeathReported } from "./death-reported";
import { directDebitEndedSchema, renderDirectDebitEnded } from "./direct-debit-ended";
import { directDebitNoticeSchema, renderDirectDebitNotice } from "./direct-debit-notice";
import { freeGuideSchema, renderFreeGuide } from "./free-guide";
import { funeralDirectorAppointedSchema, renderFuneralDirectorAppointed } from "./funeral-director-appointed";
import { funeralDirectorLetterSchema, renderFuneralDirectorLetter } from "./funeral-director-letter";
import { funeralInstructionSchema, renderFuneralInstruction } from "./funeral-instruction";
import { latePaymentRefundedSchema, renderLatePaymentRefunded } from "./late-payment-refunded";
import type { EmailContent } from "./layout";
import { passwordChangedSchema, renderPasswordChanged } from "./password-changed";
import { planCancelledSchema, renderPlanCancelled } from "./plan-cancelled";
import { planPaidSchema, renderPlanPaid } from "./plan-paid";
import { planStatementSchema, renderPlanStatement } from "./plan-statement";
import { refundFailedSchema, renderRefundFailed } from "./refund-failed";
import { renderResetPassword, resetPasswordSchema } from "./reset-password";
import { renderSignInLink, signInLinkSchema } from "./sign-in-link";
import { renderStaffInvitation, staffInvitationSchema } from "./staff-invitation";

export type { EmailContent, Recipient } from "./layout";

/** Each email the product sends, told apart by its `kind`. */
export const emailSchema = z.discriminatedUnion("kind", [
  confirmEmailSchema,
  resetPasswordSchema,
  signInLinkSchema,
  accountExistsSchema,
  passwordChangedSchema,
  planPaidSchema,
  directDebitNoticeSchema,
  directDebitEndedSchema,
  planCancelledSchema,
  latePaymentRefundedSchema,
  refundFailedSchema,
  freeGuideSchema,
  arrearsStatementSchema,
  funeralDirectorAppointedSchema,
  funeralDirectorLetterSchema,
  planStatementSchema,
  deathNotificationReceivedSchema,
  deathNotifiedSchema,
  deathReportedSchema,
  funeralInstructionSchema,
  staffInvitationSchema,
]);
export type Email = z.infer<typeof emailSchema>;

/** Each kind's renderer, taking that kind's email: a kind without one does not compile. */
const renderers: { [Kind in Email["kind"]]: (email: Extract<Email, { kind: Kind }>) => EmailContent } = {
  "confirm-email": renderConfirmEmail,
  "reset-password": renderResetPassword,
  "sign-in-link": renderSignInLink,
  "account-exists": renderAccountExists,
  "password-changed": renderPasswordChanged,
  "plan-paid": renderPlanPaid,
  "direct-debit-notice": renderDirectDebitNotice,
  "direct-debit-ended": renderDirectDebitEnded,
  "plan-cancelled": renderPlanCancelled,
  "late-payment-refunded": renderLatePaymentRefunded,
  "refund-failed": renderRefundFailed,
  "free-guide": renderFreeGuide,
  "arrears-statement": renderArrearsStatement,
  "funeral-director-appointed": renderFuneralDirectorAppointed,
  "funeral-director-letter": renderFuneralDirectorLetter,
  "plan-statement": renderPlanStatement,
  "death-notification-received": renderDeathNotificationReceived,
  "death-notified": renderDeathNotified,
  "death-reported": renderDeathReported,
  "funeral-instruction": renderFuneralInstruction,
  "staff-invitation": renderStaffInvitation,
};

/** The words of one email. */
export function renderEmail(email: Email): EmailContent {
  // TypeScript cannot follow that the renderer picked by `email.kind` takes that same email; the
  // record's type above is what ties each kind to its own renderer.
  const render = renderers[email.kind] as (email: Email) => EmailContent;
  return render(email);
}

/**
 * Each kind of email in words, as "download my data" lists the emails sent to a person (issue 50
 * item 5): what it was about, never what it held.
 */
export const emailKindNames: { [Kind in Email["kind"]]: string } = {
  "confirm-email": "Please confirm your email address",
  "reset-password": "A link to reset your password",
  "sign-in-link": "A link to sign in",
  "account-exists": "You already have an account with us",
  "password-changed": "Your password has been changed",
  "plan-paid": "Your funeral plan is confirmed",
  "direct-debit-notice": "Your Direct Debit is set up, with the dates of your payments",
  "direct-debit-ended": "Your Direct Debit has ended",
  "plan-cancelled": "Your plan has been cancelled",
  "late-payment-refunded": "A payment that arrived late has been given back",
  "refund-failed": "A refund could not be made",
  "free-guide": "Your free guide to planning a funeral",
  "arrears-statement": "A statement of missed payments",
  "funeral-director-appointed": "A funeral plan naming the funeral director",
  "funeral-director-letter": "Your funeral director",
  "plan-statement": "Your plan statement",
  "death-notification-received": "We have your message telling us of a death",
  "death-notified": "A funeral plan: what happens next",
  "death-reported": "We have been told of a death under a funeral plan",
  "funeral-instruction": "A funeral instruction to the funeral director",
  "staff-invitation": "An invitation to the Kindred back office",
};
