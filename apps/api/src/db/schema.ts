import { sql } from "drizzle-orm";
import type {
  CoveredPerson,
  Customer,
  DeathNotification,
  Nominee,
  PlanResponse,
  Payer,
  UtmParams,
  Vulnerabilities,
} from "@kindred/contracts";
import {
  arrearsOutcomeKinds,
  atNeedCaseStatuses,
  collectionStatuses,
  deathConfirmations,
  funeralStatuses,
  mandateStatuses,
  refundStatuses,
  staffRoles,
  type AtDeath,
  type CardPaymentStatus,
  type CollectionStatus,
  type Coordinate,
  type JourneyData,
  type MandateStatus,
  type PaymentChoice,
} from "@kindred/domain";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export interface StoredAddress {
  line1: string;
  line2: string;
  locality: string;
  county: string;
  postcode: string;
}

/** The OAuth clients allowed to ask for tokens; the web server is one. */
export const oauthClients = pgTable("oauth_clients", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  secretHash: text("secret_hash").notNull(),
  grants: text("grants").array().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person: a guest bound to the application token that created them, or a customer with an
 * account. A customer's email is stored normalised (`normaliseEmail`), their password only as an
 * argon2id hash.
 */
export const users = pgTable("users", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  kind: text("kind", { enum: ["guest", "customer"] }).notNull(),
  email: text("email").unique(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  passwordHash: text("password_hash"),
  emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const accountTokenPurposes = ["confirm-email", "reset-password", "sign-in"] as const;
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number];

/** The single-use secrets of emailed links, stored only as their SHA-256 hash. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    purpose: text("purpose", { enum: accountTokenPurposes }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("account_tokens_user_id_purpose_idx").on(table.userId, table.purpose)],
);

export const accountEmailKinds = [
  "account-exists",
  "reset-password",
  "confirm-email-resend",
  "sign-in-link",
] as const;
export type AccountEmailKind = (typeof accountEmailKinds)[number];

/**
 * When each account was last sent each email anyone may ask us to send it (a reset link, a new
 * confirmation link, "you already have an account"), so a stranger cannot flood its inbox: at
 * most one of each an hour (issue 27 item 2).
 */
export const accountEmailsSent = pgTable(
  "account_emails_sent",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: accountEmailKinds }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/**
 * Each email sent to someone with an account, by its kind and when it went (issue 50 item 5):
 * what "download my data" lists, as the emails themselves are deleted within minutes of sending
 * (decision 009). Only the kind: never the words, a link or an answer the email held. Written
 * by the mailer once the mail server took the email; deleted with the account.
 */
export const emailsSent = pgTable(
  "emails_sent",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("emails_sent_user_id_idx").on(table.userId, table.sentAt)],
);

export const authAttemptKinds = [
  "sign-in",
  "staff-sign-in",
  "sign-in-link",
  "password-reset",
  "confirm-email-resend",
  "guest-token",
  "enquiry",
] as const;
export type AuthAttemptKind = (typeof authAttemptKinds)[number];

/**
 * Failed sign-ins (customers' and staff's), password-reset requests, new visitors' tokens and
 * requests for the free guide, counted to rate-limit them. `subject` is the
 * normalised email address or `ip:<address>`. Kept in the database so the limit holds across
 * every API process.
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: authAttemptKinds }).notNull(),
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("auth_attempts_kind_subject_created_at_idx").on(table.kind, table.subject, table.createdAt),
  ],
);

/** Bearer tokens, stored only as their SHA-256 hash. */
export const accessTokens = pgTable(
  "access_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    scope: text("scope").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("access_tokens_user_id_idx").on(table.userId)],
);

export const catalogueOptionKinds = [
  "attendance",
  "remains",
  "celebrant",
  "pallbearer",
  "ashesTreatment",
  "deceasedTransport",
  "attendeeTransport",
  "coffin",
  "flowerArrangement",
  "contactMethod",
] as const;
export type CatalogueOptionKind = (typeof catalogueOptionKinds)[number];

/**
 * Catalogue settings that are not options: how plans may be paid for and what a referral gives
 * (`content/catalogue/payment-terms.json`), one row per setting, as the seed checked it.
 */
export const catalogueSettings = pgTable("catalogue_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Everything a plan can hold that has a price, one row per (kind, code). */
export const catalogueOptions = pgTable(
  "catalogue_options",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: catalogueOptionKinds }).notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    pricePence: integer("price_pence").notNull().default(0),
    isDefault: boolean("is_default").notNull().default(false),
    visible: boolean("visible").notNull().default(true),
    position: integer("position").notNull(),
    collectionCode: text("collection_code"),
    imagePath: text("image_path"),
    imageAlt: text("image_alt"),
  },
  (table) => [unique("catalogue_options_kind_code_unique").on(table.kind, table.code)],
);

