import { messages, paymentOptions, planMoneyStates, purchaseMessages } from "@kindred/domain";
import { z } from "zod";
import { planFuneralSchema } from "./at-need";
import { bankDetailsSchema } from "./direct-debit";
import { penceSchema } from "./pence";
import { postalAddressSchema } from "./postal-address";

/**
 * Paying for a plan (issue 10; SPEC.md sections 3, 4 and 7: `/api/payments/create`,
 * `/api/direct-debit-v2/create`). Amounts are integer pence; a schedule is worked out by the
 * domain's `paymentSchedule` and nowhere else (docs/decisions/016-payments.md).
 */

const isoDateSchema = z.iso.date();

const paymentOptionSchema = z.enum(paymentOptions, purchaseMessages.choosePaymentOption);

/** `PUT /api/plan/{id}/payment-choice`: how the customer will pay, before anything is charged. */
export const paymentChoiceSchema = z.discriminatedUnion(
  "option",
  [
    z.object({ option: z.literal("full") }),
    z.object({
      option: z.literal("deposit"),
      deposit: penceSchema,
      months: z.int(purchaseMessages.choosePaymentTerm).positive(purchaseMessages.choosePaymentTerm),
    }),
  ],
  purchaseMessages.choosePaymentOption,
);
export type PaymentChoiceBody = z.infer<typeof paymentChoiceSchema>;

const paymentScheduleSchema = z.object({
  option: paymentOptionSchema,
  planPrice: penceSchema,
  payNow: penceSchema,
  instalmentCharge: penceSchema,
  instalments: z.array(z.object({ number: z.int().positive(), date: isoDateSchema, amount: penceSchema })),
  totalPayable: penceSchema,
});

/** A card payment as the customer sees it: `refunded` once the provider confirms it was given back. */
const paymentStatusSchema = z.enum([
  "pending",
  "requires_action",
  "confirmed",
  "failed",
  "cancelled",
  "refunded",
]);

