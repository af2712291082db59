/**
 * The staff back office's wording (issue 24; docs/decisions/031-staff-back-office.md): what only
 * staff are told, by the back office's pages, the API's staff routes and the rules only they use.
 * Wording a customer can also meet (a card, a payment, a Direct Debit, a refund, contact details)
 * stays in messages.ts, even where staff code says it too.
 *
 * It is a module of its own, read as `staffMessages.name` through the package's
 * `export * as staffMessages` (index.ts), because a bundler keeps a message export for a whole
 * build, not page by page: messages.ts is one module in the chunk every page loads, so every
 * message any client page says was in every customer page's first load (issue 28).
 */
/** Staff reading and acting on a plan (issue 24 item 4; docs/decisions/031-staff-back-office.md). */
export const circumstancesNotShared =
  "The customer has not agreed to share their circumstances with us, so there is nothing to show.";
export const staffNoteNeeded = "Write the note.";
export const staffNoteTooLong = "Keep the note to 2,000 characters or fewer.";
export const contactDetailsChangedMeanwhile =
  "These details changed while you were looking at them. Look at them again, then make your change.";
export const contactDetailsVersionNeeded = "Open the plan again to change its contact details.";
export const nothingToResend = "This plan has no email of that kind to send again.";
export const resentJustNow =
  "This email was sent again less than a minute ago. Ask the customer to look for it, including in their junk folder, before sending it again.";
export const resendPlanCancelled =
  "This plan has been cancelled, so its confirmation and Direct Debit notice are not sent again.";
/** Staff sign-in, members and search (issue 24; docs/decisions/031-staff-back-office.md). */
export const staffPasswordTooShort =
  "Use at least 12 characters. A few unrelated words together make a good one.";
export const staffPasswordTooLong = "Use 128 characters or fewer.";
export const authenticatorCodeFormat = "Enter the 6-digit code your authenticator app shows now.";
export const authenticatorCodeWrong =
  "That code is not right, or has already been used. Enter the code your authenticator app shows now.";
export const staffSignInFailed =
  "The email address, password or code is not right. Check them and try again.";
export const staffSignedOut =
  "You have been signed out, after 15 minutes without activity or because you signed out everywhere. Please sign in again.";
/** The same for every address, a member's or not (decision 038): it says nothing about who is staff. */
export const staffTooManyTries =
  "There have been too many tries. For your security, please wait a minute and try again.";
export const staffInvitationInvalid =
  "This invitation has expired or has already been used. Please ask an administrator for a new one.";
export const staffMemberExists = "There is already a member of staff with this email address.";
export const noSuchStaffMember = "There is no member of staff with this reference.";
/** Leavers and invitations (issue 50 item 12). */
export const cannotDisableYourself =
  "You cannot disable your own account. Ask another administrator to do it.";
export const lastAdministrator =
  "This is the only administrator who can sign in. Invite another administrator before disabling this account.";
export const invitationAlreadyAccepted =
  "This person has already set up their account, so there is no invitation to send.";
export const invitationOfDisabledMember =
  "This person's access is disabled. Let them in again first: a new invitation is then sent.";
export const invitedJustNow =
  "An invitation was sent to this person less than a minute ago. Ask them to look for it, including in their junk folder.";
export const staffPermissionNeeded =
  "Your role does not allow this. Please ask an administrator if you need it.";
export const searchTooShort = "Type at least 3 letters or numbers to search.";
export const searchPageUnknown = "This page of results is no longer there. Please search again.";
/** The staff work queues (issue 24 item 5). */
export const staffQueuePageInvalid = "Choose a page number from 1.";
export const staffQueueFilterInvalid = "Choose one of the filters offered.";
/** The audit log's filters (issue 50 item 13). */
export const auditWhoInvalid = "Choose a member of staff from the list.";
export const auditActionInvalid = "Choose what was done from the list.";
export const auditPlanInvalid =
  "Enter the plan's reference as it is written on the plan, like KND-7Q4M-2HX9.";
export const auditDayInvalid = "Enter a real date, like 27 November 2026.";
export const auditToBeforeFrom = "The last day must be the same as or after the first day.";
export const auditOwnAccountReadsInvalid = "Choose whether to show when staff opened the back office.";
export const refundStillBeingSent =
  "This refund is still with the payment provider. You can send it again only once the provider has given up on it.";
