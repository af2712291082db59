import { arrearsOutcomeKinds, keptPlanReasons, messages } from "@kindred/domain";
import { z } from "zod";
import { paymentSchema, planPaymentsSchema } from "./payments";
import { penceSchema } from "./pence";
import { planPeopleResponseSchema } from "./people";
import { planResponseSchema } from "./plan";

/**
 * A person's data and their rights over it (UK GDPR; issue 25 item 12;
 * docs/decisions/030-data-rights-and-retention.md): everything we hold about them, to download,
 * and deleting their account.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * `GET /api/account/data`: as a JSON file (the default) or a readable PDF; with `encode=base64`,
 * the file's bytes in JSON (as the plan documents answer), for a page that must send a token.
 */
export const accountDataQuerySchema = z.strictObject({
  format: z.enum(["json", "pdf"]).default("json"),
  encode: z.literal("base64").optional(),
});

export const accountDataBase64ResponseSchema = z.object({
  fileName: z.string(),
  contentType: z.enum(["application/json", "application/pdf"]),
  /** The file, base64-encoded. */
  file: z.string(),
});
export type AccountDataBase64Response = z.infer<typeof accountDataBase64ResponseSchema>;

/**
 * A payment of the plan as the download shows it: what it was for, how much, where it stands and
 * when; never the ids our systems or the payment provider's use (issue 50 item 5).
 */
const downloadedPaymentSchema = paymentSchema.pick({
  paymentOption: true,
  amount: true,
  status: true,
  failureReason: true,
  createdAt: true,
});

const accountDataPlanSchema = z.object({
  /**
   * The plan as the account shows it: its reference, when it was started and last changed, what
   * was chosen in words with each price, and the price; never the catalogue's own ids or codes.
   */
  plan: z.object({
    reference: z.string(),
    startedAt: isoDateTime,
    lastChangedAt: isoDateTime,
    choices: z.array(
      z.object({ choice: z.string(), answer: z.string(), price: penceSchema, guaranteed: z.boolean() }),
    ),
    price: planResponseSchema.shape.price,
    /**
     * What the planning pages saved of the way through them (the steps seen and finished, the
     * prices they showed), as they saved it, read from the text they keep; null when they saved none.
     */
    planningPagesSaved: z.record(z.string(), z.unknown()).nullable(),
  }),
  /** Its people, with the customer's answers about their circumstances (theirs to see). */
  people: planPeopleResponseSchema,
  /** The legal documents accepted for it, each by its name, and when. */
  documentsAccepted: z.array(z.object({ document: z.string(), acceptedAt: isoDateTime })),
  /** Its payments, Direct Debit (the account's last four digits only), collections and refunds. */
  payments: planPaymentsSchema
    .omit({ planId: true, payments: true })
    .extend({ payments: z.array(downloadedPaymentSchema) }),
  /** The referral code made for it once bought, and the code of a friend applied to it. */
  referralCode: z.string().nullable(),
  referralApplied: z.object({ code: z.string(), appliedAt: isoDateTime }).nullable(),
  /** When we were told the person covered had died, and where the funeral stands; null before. */
  funeral: z.object({ status: z.string(), toldUsAt: isoDateTime }).nullable(),
  /**
   * What was recorded after each arrears statement: the outcome, when, and its note (about the
   * customer, so theirs to see); never which member of staff recorded it.
   */
  arrearsOutcomes: z.array(
    z.object({
      statementSentAt: isoDateTime,
      outcome: z.enum(arrearsOutcomeKinds),
      recordedAt: isoDateTime,
      note: z.string().nullable(),
    }),
  ),
  /** What our staff wrote about the plan (a call, what was asked or promised), and when; never who. */
  notes: z.array(z.object({ writtenAt: isoDateTime, text: z.string() })),
});

export const accountDataSchema = z.object({
  madeAt: isoDateTime,
  account: z.object({
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    emailConfirmedAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
    /** When the account was last signed in to (its newest session). */
    lastSignedInAt: isoDateTime.nullable(),
  }),
  plans: z.array(accountDataPlanSchema),
  /** Whether the email address is on our do-not-contact list for news and offers. */
  onDoNotContactList: z.boolean(),
  /**
   * Each email we sent to the account's address, by what it was about, and when it went. The
   * emails themselves are deleted from our systems within minutes of being sent: we hold no copy.
   */
  emailsSent: z.array(z.object({ about: z.string(), sentAt: isoDateTime })),
  /** Requests for the free guide made with the account's email address. */
  freeGuideRequests: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      postcode: z.string().nullable(),
      contactByEmail: z.boolean(),
      contactByPhone: z.boolean(),
      contactByPost: z.boolean(),
      requestedAt: isoDateTime,
      guideSentAt: isoDateTime.nullable(),
    }),
  ),
});
export type AccountData = z.infer<typeof accountDataSchema>;

/** `POST /api/account/delete`: the account's password, typed again, as confirmation. */
export const deleteAccountBodySchema = z.object({
  password: z.string({ error: messages.required }).min(1, messages.required).max(200),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

const keptPlanSchema = z.object({
  planId: z.uuid(),
  reason: z.enum(keptPlanReasons),
  /** The day its records may be deleted, an ISO date; null while the plan has not ended. */
  keptUntil: z.iso.date().nullable(),
  /** Why it is kept and for how long, in a sentence. */
  explanation: z.string(),
});
export type KeptPlan = z.infer<typeof keptPlanSchema>;

/**
 * `GET /api/account/delete`: what deleting the account would do now. `POST /api/account/delete`
 * answers the same shape for what it did, with a message.
 */
export const accountDeletionSchema = z.object({
  /** Whether the account itself goes (true when no plan must be kept). */
  accountDeleted: z.boolean(),
  /** Unfinished plans deleted, with their people, documents accepted and saved answers. */
  unfinishedPlans: z.int().nonnegative(),
  /** Free guide requests made with the account's email address, deleted. */
  freeGuideRequests: z.int().nonnegative(),
  /** The plans the law requires us to keep, with why and until when. */
  kept: z.array(keptPlanSchema),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const deletedAccountResponseSchema = accountDeletionSchema.extend({
  message: z.enum([messages.accountDeleted, messages.accountKeptForPlans]),
});
export type DeletedAccountResponse = z.infer<typeof deletedAccountResponseSchema>;