/** A card payment as the customer may see it (SPEC.md: each with completed and paymentOption). */
export const paymentSchema = z.object({
  id: z.uuid(),
  planId: z.uuid(),
  paymentOption: paymentOptionSchema,
  amount: penceSchema,
  status: paymentStatusSchema,
  completed: z.boolean(),
  /** Which provider's card fields finish the payment: the embedded sandbox, or Stripe. */
  provider: z.string(),
  /** For the provider's card fields in the browser; null once the payment is finished. */
  clientSecret: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type PaymentResponse = z.infer<typeof paymentSchema>;

/** `POST /api/payments/create`, with an `Idempotency-Key` header. */
export const createPaymentBodySchema = z.object({
  planId: z.uuid(messages.notAPlanReference),
  paymentOption: paymentOptionSchema,
});
export type CreatePaymentBody = z.infer<typeof createPaymentBodySchema>;

/** `Idempotency-Key`: any caller-made unique string, such as a UUID, made once per attempt to pay. */
export const idempotencyKeyHeadersSchema = z.object({
  "idempotency-key": z
    .string(purchaseMessages.idempotencyKeyMissing)
    .min(8, purchaseMessages.idempotencyKeyMissing)
    .max(255, purchaseMessages.idempotencyKeyMissing)
    .regex(/^[\w.:-]+$/, purchaseMessages.idempotencyKeyMissing),
});

export const paymentIdParamsSchema = z.object({ id: z.uuid(purchaseMessages.notAPaymentReference) });

/** `POST /api/direct-debit-v2/create`, with an `Idempotency-Key` header. */
export const createDirectDebitBodySchema = bankDetailsSchema.extend({
  planId: z.uuid(messages.notAPlanReference),
  isSoleSignatory: z.literal(true, purchaseMessages.soleSignatoryNeeded),
});
export type CreateDirectDebitBody = z.infer<typeof createDirectDebitBodySchema>;

const mandateStatusSchema = z.enum(["pending_submission", "active", "failed", "cancelled"]);

/** A mandate as it is ever shown again: the account's last four digits only. */
const directDebitSchema = z.object({
  reference: z.string(),
  status: mandateStatusSchema,
  accountHolderName: z.string(),
  sortCode: z.string(),
  accountNumberEnding: z.string().regex(/^\d{4}$/),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DirectDebitResponse = z.infer<typeof directDebitSchema>;

/** `POST /api/direct-debit-v2/create` answers the mandate and the advance notice of its first collection. */
export const createDirectDebitResponseSchema = z.object({
  directDebit: directDebitSchema,
  firstCollection: z.object({ date: isoDateSchema, amount: penceSchema }),
  instalments: z.int().positive(),
});
export type CreateDirectDebitResponse = z.infer<typeof createDirectDebitResponseSchema>;

const collectionStatusSchema = z.enum([
  "scheduled",
  "submitted",
  "collected",
  "failed",
  "cancelled",
  "refunded",
]);

const collectionSchema = z.object({
  number: z.int().positive(),
  date: isoDateSchema,
  amount: penceSchema,
  status: collectionStatusSchema,
});

/** What a plan's payments add up to (the domain's `planMoneyState`). */
const planPaymentStateSchema = z.enum(planMoneyStates);

/** `GET /api/plan/{id}/payments`: everything about paying for one plan. */
export const planPaymentsSchema = z.object({
  planId: z.uuid(),
  /** The plan's short reference (decision 045), as the account, emails and bank statement show it. */
  planReference: z.string(),
  state: planPaymentStateSchema,
  /** SPEC.md section 4: any payment completed, or with no payments, a Direct Debit in place. */
  paid: z.boolean(),
  choice: paymentChoiceSchema.nullable(),
  schedule: paymentScheduleSchema.nullable(),
  payments: z.array(paymentSchema),
  directDebit: directDebitSchema.nullable(),
  collections: z.array(collectionSchema),
  collected: z.int().nonnegative(),
  missedPayments: z.int().nonnegative(),
  /** After two missed instalments: what is owed and the day to catch up by. */
  arrears: z
    .object({ owed: penceSchema, catchUpBy: isoDateSchema, sentAt: z.iso.datetime({ offset: true }) })
    .nullable(),
  cancelledAt: z.iso.datetime({ offset: true }).nullable(),
  /**
   * The deposit still to pay by card (the domain's `depositOwed`): a Direct Debit was set up and
   * the deposit not yet paid (issue 25 item 1). Null when nothing is owed.
   */
  depositOwed: penceSchema.nullable(),
  /**
   * Once the Direct Debit ended without our asking before the plan was paid (state
   * `payments_stopped`, issue 46 item 1): when it ended, what the plan holds, and the two ways to
   * carry on from it at the agreed price, never from the start: the rest by card
   * (`POST /api/payments/create` with `paymentOption` `full`), or a new Direct Debit for what is
   * left, over the months left (`POST /api/direct-debit-v2/create`), with the deposit by card if
   * it was never paid. Null otherwise.
   */
  paymentsStopped: z
    .object({
      endedOn: isoDateSchema,
      paidSoFar: penceSchema,
      restByCard: penceSchema,
      newDirectDebit: z.object({
        depositStillOwed: penceSchema,
        instalments: z.array(
          z.object({ number: z.int().positive(), date: isoDateSchema, amount: penceSchema }),
        ),
      }),
    })
    .nullable(),
  /** What the provider has confirmed it gave back. */
  refunded: penceSchema,
  /** What is owed back and on its way: refunded once the provider confirms it. */
  refundOwed: penceSchema,
  /**
   * What the rule of what happens at death (the domain's `whenTheTimeComes`) needs to explain it
   * for this plan: the day it was bought (its contract date), the catalogue's first months
   * (FPCOB 7.2's moratorium) and the day they end. Null until the plan is bought.
   */
  whenTheTimeComes: z
    .object({ boughtOn: isoDateSchema, moratoriumMonths: z.int().min(1), firstMonthsEndOn: isoDateSchema })
    .nullable(),
  /**
   * The funeral director appointed to carry out the funeral when the plan was bought (FPCOB
   * 10.1.3R; docs/decisions/027-funeral-director-appointment.md): the day, and the branch's
   * business name, address and phone, or `branch` null while we choose another (the one chosen
   * had closed). Null until the plan is bought.
   */
  funeralDirector: z
    .object({
      appointedOn: isoDateSchema,
      branch: z.object({ name: z.string(), address: postalAddressSchema, phone: z.string() }).nullable(),
    })
    .nullable(),
  /** Once we are told the person covered has died (issue 23 item 4); null before. */
  funeral: planFuneralSchema.nullable(),
});
export type PlanPaymentsResponse = z.infer<typeof planPaymentsSchema>;

/** The embedded sandbox's card fields (the provider's, not ours): `POST /api/sandbox-provider/card-payments/{id}/confirm`. */
export const sandboxCardConfirmBodySchema = z.object({
  clientSecret: z.string().min(1),
  cardNumber: z.string().min(1, purchaseMessages.cardNumberMissing),
  expiry: z.string().min(1, purchaseMessages.cardExpiryMissing),
  securityCode: z.string().min(1, purchaseMessages.cardSecurityCodeMissing),
});
export const sandboxAuthenticateBodySchema = z.object({
  clientSecret: z.string().min(1),
  approve: z.boolean(),
});
export const sandboxCardAnswerSchema = z.object({
  status: z.enum(["processing", "requires_action", "declined"]),
  message: z.string().nullable(),
});
export type SandboxCardAnswer = z.infer<typeof sandboxCardAnswerSchema>;

/**
 * `GET /api/payments/card-fields`: whose card fields the payment page shows, as the API's
 * settings choose the card provider. The sandbox's own test fields, or Stripe's, which load
 * Stripe.js with the (public) publishable key; card numbers only ever go into the provider's fields.
 * With them, who takes Direct Debits: the embedded sandbox (whose collections a demo may take
 * early) or GoCardless.
 */
const directDebitProviderField = { directDebitProvider: z.enum(["sandbox", "gocardless"]) };
export const cardFieldsSchema = z.discriminatedUnion("provider", [
  z.object({ provider: z.literal("sandbox"), ...directDebitProviderField }),
  z.object({
    provider: z.literal("stripe"),
    publishableKey: z.string().regex(/^pk_(live|test)_\w+$/),
    ...directDebitProviderField,
  }),
]);
export type CardFieldsResponse = z.infer<typeof cardFieldsSchema>;

/**
 * `POST /api/sandbox-provider/collections` (issue 25 item 9), which exists only while the embedded
 * sandbox takes Direct Debits: takes one of the customer's plans' collections due on or before
 * `until`, as the bank would on those days, so a failed collection, the missed-payments statement
 * and the arrears can be seen without waiting months. The sandbox's test account that collects
 * pays; the other fails.
 */
export const sandboxCollectionsBodySchema = z.object({
  planId: z.uuid(messages.notAPlanReference),
  until: isoDateSchema,
});
export type SandboxCollectionsBody = z.infer<typeof sandboxCollectionsBodySchema>;
export const sandboxCollectionsResponseSchema = z.object({
  /** How many collections were due and taken (paid or failed). */
  taken: z.int().nonnegative(),
});
export type SandboxCollectionsResponse = z.infer<typeof sandboxCollectionsResponseSchema>;

/**
 * How a Direct Debit ends without our asking (issue 46 item 1), in GoCardless's own words: the
 * bank cancels it because the account closed (`bank_account_closed`), the customer cancels it at
 * their bank (`mandate_cancelled`), the bank refuses it (`failed`), or it lapses after 13 months
 * with nothing collected (`expired`).
 */
export const sandboxMandateEndings = [
  "bank_account_closed",
  "mandate_cancelled",
  "failed",
  "expired",
] as const;
export type SandboxMandateEnding = (typeof sandboxMandateEndings)[number];

/**
 * `POST /api/sandbox-provider/direct-debit-ended`, which exists only while the embedded sandbox
 * takes Direct Debits: the bank (or the customer at their bank) ends the Direct Debit of one of
 * the customer's plans now, as `how` says, so a demo or a browser test can see what follows.
 */
export const sandboxDirectDebitEndedBodySchema = z.object({
  planId: z.uuid(messages.notAPlanReference),
  how: z.enum(sandboxMandateEndings),
});
export type SandboxDirectDebitEndedBody = z.infer<typeof sandboxDirectDebitEndedBodySchema>;
export const sandboxDirectDebitEndedResponseSchema = z.object({
  /** Whether a Direct Debit standing at the sandbox was ended (false: none was standing). */
  ended: z.boolean(),
});
export type SandboxDirectDebitEndedResponse = z.infer<typeof sandboxDirectDebitEndedResponseSchema>;

/**
 * `POST /api/sandbox-provider/failed-collections-retried`, which exists only while the embedded
 * sandbox takes Direct Debits (issue 46 item 2): the sandbox submits again every failed collection
 * of one of the customer's plans whose Direct Debit still stands, and takes it, as GoCardless
 * retries a failed payment once the customer has the money, so a demo or a test can see money
 * arrive after a payment failed.
 */
export const sandboxPlanBodySchema = z.object({
  planId: z.uuid(messages.notAPlanReference),
});
/** The body of a sandbox call about one of the customer's plans and nothing more. */
export type SandboxPlanBody = z.infer<typeof sandboxPlanBodySchema>;
export const sandboxFailedCollectionsRetriedResponseSchema = z.object({
  /** How many failed collections were submitted again and taken. */
  retried: z.int().nonnegative(),
});
export type SandboxFailedCollectionsRetriedResponse = z.infer<
  typeof sandboxFailedCollectionsRetriedResponseSchema
>;

/**
 * `POST /api/sandbox-provider/refunds-bounced`, which exists only while the embedded sandbox takes
 * payments (issue 46 item 3): every refund made of one of the customer's plans' payments and
 * collections bounces (a closed card, an account that returned the money), so a demo or a test can
 * see a refund fail at the provider and finance send it again or repay it by transfer.
 */
/**
 * The sandbox only: the customer disputes the plan's card payments taken at their card's bank
 * (`opened`), or the bank decides the disputes open (`won` by us, or `lost`; issue 46 item 5).
 */
export const sandboxCardDisputesBodySchema = sandboxPlanBodySchema.extend({
  outcome: z.enum(["opened", "won", "lost"]),
});
export const sandboxCardDisputesResponseSchema = z.object({
  /** How many card payments the dispute reached. */
  disputed: z.int().nonnegative(),
});
/** The sandbox only: the customer claims every collection taken back from their bank (issue 46 item 5). */
export const sandboxIndemnityClaimsResponseSchema = z.object({
  /** How many collections were charged back. */
  claimed: z.int().nonnegative(),
});
export const sandboxRefundsBouncedResponseSchema = z.object({
  /** How many refunds bounced. */
  bounced: z.int().nonnegative(),
});