export const noSuchRefund = "There is no refund with this reference.";
export const transferReferenceNeeded = "Enter the bank transfer's reference, as your bank gave it.";
export const transferReferenceTooLong = "The bank transfer's reference must be 64 characters or fewer.";
export const noSuchAtNeedCase = "There is no case with this reference.";
export const atNeedCaseUnmatched =
  "This case is not matched to a plan yet, so its funeral cannot be moved on.";
export const atNeedCaseWithdrawn =
  "This report was withdrawn as not right. If we are told of the death again, the case opens again.";
export const deathNotConfirmedYet =
  "Confirm the death first: the funeral is requested only once the death is confirmed.";
export const funeralAlreadyRequested =
  "The death was confirmed and the funeral requested, so this report can no longer be withdrawn.";
export const deathNotReported =
  "This death is not waiting to be confirmed: it was confirmed or withdrawn already.";
export const deathReportPlanCancelled =
  "This plan was cancelled after the death was reported, so the funeral cannot be requested under it. Please call the family.";
export const deathConfirmationNeeded = "Say how the death was confirmed.";
export const atNeedCaseClosed =
  "This report was closed as not one of our plans. If we are told of the death again, a new case opens.";
/** Matching a report to a plan, or closing it as not ours (issue 50 item 8). */
export const atNeedCaseAlreadyMatched =
  "This report has already been matched to a plan, perhaps a moment ago. Nothing was changed.";
export const atNeedCaseAlreadyClosed =
  "This report has already been closed as not one of our plans, perhaps a moment ago. Nothing was changed.";
export const matchPlanReferenceNeeded =
  "Enter the plan's reference as its page shows it, like KND-7Q4M-2HX9.";
export const noSuchPlanToMatch = "There is no plan with this reference.";
export const matchPlanNotBought = "This plan has not been bought, so a death cannot be matched to it.";
export const matchPlanCancelled = "This plan is cancelled, so a death cannot be matched to it.";
export const matchDeathBeforePlanBought =
  "The date of death we were told is before this plan was bought, so the plan cannot be used for it.";
export const matchPlanHasACase =
  "This plan already has a case for a death told to us: see the plan's page. If this report is about the same death, close it and say so.";
export const closeReasonNeeded = "Say why this report is not about one of our plans.";
export const funeralStatusBackwards = "A funeral cannot go back a step. It is already further on than that.";
export const funeralStatusSame = "The funeral is already at this step.";
export const funeralStatusSkipped =
  "Move the funeral on one step at a time: it must be arranged before it is provided.";
export const atNeedNoteNeeded = "Write a note saying what was done.";
export const atNeedNoteTooLong = "Keep the note to 2,000 characters or fewer.";
export const arrearsOutcomeNeeded =
  "Choose the outcome: settled, a new arrangement, or cancelled with a refund.";
export const arrearsArrangementNoteNeeded = "Write what was agreed for the new arrangement.";
export const noSuchArrearsStatement = "There is no arrears statement with this reference.";
export const arrearsOutcomeAlreadyRecorded = "An outcome has already been recorded for this statement.";
export const arrearsStatementNotLatest =
  "A later statement has been sent for this plan since. Record the outcome against that one.";
export const noSuchEnquiry = "There is no enquiry with this reference.";
/** Catalogue and branch changes with dates (issue 24 item 6; docs/decisions/032-catalogue-changes.md). */
export const catalogueChangePriceNeeded = "Enter the new price in pounds, like 2950 or 2,950.00.";
export const catalogueChangePriceTooHigh = "Enter a price of £100,000 or less.";
export const catalogueChangeDateNeeded = "Enter the date the change takes effect.";
export const catalogueChangeDatePast =
  "A change cannot take effect before today. Choose today or a later date.";
export const catalogueChangeDateTooFar = "Choose a date within the next 2 years.";
export const catalogueChangeReasonNeeded = "Say why the change is made. It is kept with the change.";
export const catalogueChangeReasonTooLong = "Keep the reason to 500 characters or fewer.";
export const branchChangeNeedsADetail = "Change at least one of the branch's details.";
export const branchNameNeeded = "Enter the branch's name.";
export const branchManagerNeeded = "Enter the branch manager's name.";
export const branchWebsiteInvalid = "Enter the branch's website address, starting https://";
export const noSuchCatalogueOption = "There is no option with this reference.";
export const noSuchBranch = "There is no branch with this reference.";