export const coffinCollections = pgTable("coffin_collections", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  position: integer("position").notNull(),
});

export const crematoria = pgTable("crematoria", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  address: jsonb("address").$type<StoredAddress>().notNull(),
  /** Null for the default "nearest crematorium", which has no one place. */
  coordinate: jsonb("coordinate").$type<Coordinate>(),
  isDefault: boolean("is_default").notNull().default(false),
  position: integer("position").notNull(),
});

export const funeralDirectorBranches = pgTable("funeral_director_branches", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  address: jsonb("address").$type<StoredAddress>().notNull(),
  phone: text("phone").notNull(),
  email: text("email").notNull(),
  website: text("website").notNull(),
  managerName: text("manager_name").notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  imagePath: text("image_path").notNull(),
  imageAlt: text("image_alt").notNull(),
  allowsFuneralDirectorServices: boolean("allows_funeral_director_services").notNull(),
  active: boolean("active").notNull(),
  isHeadOffice: boolean("is_head_office").notNull().default(false),
});

export interface StoredPackageContents {
  attendance: string;
  remains: string;
  /** Absent from a burial package, like the crematorium. */
  ashesTreatment?: string;
  celebrant: string;
  coffin: string;
  deceaseTransportation: string;
  pallbearers: string;
  crematorium?: string;
  attendeesTransportation: { code: string; quantity: number }[];
}

export const planPackages = pgTable("plan_packages", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  visible: boolean("visible").notNull().default(true),
  position: integer("position").notNull(),
  contents: jsonb("contents").$type<StoredPackageContents>().notNull(),
});

export interface StoredStepQuestion {
  fieldName: string;
  question: string;
}

export const journeySteps = pgTable("journey_steps", {
  id: serial("id").primaryKey(),
  handle: text("handle").notNull().unique(),
  name: text("name").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  path: text("path").notNull(),
  position: integer("position").notNull(),
  questions: jsonb("questions").$type<StoredStepQuestion[]>().notNull(),
});

/**
 * A funeral plan as the journey builds it. `journey` is what was chosen (SPEC.md "Journey data");
 * `priceData` is what the API priced it at from the catalogue; `planningJourneyData` is the web
 * app's own state, kept as given and never priced from.
 */
/** A plan priced as its customer agreed to pay it: its priced view then, and when. */
export type AgreedPrice = Pick<PlanResponse, "priceData" | "price" | "sections"> & { agreedAt: string };

export const plans = pgTable(
  "plans",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /**
     * The reference a person reads out, types and sees everywhere (`KND-7Q4M-2HX9`, the domain's
     * `planReferenceFromRandomBytes`; decision 045), and the Direct Debit's reference at the bank.
     */
    reference: text("reference").notNull(),
    journey: jsonb("journey").$type<JourneyData>().notNull().default({}),
    planningJourneyData: text("planning_journey_data"),
    priceData: jsonb("price_data").$type<Record<string, number>>().notNull().default({}),
    saveUnfinishedJourney: boolean("save_unfinished_journey").notNull().default(true),
    /** Goes up by one with every save: the plan's ETag, so two windows cannot overwrite each other. */
    version: integer("version").notNull().default(1),
    /**
     * How the customer chose to pay (issue 10 item 1): stored before anything is charged, so the
     * card payment and the Direct Debit take their amounts from one schedule.
     */
    paymentChoice: jsonb("payment_choice").$type<PaymentChoice>(),
    /**
     * The price the customer agreed to pay, fixed when money is first asked for the plan (a card
     * payment or a Direct Debit set up) and asked again at today's price by each new request, until
     * the plan is paid; null while nothing has been asked. A plan with one is priced from it, never
     * from the catalogue (issue 24 item 6; decision 008).
     */
    agreedPrice: jsonb("agreed_price").$type<AgreedPrice>(),
    /** Set once when the customer cancels; a cancelled plan is never paid again or changed. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * Set once when we are told the person covered has died and the funeral is asked for (issue
     * 23 item 4): from then the plan is never charged, changed or cancelled online again.
     */
    funeralRequestedAt: timestamp("funeral_requested_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("plans_user_id_idx").on(table.userId),
    uniqueIndex("plans_reference_idx").on(table.reference),
  ],
);

