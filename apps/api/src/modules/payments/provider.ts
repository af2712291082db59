/**
 * What we need from a payment provider (docs/decisions/016-payments.md). Every provider, the
 * embedded sandbox (the default, like PGlite for the database), Stripe for cards and GoCardless
 * for Direct Debit, sits behind these interfaces; the rest of the API never sees which one it is.
 *
 * Providers answer asynchronously, as the real ones do: creating a payment or a mandate answers at
 * once, and what became of it arrives later as a signed webhook, which `parseWebhook` verifies and
 * reads into `ProviderEvent`s. Every call that could move money passes an idempotency key through
 * to the provider, so a retried call never charges twice.
 */

import type { CardPaymentStatus, CollectionStatus, MandateStatus } from "@kindred/domain";

export type CardPaymentEventStatus =
  | "requires_action"
  | "confirmed"
  | "failed"
  | "cancelled"
  | "refunded"
  | "refund_failed"
  | "disputed"
  | "dispute_won"
  | "dispute_lost";

export type ProviderEvent =
  | {
      eventId: string;
      kind: "card_payment";
      providerPaymentId: string;
      /**
       * `refund_failed`: the payment's refund failed at the provider (issue 46 item 3).
       * `disputed`, `dispute_won`, `dispute_lost`: the customer disputed it at their card's bank,
       * and how that ended (issue 46 item 5).
       */
      status: CardPaymentEventStatus;
      reason?: string;
    }
  | {
      eventId: string;
      kind: "mandate";
      providerMandateId: string;
      status: "active" | "failed" | "cancelled";
      reason?: string;
    }
  | {
      eventId: string;
      kind: "collection";
      providerPaymentId: string;
      /** `refund_failed`: the collection's refund failed, bounced or had its funds returned (issue 46 item 3). */
      status: "submitted" | "collected" | "failed" | "cancelled" | "refunded" | "refund_failed";
      reason?: string;
    };

/** A webhook as it arrived: the raw body (signatures are over the exact bytes) and its headers. */
export interface IncomingWebhook {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The signature did not verify: answered 401, nothing changed. */
export class WebhookNotVerified extends Error {
  constructor(reason: string) {
    super(`Webhook not verified: ${reason}`);
    this.name = "WebhookNotVerified";
  }
}

/**
 * Signed by the provider, but not events we can read (not JSON, or not the provider's shape):
 * answered 400, nothing changed.
 */
export class WebhookNotUnderstood extends Error {
  constructor(reason: string) {
    super(`Webhook not understood: ${reason}`);
    this.name = "WebhookNotUnderstood";
  }
}

/**
 * What a provider holds about one of our payments or collections now, in our words. Asked by
 * reconciliation (reconciliation.ts) about anything whose events are late or lost, so the answer
 * is the provider's record, never our own guess. `refundedPence` is what has been given back.
 */
export interface CardPaymentRecord {
  status: CardPaymentStatus;
  refundedPence: number;
}
export interface CollectionRecord {
  status: CollectionStatus;
  refundedPence: number;
}
interface MandateRecord {
  status: MandateStatus;
}

export interface CardPaymentProvider {
  /** "sandbox" or "stripe": the browser shows that provider's own card fields. */
  readonly name: string;
  /**
   * Opens a payment for the card fields to finish. `reference` is our payment's id, kept with
   * the provider so its events can be matched back.
   */
  createPayment(input: {
    amountPence: number;
    description: string;
    reference: string;
    idempotencyKey: string;
  }): Promise<{ providerPaymentId: string; clientSecret: string }>;
  /**
   * Cancels a payment not yet taken, so the customer can no longer finish it; its `cancelled`
   * event follows. A payment already taken or cancelled is left as it is, without an error: what
   * became of it arrives, or has arrived, as its own event. (Stripe keeps a declined payment open
   * for another card, so one we hold as failed may still be cancelled; that event changes nothing.)
   */
  cancelPayment(providerPaymentId: string): Promise<void>;
  /** Gives back `amountPence` of a confirmed payment; the refund's outcome arrives as an event. */
  refundPayment(input: {
    providerPaymentId: string;
    amountPence: number;
    idempotencyKey: string;
  }): Promise<void>;
  /** The payment as the provider holds it now (reconciliation). */
  lookUpPayment(providerPaymentId: string): Promise<CardPaymentRecord>;
  parseWebhook(webhook: IncomingWebhook): Promise<ProviderEvent[]>;
}

interface BankAccount {
  accountHolderName: string;
  /** "20-00-00" */
  sortCode: string;
  /** Eight digits. Passed to the provider and never kept: only its last four digits are. */
  accountNumber: string;
}

interface DirectDebitCustomer {
  givenName: string;
  familyName: string;
  email: string;
  address: { line1: string; line2?: string; locality: string; postcode: string };
}

export interface DirectDebitProvider {
  readonly name: string;
  /**
   * Sets up a mandate; it is active once the provider's event says so. `requestId` is our id for
   * the customer's request: asked again with it, the provider answers the mandate it made, and
   * `findMandate` finds that mandate by it when the answer was lost.
   */
  createMandate(input: {
    bankAccount: BankAccount;
    customer: DirectDebitCustomer;
    reference: string;
    requestId: string;
  }): Promise<{ providerMandateId: string; reference: string }>;
  /**
   * The mandate made for `requestId` (created after `madeAfter`), if the provider made one: how a
   * request cut short after the provider answered is found again (reconciliation).
   */
  findMandate(
    requestId: string,
    madeAfter: Date,
  ): Promise<{ providerMandateId: string; status: MandateStatus } | undefined>;
  /**
   * Asks for one collection on (or, if it is not a working day, just after) `chargeDate`. A key
   * seen before answers the collection it made; a new one under a mandate that has ended is refused.
   */
  createCollection(input: {
    providerMandateId: string;
    amountPence: number;
    chargeDate: string;
    description: string;
    reference: string;
    idempotencyKey: string;
  }): Promise<{ providerPaymentId: string }>;
  /** Cancels one collection not yet taken. */
  cancelCollection(providerPaymentId: string): Promise<void>;
  /** Refunds one collection that was taken. */
  refundCollection(input: {
    providerPaymentId: string;
    amountPence: number;
    idempotencyKey: string;
  }): Promise<void>;
  /** Cancels the mandate, and with it every collection not yet submitted: nothing is taken under it again. */
  cancelMandate(providerMandateId: string): Promise<void>;
  /** The mandate as the provider holds it now (reconciliation). */
  lookUpMandate(providerMandateId: string): Promise<MandateRecord>;
  /** The collection as the provider holds it now (reconciliation). */
  lookUpCollection(providerPaymentId: string): Promise<CollectionRecord>;
  parseWebhook(webhook: IncomingWebhook): Promise<ProviderEvent[]>;
}
