/**
 * User-facing wording shared by the web app and the API, so both say the same thing.
 * Where SPEC.md gives a message, it is used word for word.
 *
 * Each message is an export of its own, read as `messages.name` through the package's
 * `export * as messages` (index.ts): a bundler then keeps only the messages a page uses, where
 * one object kept every message in every page's first load (issue 28 item 2). A bundler keeps
 * one copy of a module, with every export any page uses, in the chunk all those pages share: so
 * what only staff are told is in staff-messages.ts (`staffMessages`), and what is said only
 * while buying and paying is in purchase-messages.ts (`purchaseMessages`), so that a journey
 * step does not carry them.
 */
export const required = "This field is required";
/**
 * A required field named, for a form SPEC.md does not describe (telling us of a death, issue 50
 * item 3): "Tell us their first name", where "This field is required" said nothing of which.
 */
export const tellUs = (what: string) => `Tell us ${what}`;
export const nonDefaultCountry = "Please select non default option.";
export const tooShort = (length: number) =>
  `This value is too short. It should have ${length} characters or more.`;
export const tooLong = (length: number) =>
  `This value is too long. It should have ${length} characters or less.`;
export const numbersOnly = "Enter number only";
export const notANumber = "This should be a number";
export const notPositive = "This should be a positive number";
export const noDecimalPoint = "This can't include a decimal point";
export const atLeast = (minimum: number) => `The value should be equal to or be bigger than ${minimum}.`;
export const atMost = (maximum: number) => `The value should be equal to or be smaller than ${maximum}.`;
export const digitCount = (count: number) => `This value should have ${count} numbers.`;
export const invalidEmail = "Please enter a valid email address";
export const emailsMustMatch = "Emails must match";
export const passwordNeedsLetter = "Password must contain at least one letter";
export const passwordNeedsNumber = "Password must contain at least one number";
export const passwordNeedsSpecial = "Password must contain at least one of these @$!%*#?& special characters";
export const passwordTooShort = "Password is too short - should be 8 characters minimum.";
export const passwordTooLong = "Password is too long - should be 25 characters maximum.";
export const passwordTooCommon =
  "This password is one of the most common, so it is easy to guess. Please choose a different one.";
export const passwordsMustMatch = "Passwords must match";
export const nothingToSave = "You have no data to save, have you made some selections?";
export const requestFailed = "Fatal error please refresh or contact site admin";
export const requestNotSent = "Application could not send request, please contact site admin";
export const saved = "Saved!";
export const noSuchPlan = "No such plan";
export const priceChangeTitle = "The price of your plan has changed";
export const priceChangeUnderstood = "I understand";
export const notAPlanReference = "This is not a plan reference.";
export const optionNotAvailable = "This option is no longer available. Please choose again.";
export const contributionNeedsNotes = "Please tell us what this contribution is for (at least 2 characters).";
export const contributionNotMoney = "Enter an amount in pounds, like 50 or 25.50";
export const pallbearerContributionNotOffered =
  "Money can only be set aside for pallbearers when family or friends carry the coffin.";
export const transportContributionNotOffered =
  "Money can only be set aside for transport when you choose a vehicle of your own.";
export const carKindChosenTwice =
  "Each kind of car can only be chosen once. Give the number you would like instead.";
export const notPartOfThisFuneral =
  "This does not go with the funeral you have chosen, so it cannot be saved in your plan.";
export const includedInKindOfFuneral =
  "This is chosen for you as part of the kind of funeral you have picked, so it cannot be changed.";
export const partOfYourPackage =
  "This is part of the package you have chosen, so it cannot be changed while your plan is a package.";
export const signInFailed = "The email address or password is not right. Check them and try again.";
export const tooManyResetRequests =
  "We have already sent several links to reset this password. For your security, please wait an hour and try again, or call us.";
export const planChangedElsewhere =
  "This plan was changed in another window or on another device after you opened it, so nothing was saved here. Reload the page to see the latest version.";
export const tooManyPlans = (limit: number) =>
  `You already have ${limit} plans saved, which is as many as we keep for one person. Please carry on with one of them, or call us and we will help.`;
/** A name holding a link, a line break or angle brackets (issue 45 item 2). */
export const nameNotAName = "Enter the name only, without links or the characters < and >.";
/** A token request whose body is not a form, on the API and the web origin alike. */
export const tokenRequestNotAForm = "Send the token request as a form (application/x-www-form-urlencoded).";
export const tooManyRequests =
  "We have had a great many requests from your connection. Please wait a few minutes and try again, or call us.";
/**
 * Sign-in is slowed, never locked (decision 038): the wait is a minute at most, and an owner whose
 * account someone keeps guessing at is emailed a link that signs them in.
 */
export const tooManyAttempts =
  "There have been too many tries. For your security, please wait a minute and try again, or call us. If someone else keeps trying to sign in to your account, we email you a link that signs you in.";
export const signInLinkInvalid =
  "This sign-in link has expired or has already been used. Please sign in with your email address and password.";
export const resetLinkSent =
  "If there is an account for that email address, we have sent it a link to reset the password. The link works for one hour.";