/**
 * Which of the six legal documents a plan's owner has accepted, and which version of each
 * (docs/decisions/012-legal-documents.md). The plan summary and plan details carry a version made
 * from the priced plan, so an acceptance stops counting once the plan changes.
 */
export const legalDocumentAcceptances = pgTable(
  "legal_document_acceptances",
  {
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    docReference: text("doc_reference").notNull(),
    version: text("version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.planId, table.docReference] })],
);

/**
 * The people of a plan (SPEC.md section 3; issue 9 item 4), one row per plan, as the contracts'
 * schemas checked them. The customer's vulnerability answers are health data (UK GDPR special
 * category): kept apart from the rest, with the time the customer consented to our keeping them,
 * and only ever read back to the plan's owner.
 */
/** One person's part of `plan_people.search_text`: their names, email, phone and postcode. */
function personSearchText(column: string) {
  const field = (path: string) => `coalesce(${column}${path}, '')`;
  return [
    field("->>'firstName'"),
    field("->>'lastName'"),
    field("->>'email'"),
    `regexp_replace(regexp_replace(${field("->>'phone'")}, '[^0-9]', '', 'g'), '^44', '0')`,
    field("->'address'->>'postcode'"),
    `replace(${field("->'address'->>'postcode'")}, ' ', '')`,
  ].join(" || ' ' || ");
}

const planSearchText = sql.raw(
  `lower(plan_id::text || ' ' || ${["customer", "covered_person", "nominee", "payer"].map(personSearchText).join(" || ' ' || ")})`,
);

export const planPeople = pgTable(
  "plan_people",
  {
    planId: uuid("plan_id")
      .primaryKey()
      .references(() => plans.id, { onDelete: "cascade" }),
    customer: jsonb("customer").$type<Omit<Customer, "vulnerabilities" | "vulnerabilityConsent">>().notNull(),
    coveredPerson: jsonb("covered_person").$type<CoveredPerson>(),
    nominee: jsonb("nominee").$type<Nominee>(),
    payer: jsonb("payer").$type<Payer>(),
    vulnerabilities: jsonb("vulnerabilities").$type<Vulnerabilities>(),
    vulnerabilityConsentAt: timestamp("vulnerability_consent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What staff find a plan by (issue 24 item 4; decision 031): the plan reference, and each
     * person's names, email address, phone (digits, in the national form) and postcode (as written
     * and without its space), lower-case, kept by the database itself. A trigram index makes a
     * part of any of them quick to find. Never the circumstances, dates of birth or bank details.
     */
    searchText: text("search_text").generatedAlwaysAs(planSearchText),
  },
  (table) => [index("plan_people_search_text_idx").using("gin", sql`${table.searchText} gin_trgm_ops`)],
);

export const paymentStatuses = [
  /** Made with the provider; waiting for the card details and the provider's answer. */
  "pending",
  /** The card's bank asked the customer to confirm (3-D Secure). */
  "requires_action",
  "confirmed",
  "failed",
  /** Cancelled with the provider before it was taken: it can no longer be finished. */
  "cancelled",
  /** Taken, then disputed by the customer at their card's bank, which holds the money meanwhile. */
  "disputed",
  /** The dispute was lost: the money went back to the customer (issue 46 item 5). */
  "charged_back",
] as const satisfies readonly CardPaymentStatus[];
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * A card payment for a plan (SPEC.md section 3: payments, each with completed and
 * paymentOption). One row per Idempotency-Key of the customer: asking again with the same key
 * answers this row and charges nothing more (docs/decisions/016-payments.md).
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    paymentOption: text("payment_option", { enum: ["full", "deposit"] }).notNull(),
    amountPence: integer("amount_pence").notNull(),
    status: text("status", { enum: paymentStatuses }).notNull().default("pending"),
    /**
     * False once we no longer want it taken (the plan was cancelled, or the customer chose
     * another way to pay): if the provider takes it all the same, it is refunded.
     */
    wanted: boolean("wanted").notNull().default(true),
    idempotencyKey: text("idempotency_key").notNull(),
    /** A digest of the request the key was first used with: the same key on another request is refused. */
    requestDigest: text("request_digest").notNull(),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id"),
    /** Handed to the browser so the provider's own card fields can finish the payment. */
    clientSecret: text("client_secret"),
    failureReason: text("failure_reason"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("payments_user_idempotency_key_unique").on(table.userId, table.idempotencyKey),
    unique("payments_provider_payment_unique").on(table.provider, table.providerPaymentId),
    // One card payment open at a time per plan: a second attempt (another tab, another key)
    // finds this one instead of charging again. And one of each kind taken, at most.
    index("payments_plan_id_idx").on(table.planId),
    uniqueIndex("payments_one_open_per_plan")
      .on(table.planId)
      .where(sql`wanted and status in ('pending', 'requires_action')`),
    uniqueIndex("payments_one_taken_per_plan_and_option")
      .on(table.planId, table.paymentOption)
      .where(sql`wanted and status = 'confirmed'`),
  ],
);

export { mandateStatuses, type MandateStatus };

/**
 * A Direct Debit mandate for a plan's instalments. Only the last four digits of the account are
 * kept; the provider holds the rest.
 */
export const mandates = pgTable(
  "mandates",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider").notNull(),
    providerMandateId: text("provider_mandate_id").notNull(),
    /** The reference the customer sees on their bank statement. */
    reference: text("reference").notNull(),
    accountHolderName: text("account_holder_name").notNull(),
    sortCode: text("sort_code").notNull(),
    accountNumberEnding: text("account_number_ending").notNull(),
    status: text("status", { enum: mandateStatuses }).notNull().default("pending_submission"),
    /** False once the plan is cancelled: the provider is asked to cancel it. */
    wanted: boolean("wanted").notNull().default(true),
    idempotencyKey: text("idempotency_key").notNull(),
    requestDigest: text("request_digest").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("mandates_user_idempotency_key_unique").on(table.userId, table.idempotencyKey),
    unique("mandates_provider_mandate_unique").on(table.provider, table.providerMandateId),
    index("mandates_plan_id_idx").on(table.planId),
    uniqueIndex("mandates_one_live_per_plan")
      .on(table.planId)
      .where(sql`wanted and status in ('pending_submission', 'active')`),
  ],
);

