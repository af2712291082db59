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
