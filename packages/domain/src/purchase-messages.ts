/**
 * What a person is told while buying and paying for a plan, and about its money afterwards: the
 * documents, cancelling, bank details, referral codes, paying and refunds. Read as
 * `purchaseMessages.name` (index.ts), apart from messages.ts: a bundler keeps one copy of a module
 * with every message any page says, in the chunk those pages share, so with the rest they were in
 * every journey step's first load (decision 033).
 */
/**
 * The continuity statement (SPEC.md section 9): cancellation at any time, no fee, a full
 * refund, with the support phone number in the text.
 */
export const cancellationStatement = (phone: string) =>
  `You can cancel your plan at any time. There is no fee for cancelling, and you will get a full refund of everything you have paid. To cancel, or if you have any questions, call us free on ${phone}.`;
/**
 * The same promise inside the account's "cancel this plan" dialog, whose own button cancels:
 * there, calling us is for questions, not the way to cancel (issue 25 item 8).
 */
export const cancellationPromiseBesideCancelling = (phone: string) =>
  `You can cancel your plan at any time. There is no fee for cancelling, and you will get a full refund of everything you have paid. If you have any questions before you decide, call us free on ${phone}.`;
export const documentChangedSinceAccepted =
  "Your plan has changed since you accepted this document, so it has been updated. Please read it again and accept it.";
/**
 * What happens next for someone who asked for their documents in braille or on audio CD:
 * `format` is how a sentence names it ("in braille", "on audio CD").
 */
export const documentsToBePosted = (format: string, phone: string) =>
  `You asked for your documents ${format}. We will post them to you within 10 working days of your purchase. You can read them here in the meantime, or call us free on ${phone} if you need them sooner.`;
export const unknownDocument = "This is not one of the plan's documents.";
export const documentListedTwice = "Each document can only be listed once.";
/**
 * Bank details (docs/decisions/015-bank-details-and-working-days.md): a sort code and account
 * number that do not pass Vocalink's modulus check together.
 */
export const bankDetailsCheckFailed =
  "Check your sort code and account number. They do not match a UK bank account.";
/** Referral codes (issue 10 item 8; docs/decisions/017-referral-codes.md). */
export const referralCodeMissing = "Please enter the referral code.";
export const referralCodeNotRecognised = "We do not recognise this code. Please check it and try again.";
export const referralCodeOwnPlan = "You cannot use a code from your own plan.";
export const referralCodeAlreadyApplied = "This plan already has a referral code.";
export const referralCodeNeedsPaidPlan = "Referral codes are given once a plan is paid for.";
export const referralCodeNotForPaidPlan =
  "A referral code can only be added before a plan is paid for. If you meant to use one, please call us.";
export const referralCodePlanCancelled =
  "This plan has been cancelled, so a referral code cannot be added to it.";
export const referralCodeCancelledPlan = "This plan has been cancelled, so it does not have a referral code.";
/** Paying for a plan (issue 10; docs/decisions/016-payments.md). */
export const choosePaymentOption = "Please choose how you would like to pay.";
export const choosePaymentTerm = "Please choose how many months to pay over.";
export const notAPaymentReference = "This is not a payment reference.";
export const idempotencyKeyMissing =
  "Each payment request needs an Idempotency-Key header: a new unique value for each attempt to pay, of 8 to 255 letters, digits, dashes, dots, colons or underscores.";
export const idempotencyKeyReused =
  "This Idempotency-Key was already used for a different request. Make a new key for a new attempt to pay.";
export const paymentChoiceNeeded = "Please choose how you would like to pay before you pay.";
export const paymentOptionDiffers =
  "This is not how you chose to pay. Please go back and check your payment choice.";
export const planAlreadyPaid = "This plan is already paid for. There is nothing more to pay now.";
/**
 * A plan that holds money keeps its way of paying (issue 46 item 1): paying again continues from
 * what was paid, never from the start.
 */
/**
 * A plan whose instalments taken, with their charge, already come to its price (issue 46 item 1):
 * nothing is left to pay by card, and what is left of its schedule is settled with us.
 */
export const nothingLeftToPayByCard =
  "What you have paid already comes to the price of your plan, so there is nothing more to pay by card. Please call us and we will settle the rest of your plan with you.";
export const choiceFixedOncePaidTowards =
  "You have already paid towards this plan, so the way of paying for it stays as it is. You can pay the rest by card or set up a new Direct Debit, or call us and we will help.";
export const planPaymentInProgress =
  "A payment for this plan is already in progress. Please finish it, or wait a moment and try again.";
export const planCancelled = "This plan has been cancelled, so it cannot be paid for or changed.";
export const planPaidCannotChange =
  "This plan is paid for, so it can no longer be changed. Please call us if something needs to change.";
export const contactDetailsPlanCancelled =
  "This plan has been cancelled, so its contact details can no longer be changed here. Please call us if you need to tell us something.";
export const directDebitNotNeeded =
  "Direct Debit is only for paying by instalments. You chose to pay in full.";
export const directDebitAlreadySetUp = "A Direct Debit is already set up for this plan.";
export const soleSignatoryNeeded =
  "Please confirm you are the account holder and the only person needed to authorise debits. If not, please call us and we will help.";
export const cardNumberMissing = "Enter the card number";
export const cardExpiryMissing = "Enter the expiry date, like 04/29";
export const cardSecurityCodeMissing = "Enter the security code, the last 3 digits on the back of the card";
export const cardNumberNotValid =
  "Enter a card number that is 16 digits long, like the one on the front of your card";
export const cardExpiryNotValid = "Enter an expiry date in the future, like 04/29";
export const cardSecurityCodeNotValid = "Enter the 3 digit security code from the back of your card";
export const cardDeclined =
  "Your card was declined. No money has been taken. Please try another card, or call your bank.";
export const paymentProviderUnavailable =
  "We could not reach our payment provider just now, so nothing has been taken. Please try again in a few minutes, or call us.";
export const cardNotConfirmed =
  "Your bank did not confirm the payment. No money has been taken. Please try again.";
export const sandboxNeedsTestCard =
  "This is the test payment page: no real card can be used. Use a test card, like 4242 4242 4242 4242.";
export const planCannotBeCancelled = "This plan has already been cancelled.";
export const cardPaymentCancelled =
  "This payment was cancelled, so nothing has been taken. Please go back to your plan to see what to pay now.";
/**
 * Sending a refund again from the staff work queues (issue 24 item 5): the plan's money rules
 * (plan-money.ts) say these, so they stay with the customer's wording.
 */
export const refundNotOwed = "No refund is owed on this payment.";
export const refundAlreadyRefunded = "This refund has already been made. The provider confirmed it.";
export const refundNotFailed =
  "This refund has not failed at the payment provider, so it cannot be recorded as repaid by bank transfer.";
export const planChangedWhilePaying =
  "Your plan was changed in another window or on another device while you were paying, so no money was taken. Please look at your plan and its price again, then pay.";
export const planPriceChangedSinceAsked =
  "The price of your plan has changed since you last started to pay. Please look at your plan and its documents again, then pay the price shown.";