/**
 * A customer's request to set up a Direct Debit: written before the provider is asked to make the
 * mandate (the account number is never kept, so the mandate is made in the request itself) and
 * deleted once the mandate is stored. One still here a minute after it last asked was cut short,
 * perhaps after the provider made the mandate: reconciliation gives it up, asks the provider for a
 * mandate made under its id and cancels one we never stored, and keeps the row so the provider's
 * events about that mandate are known (docs/decisions/023-plan-money.md). The same
 * Idempotency-Key asks again under the same id; after that was given up, under a new one.
 */
export const directDebitRequests = pgTable(
  "direct_debit_requests",
  {
    id: uuid("id").primaryKey(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the provider was last asked under this id. */
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull().defaultNow(),
    /** When reconciliation gave it up: the request is no longer asked under this id. */
    givenUpAt: timestamp("given_up_at", { withTimezone: true }),
    /** When the giving up was done: any mandate made for it looked for, and cancelled. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** The mandate the provider had made for the request, which we never stored and cancelled. */
    abandonedProviderMandateId: text("abandoned_provider_mandate_id"),
  },
  (table) => [
    uniqueIndex("direct_debit_requests_one_open_per_key")
      .on(table.userId, table.idempotencyKey)
      .where(sql`given_up_at is null`),
    index("direct_debit_requests_open_idx")
      .on(table.askedAt)
      .where(sql`closed_at is null`),
    index("direct_debit_requests_abandoned_mandate_idx").on(table.abandonedProviderMandateId),
  ],
);

export { collectionStatuses, type CollectionStatus };

/** One monthly instalment of a plan's schedule, collected under its mandate. */
export const collections = pgTable(
  "collections",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id),
    mandateId: uuid("mandate_id")
      .notNull()
      .references(() => mandates.id),
    /** 1 for the first instalment. */
    number: integer("number").notNull(),
    dueDate: date("due_date").notNull(),
    amountPence: integer("amount_pence").notNull(),
    status: text("status", { enum: collectionStatuses }).notNull().default("scheduled"),
    /** False once the plan is cancelled: one still to come is cancelled, one taken is refunded. */
    wanted: boolean("wanted").notNull().default(true),
    providerPaymentId: text("provider_payment_id"),
    failureReason: text("failure_reason"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("collections_mandate_number_unique").on(table.mandateId, table.number),
    index("collections_plan_id_idx").on(table.planId),
    index("collections_due_date_idx").on(table.status, table.dueDate),
  ],
);