export const passwordChanged = "Your password has been changed. You can now sign in with your new password.";
export const resetLinkInvalid = "This link has expired or has already been used. Please ask for a new one.";
export const confirmLinkInvalid =
  "This link has expired, has already been used, or is not complete. We can send you a new one.";
export const confirmLinkResent =
  "If there is an account for that email address that still needs confirming, we have sent it a new link. The link works for 48 hours.";
export const tooManyConfirmRequests =
  "We have already sent several confirmation links to this address. For your security, please wait an hour and try again, or call us.";
export const emailNotConfirmed =
  "Please confirm your email address before you pay: click the link in the email we sent you. We can send it again.";
export const emailConfirmed = "Thank you, your email address is confirmed.";
export const signInToSeeAccount = "Please sign in to see your account.";
export const accountRegistered =
  "Thank you. We have sent an email to this address: please follow the link in it to confirm your email address.";
export const notSignedInAfterRegistering =
  "We could not sign you in with this email address and password. If you already have an account with us, we have emailed you about it: sign in with your password, or reset it, to carry on. Your answers are kept.";
export const loggedOutExpired =
  "For your security you have been signed out, as you had not used the site for a while. Please sign in again.";
export const notARealDate = "Enter a real date, like 7 March 1948";
export const dateOfBirthInFuture = "The date of birth must be in the past";
export const dateOfDeathInFuture = "The date they died must be today or in the past";
export const dateOfDeathBeforeBirth = "The date they died must be after their date of birth";
export const planReferenceOrPostcodeNeeded =
  "Enter the plan reference, or if you do not have it, the postcode of their home";
/** Telling us of a death: the same answer whether or not a plan matched (issue 23 item 4). */
export const deathNotificationReceived =
  "Thank you for letting us know. We are very sorry for your loss. We have sent you an email to say we have your message, and someone from our team will call you to talk through what happens next.";
/** The links in the email to everyone on a plan when a death is reported (decision 040). */
export const deathReportLinkNotRight =
  "This link is not complete, or it has been changed. Please use the link in our email again, or call us.";
export const deathConfirmedThankYou =
  "Thank you for confirming it. We are very sorry for your loss. We have asked the funeral director to take them into their care, and someone from our team will call you to talk through what happens next.";
export const deathReportWaitsForACall =
  "Someone on the plan has told us this may not be right, so we will call you before anything is done. Please call us if you need us sooner.";
export const deathReportSaidNotRightThankYou =
  "Thank you for telling us. Someone from our team will call you to put it right.";
export const funeralRequested =
  "The funeral has been requested under this plan, so it can no longer be changed, cancelled or paid for here. Please call us if anything needs to change.";
export const mustBeAdult = (age: number) => `This person must be ${age} or over`;
export const customerTooYoung = "You must be 18 or over to buy a funeral plan";
export const payerTooYoung = "The person paying for the plan must be 18 or over";
export const notAUkPhoneNumber = "Enter a UK phone number, like 01632 960 001 or 07700 900 982";
export const documentsInEnglishNeeded =
  "Please tick to confirm you are happy with documents in English. If you need another language, please call us and we will help.";
export const vulnerabilityConsentNeeded =
  "Please tick to let us keep what you have told us about your circumstances, or untick the circumstances above.";
export const planNotFinished = "Your plan is not finished yet. Please go back and answer each question.";
export const documentsNotAccepted = "Please read and accept all six documents of your plan before you pay.";
export const customerDetailsMissing = "We need your details before you pay.";
export const accountNeededToPay =
  "Please create an account or sign in before you pay, so your plan is kept safe.";
export const fullPostcodeNotValid = "Enter a full UK postcode, like MK9 2HP";
export const postcodeNotValid = "Enter a UK postcode, like SW1A 1AA, or the first part of one, like SW1A";
/** Address lookup (docs/decisions/013-address-lookup.md): the manual route is always there. */
export const noAddressesForPostcode =
  "We could not find that postcode. Check it and try again, or enter the address manually.";
export const addressNotFound =
  "We could not find that address any more. Please find it again, or enter the address manually.";
export const addressLookupUnavailable =
  "Sorry, we cannot look up addresses just now. Please enter the address manually, or try again in a few minutes.";
/** An address still to give while the finder is showing: its fields are out of sight. */
export const addressNotGiven = "Find the address by its postcode, or enter the address manually.";
export const postcodeNotRecognised =
  "We could not find that postcode. Check it and try again, or choose our head office below.";
/** The free guide (docs/decisions/019-free-guide.md). */
export const phoneNeededToCall = "Enter a phone number for us to call, or untick By phone.";
export const tooManyGuideRequests =
  "We have had several requests for the guide from this email address or connection. Please wait an hour and try again, or call us.";
/** Deleting an account (issue 25 item 12; docs/decisions/030-data-rights-and-retention.md). */
export const currentPasswordWrong = "That is not the password for your account. Check it and try again.";
export const accountDeleted =
  "Your account has been deleted, with your unfinished plans and your choices about news and offers. We will not contact you with news or offers again.";
export const accountKeptForPlans =
  "We have deleted what we can: your unfinished plans, your choices about news and offers, your answers about your circumstances and your sessions on other devices. Your account stays, with the plans the law requires us to keep, so you can still see them.";
