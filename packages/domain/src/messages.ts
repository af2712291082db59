/**
 * User-facing wording shared by the web app and the API, so both say the same thing.
 * Where SPEC.md gives a message, it is used word for word.
 */
export const messages = {
  required: "This field is required",
  nonDefaultCountry: "Please select non default option.",
  tooShort: (length: number) => `This value is too short. It should have ${length} characters or more.`,
  tooLong: (length: number) => `This value is too long. It should have ${length} characters or less.`,
  numbersOnly: "Enter number only",
  notANumber: "This should be a number",
  notPositive: "This should be a positive number",
  noDecimalPoint: "This can't include a decimal point",
  atLeast: (minimum: number) => `The value should be equal to or be bigger than ${minimum}.`,
  atMost: (maximum: number) => `The value should be equal to or be smaller than ${maximum}.`,
  digitCount: (count: number) => `This value should have ${count} numbers.`,
  invalidEmail: "Please enter a valid email address",
  emailsMustMatch: "Emails must match",
  passwordNeedsLetter: "Password must contain at least one letter",
  passwordNeedsNumber: "Password must contain at least one number",
  passwordNeedsSpecial: "Password must contain at least one of these @$!%*#?& special characters",
  passwordTooShort: "Password is too short - should be 8 characters minimum.",
  passwordTooLong: "Password is too long - should be 25 characters maximum.",
  passwordTooCommon:
    "This password is one of the most common, so it is easy to guess. Please choose a different one.",
  passwordsMustMatch: "Passwords must match",
  nothingToSave: "You have no data to save, have you made some selections?",
  requestFailed: "Fatal error please refresh or contact site admin",
  requestNotSent: "Application could not send request, please contact site admin",
  saved: "Saved!",
  noSuchPlan: "No such plan",
  priceChangeTitle: "The price of your plan has changed",
  priceChangeUnderstood: "I understand",
  notAPlanReference: "This is not a plan reference.",
  optionNotAvailable: "This option is no longer available. Please choose again.",
  contributionNeedsNotes: "Please tell us what this contribution is for (at least 2 characters).",
  contributionNotMoney: "Enter an amount in pounds, like 50 or 25.50",
  pallbearerContributionNotOffered:
    "Money can only be set aside for pallbearers when family or friends carry the coffin.",
  transportContributionNotOffered:
    "Money can only be set aside for transport when you choose a vehicle of your own.",
  carKindChosenTwice: "Each kind of car can only be chosen once. Give the number you would like instead.",
  notPartOfThisFuneral:
    "This does not go with the funeral you have chosen, so it cannot be saved in your plan.",
  includedInKindOfFuneral:
    "This is chosen for you as part of the kind of funeral you have picked, so it cannot be changed.",
  partOfYourPackage:
    "This is part of the package you have chosen, so it cannot be changed while your plan is a package.",
  signInFailed: "The email address or password is not right. Check them and try again.",
  tooManyResetRequests:
    "We have already sent several links to reset this password. For your security, please wait an hour and try again, or call us.",
  planChangedElsewhere:
    "This plan was changed in another window or on another device after you opened it, so nothing was saved here. Reload the page to see the latest version.",
  tooManyPlans: (limit: number) =>
    `You already have ${limit} plans saved, which is as many as we keep for one person. Please carry on with one of them, or call us and we will help.`,
  tooManyRequests:
    "We have had a great many requests from your connection. Please wait a few minutes and try again, or call us.",
  tooManyAttempts:
    "There have been too many attempts. For your security, please wait 15 minutes and try again, or call us.",
  resetLinkSent:
    "If there is an account for that email address, we have sent it a link to reset the password. The link works for one hour.",
  passwordChanged: "Your password has been changed. You can now sign in with your new password.",
  resetLinkInvalid: "This link has expired or has already been used. Please ask for a new one.",
  confirmLinkInvalid:
    "This link has expired, has already been used, or is not complete. We can send you a new one.",
  confirmLinkResent:
    "If there is an account for that email address that still needs confirming, we have sent it a new link. The link works for 48 hours.",
  tooManyConfirmRequests:
    "We have already sent several confirmation links to this address. For your security, please wait an hour and try again, or call us.",
  emailNotConfirmed:
    "Please confirm your email address before you pay: click the link in the email we sent you. We can send it again.",
  emailConfirmed: "Thank you, your email address is confirmed.",
  signInToSeeAccount: "Please sign in to see your account.",
  accountRegistered:
    "Thank you. We have sent an email to this address: please follow the link in it to confirm your email address.",
  notSignedInAfterRegistering:
    "We could not sign you in with this email address and password. If you already have an account with us, we have emailed you about it: sign in with your password, or reset it, to carry on. Your answers are kept.",
  loggedOutExpired:
    "For your security you have been signed out, as you had not used the site for a while. Please sign in again.",
  notARealDate: "Enter a real date, like 7 March 1948",
  dateOfBirthInFuture: "The date of birth must be in the past",
  dateOfDeathInFuture: "The date they died must be today or in the past",
  dateOfDeathBeforeBirth: "The date they died must be after their date of birth",
  planReferenceOrPostcodeNeeded: "Enter the plan reference, or the postcode of their home",
  /** Telling us of a death: the same answer whether or not a plan matched (issue 23 item 4). */
  deathNotificationReceived:
    "Thank you for letting us know. We are very sorry for your loss. We have sent you an email to say we have your message, and someone from our team will call you to talk through what happens next.",
  funeralRequested:
    "The funeral has been requested under this plan, so it can no longer be changed, cancelled or paid for here. Please call us if anything needs to change.",
  mustBeAdult: (age: number) => `This person must be ${age} or over`,
  customerTooYoung: "You must be 18 or over to buy a funeral plan",
  payerTooYoung: "The person paying for the plan must be 18 or over",
  notAUkPhoneNumber: "Enter a UK phone number, like 01632 960 001 or 07700 900 982",
  documentsInEnglishNeeded:
    "Please tick to confirm you are happy with documents in English. If you need another language, please call us and we will help.",
  vulnerabilityConsentNeeded:
    "Please tick to let us keep what you have told us about your circumstances, or untick the circumstances above.",
  planNotFinished: "Your plan is not finished yet. Please go back and answer each question.",
  documentsNotAccepted: "Please read and accept all six documents of your plan before you pay.",
  customerDetailsMissing: "We need your details before you pay.",
  accountNeededToPay: "Please create an account or sign in before you pay, so your plan is kept safe.",
  fullPostcodeNotValid: "Enter a full UK postcode, like MK9 2HP",
  postcodeNotValid: "Enter a UK postcode, like SW1A 1AA, or the first part of one, like SW1A",
  /** Address lookup (docs/decisions/013-address-lookup.md): the manual route is always there. */
  noAddressesForPostcode:
    "We could not find that postcode. Check it and try again, or enter the address manually.",
  addressNotFound:
    "We could not find that address any more. Please find it again, or enter the address manually.",
  addressLookupUnavailable:
    "Sorry, we cannot look up addresses just now. Please enter the address manually, or try again in a few minutes.",
  /** An address still to give while the finder is showing: its fields are out of sight. */
  addressNotGiven: "Find the address by its postcode, or enter the address manually.",
  /**
   * The continuity statement (SPEC.md section 9): cancellation at any time, no fee, a full
   * refund, with the support phone number in the text.
   */
  cancellationStatement: (phone: string) =>
    `You can cancel your plan at any time. There is no fee for cancelling, and you will get a full refund of everything you have paid. To cancel, or if you have any questions, call us free on ${phone}.`,
  /**
   * The same promise inside the account's "cancel this plan" dialog, whose own button cancels:
   * there, calling us is for questions, not the way to cancel (issue 25 item 8).
   */
  cancellationPromiseBesideCancelling: (phone: string) =>
    `You can cancel your plan at any time. There is no fee for cancelling, and you will get a full refund of everything you have paid. If you have any questions before you decide, call us free on ${phone}.`,
  documentChangedSinceAccepted:
    "Your plan has changed since you accepted this document, so it has been updated. Please read it again and accept it.",
  /**
   * What happens next for someone who asked for their documents in braille or on audio CD:
   * `format` is how a sentence names it ("in braille", "on audio CD").
   */
  documentsToBePosted: (format: string, phone: string) =>
    `You asked for your documents ${format}. We will post them to you within 10 working days of your purchase. You can read them here in the meantime, or call us free on ${phone} if you need them sooner.`,
  unknownDocument: "This is not one of the plan's documents.",
  documentListedTwice: "Each document can only be listed once.",
  /**
   * Bank details (docs/decisions/015-bank-details-and-working-days.md): a sort code and account
   * number that do not pass Vocalink's modulus check together.
   */
  bankDetailsCheckFailed: "Check your sort code and account number. They do not match a UK bank account.",
  postcodeNotRecognised:
    "We could not find that postcode. Check it and try again, or choose our head office below.",
  /** Referral codes (issue 10 item 8; docs/decisions/017-referral-codes.md). */
  referralCodeMissing: "Please enter the referral code.",
  referralCodeNotRecognised: "We do not recognise this code. Please check it and try again.",
  referralCodeOwnPlan: "You cannot use a code from your own plan.",
  referralCodeAlreadyApplied: "This plan already has a referral code.",
  referralCodeNeedsPaidPlan: "Referral codes are given once a plan is paid for.",
  referralCodeNotForPaidPlan:
    "A referral code can only be added before a plan is paid for. If you meant to use one, please call us.",
  referralCodePlanCancelled: "This plan has been cancelled, so a referral code cannot be added to it.",
  referralCodeCancelledPlan: "This plan has been cancelled, so it does not have a referral code.",
  /** Paying for a plan (issue 10; docs/decisions/016-payments.md). */
  choosePaymentOption: "Please choose how you would like to pay.",
  choosePaymentTerm: "Please choose how many months to pay over.",
  notAPaymentReference: "This is not a payment reference.",
  idempotencyKeyMissing:
    "Each payment request needs an Idempotency-Key header: a new unique value for each attempt to pay, of 8 to 255 letters, digits, dashes, dots, colons or underscores.",
  idempotencyKeyReused:
    "This Idempotency-Key was already used for a different request. Make a new key for a new attempt to pay.",
  paymentChoiceNeeded: "Please choose how you would like to pay before you pay.",
  paymentOptionDiffers: "This is not how you chose to pay. Please go back and check your payment choice.",
  planAlreadyPaid: "This plan is already paid for. There is nothing more to pay now.",
  planPaymentInProgress:
    "A payment for this plan is already in progress. Please finish it, or wait a moment and try again.",
  planCancelled: "This plan has been cancelled, so it cannot be paid for or changed.",
  planPaidCannotChange:
    "This plan is paid for, so it can no longer be changed. Please call us if something needs to change.",
  contactDetailsPlanCancelled:
    "This plan has been cancelled, so its contact details can no longer be changed here. Please call us if you need to tell us something.",
  /** Staff reading and acting on a plan (issue 24 item 4; docs/decisions/031-staff-back-office.md). */
  circumstancesNotShared:
    "The customer has not agreed to share their circumstances with us, so there is nothing to show.",
  staffNoteNeeded: "Write the note.",
  staffNoteTooLong: "Keep the note to 2,000 characters or fewer.",
  contactDetailsChangedMeanwhile:
    "These details changed while you were looking at them. Look at them again, then make your change.",
  contactDetailsVersionNeeded: "Open the plan again to change its contact details.",
  nothingToResend: "This plan has no email of that kind to send again.",
  resendPlanCancelled:
    "This plan has been cancelled, so its confirmation and Direct Debit notice are not sent again.",
  directDebitNotNeeded: "Direct Debit is only for paying by instalments. You chose to pay in full.",
  directDebitAlreadySetUp: "A Direct Debit is already set up for this plan.",
  depositNotPaidYet: "Please pay the deposit before setting up the Direct Debit.",
  soleSignatoryNeeded:
    "Please confirm you are the account holder and the only person needed to authorise debits. If not, please call us and we will help.",
  cardNumberMissing: "Enter the card number",
  cardExpiryMissing: "Enter the expiry date, like 04/29",
  cardSecurityCodeMissing: "Enter the security code, the last 3 digits on the back of the card",
  cardNumberNotValid: "Enter a card number that is 16 digits long, like the one on the front of your card",
  cardExpiryNotValid: "Enter an expiry date in the future, like 04/29",
  cardSecurityCodeNotValid: "Enter the 3 digit security code from the back of your card",
  cardDeclined:
    "Your card was declined. No money has been taken. Please try another card, or call your bank.",
  paymentProviderUnavailable:
    "We could not reach our payment provider just now, so nothing has been taken. Please try again in a few minutes, or call us.",
  cardNotConfirmed: "Your bank did not confirm the payment. No money has been taken. Please try again.",
  sandboxNeedsTestCard:
    "This is the test payment page: no real card can be used. Use a test card, like 4242 4242 4242 4242.",
  planCannotBeCancelled: "This plan has already been cancelled.",
  cardPaymentCancelled:
    "This payment was cancelled, so nothing has been taken. Please go back to your plan to see what to pay now.",
  /** The free guide (docs/decisions/019-free-guide.md). */
  phoneNeededToCall: "Enter a phone number for us to call, or untick By phone.",
  tooManyGuideRequests:
    "We have had several requests for the guide from this email address or connection. Please wait an hour and try again, or call us.",
  /** Deleting an account (issue 25 item 12; docs/decisions/030-data-rights-and-retention.md). */
  currentPasswordWrong: "That is not the password for your account. Check it and try again.",
  accountDeleted:
    "Your account has been deleted, with your unfinished plans and your choices about news and offers. We will not contact you with news or offers again.",
  accountKeptForPlans:
    "We have deleted what we can: your unfinished plans, your choices about news and offers, your answers about your circumstances and your sessions on other devices. Your account stays, with the plans the law requires us to keep, so you can still see them.",
  /** The staff back office (issue 24; docs/decisions/031-staff-back-office.md). */
  staffPasswordTooShort: "Use at least 12 characters. A few unrelated words together make a good one.",
  staffPasswordTooLong: "Use 128 characters or fewer.",
  authenticatorCodeFormat: "Enter the 6-digit code your authenticator app shows now.",
  authenticatorCodeWrong:
    "That code is not right, or has already been used. Enter the code your authenticator app shows now.",
  staffSignInFailed: "The email address, password or code is not right. Check them and try again.",
  staffSignedOut:
    "You have been signed out, after 15 minutes without activity or because you signed out everywhere. Please sign in again.",
  staffAccountLocked:
    "This account is locked for 15 minutes after too many tries. Please wait, or ask an administrator to unlock it.",
  staffInvitationInvalid:
    "This invitation has expired or has already been used. Please ask an administrator for a new one.",
  staffMemberExists: "There is already a member of staff with this email address.",
  noSuchStaffMember: "There is no member of staff with this reference.",
  staffPermissionNeeded: "Your role does not allow this. Please ask an administrator if you need it.",
  searchTooShort: "Type at least 3 letters or numbers to search.",
  searchPageUnknown: "This page of results is no longer there. Please search again.",
  /** The staff work queues (issue 24 item 5). */
  staffQueuePageInvalid: "Choose a page number from 1.",
  refundNotOwed: "No refund is owed on this payment.",
  refundAlreadyRefunded: "This refund has already been made. The provider confirmed it.",
  refundStillBeingSent:
    "This refund is still with the payment provider. You can send it again only once the provider has given up on it.",
  noSuchRefund: "There is no refund with this reference.",
  noSuchAtNeedCase: "There is no case with this reference.",
  atNeedCaseUnmatched: "This case is not matched to a plan yet, so its funeral cannot be moved on.",
  funeralStatusBackwards: "A funeral cannot go back a step. It is already further on than that.",
  funeralStatusSame: "The funeral is already at this step.",
  funeralStatusSkipped: "Move the funeral on one step at a time: it must be arranged before it is provided.",
  atNeedNoteNeeded: "Write a note saying what was done.",
  atNeedNoteTooLong: "Keep the note to 2,000 characters or fewer.",
  arrearsOutcomeNeeded: "Choose the outcome: settled, a new arrangement, or cancelled with a refund.",
  arrearsArrangementNoteNeeded: "Write what was agreed for the new arrangement.",
  /** Catalogue and branch changes with dates (issue 24 item 6; docs/decisions/032-catalogue-changes.md). */
  catalogueChangePriceNeeded: "Enter the new price in pounds, like 2950 or 2,950.00.",
  catalogueChangePriceTooHigh: "Enter a price of £100,000 or less.",
  catalogueChangeDateNeeded: "Enter the date the change takes effect.",
  catalogueChangeDatePast: "A change cannot take effect before today. Choose today or a later date.",
  catalogueChangeDateTooFar: "Choose a date within the next 2 years.",
  catalogueChangeReasonNeeded: "Say why the change is made. It is kept with the change.",
  catalogueChangeReasonTooLong: "Keep the reason to 500 characters or fewer.",
  branchChangeNeedsADetail: "Change at least one of the branch's details.",
  branchNameNeeded: "Enter the branch's name.",
  branchManagerNeeded: "Enter the branch manager's name.",
  branchWebsiteInvalid: "Enter the branch's website address, starting https://",
  noSuchCatalogueOption: "There is no option with this reference.",
  noSuchBranch: "There is no branch with this reference.",
  noSuchArrearsStatement: "There is no arrears statement with this reference.",
  arrearsOutcomeAlreadyRecorded: "An outcome has already been recorded for this statement.",
  arrearsStatementNotLatest:
    "A later statement has been sent for this plan since. Record the outcome against that one.",
  noSuchEnquiry: "There is no enquiry with this reference.",
  planPriceChangedSinceAsked:
    "The price of your plan has changed since you last started to pay. Please look at your plan and its documents again, then pay the price shown.",
} as const;