/**
 * Money owed back to a customer, one row per card payment or collection given back: made in the
 * same transaction that decides it is owed (a cancellation, a payment taken after one), refunded
 * by a queued job keyed by this row, and `refunded` only once the provider confirms it.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id),
    paymentId: uuid("payment_id").references(() => payments.id),
    collectionId: uuid("collection_id").references(() => collections.id),
    amountPence: integer("amount_pence").notNull(),
    status: text("status", { enum: refundStatuses }).notNull().default("owed"),
    /**
     * 1 for the first sending, one more each time finance sends it again after it failed at the
     * provider: the provider is asked under a key of the refund and its attempt (issue 46 item 3).
     */
    attempt: integer("attempt").notNull().default(1),
    /** Why the provider could not give it back, in the provider's words (never shown to customers). */
    failureReason: text("failure_reason"),
    /** When it last failed at the provider. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    /** The reference of the bank transfer finance repaid it by, after it failed at the provider. */
    transferReference: text("transfer_reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (table) => [
    unique("refunds_payment_unique").on(table.paymentId),
    unique("refunds_collection_unique").on(table.collectionId),
    index("refunds_plan_id_idx").on(table.planId),
    check("refunds_of_one_thing", sql`num_nonnulls(${table.paymentId}, ${table.collectionId}) = 1`),
    check("refunds_amount_positive", sql`${table.amountPence} > 0`),
  ],
);

/**
 * Each provider event handled, by the provider's own id: a webhook delivered twice finds its
 * event here and changes nothing the second time.
 */
export const providerEvents = pgTable(
  "provider_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * The funeral director appointed to carry out a bought plan's funeral (FPCOB 10.1.3R;
 * docs/decisions/027-funeral-director-appointment.md): one per plan, its key the plan, made in
 * the transaction that makes the plan bought, so a webhook applied twice or a retried job finds
 * it there and appoints nothing again. The branch is the one the customer chose; when it had
 * closed (or none was chosen) by then, `needsStaff` says staff must choose another, and the branch
 * is kept only as what was chosen.
 */
export const funeralDirectorAppointments = pgTable("funeral_director_appointments", {
  planId: uuid("plan_id")
    .primaryKey()
    .references(() => plans.id),
  branchId: integer("branch_id").references(() => funeralDirectorBranches.id),
  /** The UK day the plan was bought and the branch appointed. */
  appointedOn: date("appointed_on").notNull(),
  needsStaff: boolean("needs_staff").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The statement emailed on each anniversary of a plan's contract (issue 23 item 5;
 * docs/decisions/029-plan-statements.md): one row per plan and anniversary, inserted `on conflict
 * do nothing` in the transaction that queues its email, so however many API processes look, each
 * anniversary's statement is queued once.
 */
export const planStatements = pgTable(
  "plan_statements",
  {
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id),
    /** The anniversary of the contract date this statement is for, a UK day. */
    anniversaryOn: date("anniversary_on").notNull(),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.planId, table.anniversaryOn] })],
);

/**
 * A death told to us online, as it arrived (docs/decisions/040-a-death-is-confirmed-first.md):
 * the request stores it and queues the matching, so the answer takes the same time whether or
 * not a plan matches. Its id is the reference the person telling us is given, and the id of the
 * case event the matching writes for it. `acknowledgedAt` says the acknowledgement was sent to
 * the address typed: at most one an hour, and a few a day, to any one address.
 */
export const deathReports = pgTable(
  "death_reports",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    notification: jsonb("notification").$type<DeathNotification>().notNull(),
    /** The informant's email address as compared (`normaliseEmail`), for the per-recipient limit. */
    informantEmail: text("informant_email").notNull(),
    fromAddress: text("from_address").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
  },
  (table) => [index("death_reports_informant_email_idx").on(table.informantEmail, table.receivedAt)],
);

/**
 * A death we were told of (issue 23 item 4; docs/decisions/028-telling-us-of-a-death.md, amended
 * by 040): what the person telling us typed, kept as they typed it, and the plan it matched, if
 * any. A matched case is reported until the death is confirmed, then follows the funeral
 * (requested, arranged, provided), or is withdrawn as not right; an unmatched one waits for staff
 * to look into it. One case per plan: telling us again adds to the first case's events.
 */
export const atNeedCases = pgTable(
  "at_need_cases",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    planId: uuid("plan_id").references(() => plans.id),
    /** A funeral status once matched; `unmatched` while no plan is known. */
    status: text("status", { enum: atNeedCaseStatuses }).notNull(),
    notification: jsonb("notification").$type<DeathNotification>().notNull(),
    /**
     * What the family pays or gets back (the domain's `whenTheTimeComes`), worked out when the
     * death is confirmed; when nobody knows whether the death was an accident, as if it was not.
     */
    atDeath: jsonb("at_death").$type<AtDeath & { moratoriumMonths: number }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("at_need_cases_plan_id_idx").on(table.planId)],
);

/** Every change to a case, with who made it and when: never updated or deleted. */
export const atNeedCaseEvents = pgTable(
  "at_need_case_events",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    caseId: uuid("case_id")
      .notNull()
      .references(() => atNeedCases.id),
    /**
     * What happened: opened, told again, said not to be right by someone on the plan, matched to a
     * plan by staff, closed by staff as not one of our plans (the note says why), or a status it
     * moved to (the funeral requested once the death is confirmed, withdrawn, and on).
     */
    kind: text("kind", {
      enum: ["opened", "told_again", "said_not_right", "matched", "closed", "withdrawn", ...funeralStatuses],
    }).notNull(),
    /**
     * `informant` (online); `customer`, `payer` or `nominee` (from a link in our email to the
     * address we hold for them); or the member of staff.
     */
    by: text("by").notNull(),
    /** For the funeral requested: how the death was confirmed. */
    confirmedBy: text("confirmed_by", { enum: deathConfirmations }),
    note: text("note"),
    /** The address the form came from, for a case told online. */
    fromAddress: text("from_address"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("at_need_case_events_case_id_idx").on(table.caseId)],
);

/**
 * After two missed instalments the customer is sent a statement (FPCOB): when it was sent, and
 * the day by which they may catch up.
 */
export const arrearsStatements = pgTable("arrears_statements", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  planId: uuid("plan_id")
    .notNull()
    .references(() => plans.id),
  missedCount: integer("missed_count").notNull(),
  owedPence: integer("owed_pence").notNull(),
  catchUpBy: date("catch_up_by").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A paid plan's referral code (SPEC.md section 3: Referral); one per plan. */
export const referralCodes = pgTable("referral_codes", {
  code: text("code").primaryKey(),
  referrerPlanId: uuid("referrer_plan_id")
    .notNull()
    .unique()
    .references(() => plans.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A code applied to another plan; at most one per plan. */
export const referrals = pgTable("referrals", {
  referreePlanId: uuid("referree_plan_id")
    .primaryKey()
    .references(() => plans.id),
  code: text("code")
    .notNull()
    .references(() => referralCodes.code),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The embedded sandbox provider's own books (docs/decisions/016-payments.md): what a real
 * provider would hold on its side. Our tables above never read them; the sandbox answers through
 * the same interface and signed webhooks as a real provider. Card numbers are never stored, only
 * the last four digits.
 */
export const sandboxPayments = pgTable("sandbox_payments", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["card", "collection"] }).notNull(),
  amountPence: integer("amount_pence").notNull(),
  description: text("description").notNull(),
  clientSecret: text("client_secret"),
  mandateId: text("mandate_id"),
  chargeDate: date("charge_date"),
  status: text("status").notNull(),
  cardEnding: text("card_ending"),
  refundedPence: integer("refunded_pence").notNull().default(0),
  idempotencyKey: text("idempotency_key").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxMandates = pgTable("sandbox_mandates", {
  id: text("id").primaryKey(),
  reference: text("reference").notNull(),
  accountHolderName: text("account_holder_name").notNull(),
  sortCode: text("sort_code").notNull(),
  accountNumberEnding: text("account_number_ending").notNull(),
  /** What the sandbox's test account does with collections: collect them or fail them. */
  behaviour: text("behaviour", { enum: ["collects", "fails"] }).notNull(),
  status: text("status").notNull(),
  idempotencyKey: text("idempotency_key").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Funeral advice articles, loaded from `content/advice/*.md` at every start and matched by slug,
 * so an edit to the Markdown updates its row and keeps its id (docs/decisions/018-advice-content.md).
 * The table keeps its first name, "stories" (the SPEC's word, migration 0008): drizzle-kit cannot
 * generate the rename without asking whether the table is new or renamed, and a new table would
 * drop the old one and the articles' ids with it, so only the code's name changed.
 */
export const adviceArticles = pgTable("stories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  /** One of the domain's `adviceCategories` slugs. */
  category: text("category").notNull(),
  /** The article's text as Markdown, checked at load: no HTML, headings from level 2. */
  body: text("body").notNull(),
  author: text("author").notNull(),
  reviewer: text("reviewer").notNull(),
  publishedOn: date("published_on").notNull(),
  updatedOn: date("updated_on").notNull(),
  readingMinutes: integer("reading_minutes").notNull(),
});

/**
 * A request for the free guide (docs/decisions/019-free-guide.md): who asked, how they are happy
 * to hear from us (each channel off unless they ticked it), the campaign they came from, and when
 * the guide was queued to them by email. The email address is stored normalised, so the
 * once-a-day rule finds every request from it; `guide_sent_at` is null for a request that sent
 * nothing because the guide had gone to the same address within the day.
 */
export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    postcode: text("postcode"),
    contactByEmail: boolean("contact_by_email").notNull().default(false),
    contactByPhone: boolean("contact_by_phone").notNull().default(false),
    contactByPost: boolean("contact_by_post").notNull().default(false),
    utmParams: jsonb("utm_params").$type<UtmParams>().notNull().default({}),
    /** The reference of an earlier enquiry from the same browser (its `freeGuideRef`), as sent. */
    freeGuideRef: uuid("free_guide_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    guideSentAt: timestamp("guide_sent_at", { withTimezone: true }),
    /** When a member of staff followed the enquiry up, and who (issue 24 item 5; decision 031). */
    followedUpAt: timestamp("followed_up_at", { withTimezone: true }),
    followedUpBy: uuid("followed_up_by").references(() => staffMembers.id),
  },
  (table) => [index("enquiries_email_guide_sent_at_idx").on(table.email, table.guideSentAt)],
);

/**
 * Email addresses never to send news and offers to (issue 25 item 12; the privacy policy's "If you
 * ask us to stop, we keep your email address on a do-not-contact list"): put here when a person
 * deletes their account or their marketing choices, stored normalised, and nothing else about them.
 */
export const doNotContact = pgTable("do_not_contact", {
  email: text("email").primaryKey(),
  addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Members of staff (issue 24; docs/decisions/031-staff-back-office.md), apart from `users`, so no
 * customer query can ever return one. They exist only by invitation: `password_hash` and the TOTP
 * key are set when the invitation is accepted. The key is sealed (AES-256-GCM, as queued emails
 * are); `totp_last_step` is the time-step of the last code used, so no code signs in twice.
 */
export const staffMembers = pgTable("staff_members", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** Normalised, as customers' are. */
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  role: text("role", { enum: staffRoles }).notNull(),
  passwordHash: text("password_hash"),
  totpKeySealed: text("totp_key_sealed"),
  totpLastStep: integer("totp_last_step"),
  /**
   * No longer used: sign-in is slowed, never locked (decision 038), so nothing counts or locks
   * here. Kept until a migration drops them with `locked_until`.
   */
  failedSignIns: integer("failed_sign_ins").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  invitedBy: uuid("invited_by"),
  activatedAt: timestamp("activated_at", { withTimezone: true }),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Invitation links, single-use, stored only as the SHA-256 hash of their secret. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    staffMemberId: uuid("staff_member_id")
      .notNull()
      .references(() => staffMembers.id),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("staff_invitations_token_hash_idx").on(table.tokenHash)],
);

/**
 * Staff bearer tokens (scope STAFF), stored hashed, in a table of their own: the customers' token
 * lookup never finds one, and the staff lookup never finds a customer's. A token stops working
 * when idle too long (`last_used_at`) or at `expires_at`, whichever comes first.
 */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffMemberId: uuid("staff_member_id")
      .notNull()
      .references(() => staffMembers.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("staff_tokens_staff_member_id_idx").on(table.staffMemberId)],
);

/**
 * Every look and every action of staff: who, when, from which address, which plan, what. `detail`
 * names what was seen or changed (fields, amounts, statuses), never the personal data itself. A
 * trigger refuses updates and deletes (migration 0017): the log is never rewritten. `plan_id` has
 * no foreign key, so the retention job may still delete an unfinished plan someone looked at.
 */
export const staffAuditEvents = pgTable(
  "staff_audit_events",
  {
    id: serial("id").primaryKey(),
    staffMemberId: uuid("staff_member_id").references(() => staffMembers.id),
    action: text("action").notNull(),
    planId: uuid("plan_id"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    fromAddress: text("from_address"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("staff_audit_events_plan_id_idx").on(table.planId),
    index("staff_audit_events_staff_member_id_idx").on(table.staffMemberId),
  ],
);

/**
 * What staff wrote about a plan (issue 24 item 4; decision 031): a call, what was asked, what was
 * promised. Kept as written: a trigger refuses updates and deletes (migration 0019), as the audit
 * log's does, except a note's deletion with its plan when an unfinished plan is erased.
 */
export const planNotes = pgTable(
  "plan_notes",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    staffMemberId: uuid("staff_member_id")
      .notNull()
      .references(() => staffMembers.id),
    /** Up to 2,000 characters (the contracts' `staffPlanNoteBodySchema`). */
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("plan_notes_plan_id_idx").on(table.planId, table.createdAt)],
);

/**
 * The outcome of a missed-payments case, one per arrears statement, with who recorded it and when
 * (issue 24 item 5; decision 031). Kept as recorded: a trigger refuses updates and deletes
 * (migration 0020), as the audit log's does. "Cancelled with refund" is the plan money state
 * machine's cancel, applied in the transaction that writes the row.
 */
export const arrearsOutcomes = pgTable(
  "arrears_outcomes",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id),
    arrearsStatementId: uuid("arrears_statement_id")
      .notNull()
      .unique()
      .references(() => arrearsStatements.id),
    outcome: text("outcome", { enum: arrearsOutcomeKinds }).notNull(),
    /** What was agreed (a new arrangement's is required), up to 2,000 characters. */
    note: text("note"),
    recordedBy: uuid("recorded_by")
      .notNull()
      .references(() => staffMembers.id),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("arrears_outcomes_plan_id_idx").on(table.planId),
    check(
      "arrears_outcomes_outcome_known",
      sql`${table.outcome} in ('settled', 'new_arrangement', 'cancelled_with_refund')`,
    ),
  ],
);

/**
 * What a branch's details may be changed to from the back office (issue 24 item 6): only the
 * fields given change. A move of address comes with a release (it needs the branch's coordinates).
 */
export interface StoredBranchChange {
  name?: string;
  phone?: string;
  email?: string;
  website?: string;
  managerName?: string;
  /** False closes the branch; true opens it again. */
  active?: boolean;
}

/** What a catalogue change sets: an option's price, or some of a branch's details. */
export type StoredCatalogueChange = { pricePence: number } | StoredBranchChange;

/**
 * Every change to an option's price or a branch's details, dated (issue 24 item 6; decision 032):
 * who made it (a member of staff, or null for a catalogue release the seed applied), when, why,
 * and from when it holds. A change is written into its option's or branch's row when it falls
 * due (`applied_at`), by whichever process gets to it first. Kept as made: a trigger refuses any
 * update but setting `applied_at` once, and every delete (migration 0021).
 */
export const catalogueChanges = pgTable(
  "catalogue_changes",
  {
    id: serial("id").primaryKey(),
    optionId: integer("option_id").references(() => catalogueOptions.id),
    branchId: integer("branch_id").references(() => funeralDirectorBranches.id),
    change: jsonb("change").$type<StoredCatalogueChange>().notNull(),
    effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
    reason: text("reason").notNull(),
    madeBy: uuid("made_by").references(() => staffMembers.id),
    madeAt: timestamp("made_at", { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (table) => [
    index("catalogue_changes_option_id_idx").on(table.optionId, table.effectiveAt),
    index("catalogue_changes_branch_id_idx").on(table.branchId, table.effectiveAt),
    index("catalogue_changes_due_idx")
      .on(table.effectiveAt)
      .where(sql`${table.appliedAt} is null`),
    check("catalogue_changes_one_subject", sql`(${table.optionId} is null) <> (${table.branchId} is null)`),
  ],
);
