import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { SandboxCardAnswer, SandboxMandateEnding, Violation } from "@kindred/contracts";
import {
  accountNumberEnding,
  type CardPaymentStatus,
  type CollectionStatus,
  type MandateStatus,
  purchaseMessages,
} from "@kindred/domain";
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { FastifyBaseLogger } from "fastify";
import type { JobWithMetadata } from "pg-boss";
import type { Database } from "../../../db/database";
import type { JobQueue } from "../../../db/job-queue";
import { sandboxMandates, sandboxPayments } from "../../../db/schema";
import { ViolationError } from "../../../plugins/error-handler";
import {
  WebhookNotUnderstood,
  WebhookNotVerified,
  type CardPaymentProvider,
  type DirectDebitProvider,
  type IncomingWebhook,
  type ProviderEvent,
} from "../provider";
import { passesLuhn, sandboxBankAccounts, sandboxCards } from "./test-instruments";

/** A sandbox webhook's body: one `ProviderEvent`, as `emit` wrote it. */
const sandboxEvent = z.discriminatedUnion("kind", [
  z.object({
    eventId: z.string().min(1),
    kind: z.literal("card_payment"),
    providerPaymentId: z.string().min(1),
    status: z.enum([
      "requires_action",
      "confirmed",
      "failed",
      "cancelled",
      "refunded",
      "refund_failed",
      "disputed",
      "dispute_won",
      "dispute_lost",
    ]),
    reason: z.string().optional(),
  }),
  z.object({
    eventId: z.string().min(1),
    kind: z.literal("mandate"),
    providerMandateId: z.string().min(1),
    status: z.enum(["active", "failed", "cancelled"]),
    reason: z.string().optional(),
  }),
  z.object({
    eventId: z.string().min(1),
    kind: z.literal("collection"),
    providerPaymentId: z.string().min(1),
    status: z.enum(["submitted", "collected", "failed", "cancelled", "refunded", "refund_failed"]),
    reason: z.string().optional(),
  }),
]) satisfies z.ZodType<ProviderEvent>;

/**
 * The embedded payment provider (docs/decisions/016-payments.md): the default, needing no
 * account, like PGlite for the database. It keeps its own books in `sandbox_*` tables and answers
 * the way Stripe and GoCardless do: a call answers at once, and what became of it arrives later as
 * a signed webhook, delivered from a queue with retries (`sandbox-webhooks`), so the rest of the
 * API runs exactly as it would against a real provider.
 *
 * The card fields in the browser post to the sandbox's own routes (as Stripe's fields post to
 * Stripe), never to our payments routes; the card number is checked and dropped, and only its
 * last four digits are kept.
 */
export const sandboxWebhookQueue = "sandbox-webhooks";
const sandboxSignatureHeader = "sandbox-signature";

/** A signature older than this is refused, so a captured webhook cannot be replayed much later. */
const signatureToleranceSeconds = 5 * 60;

/** How long after it is set up the sandbox says a mandate is active. */
const mandateActivationSeconds = 1;

/**
 * Webhooks taken from the queue at once, delivered one by one in the order they were sent. If one
 * is refused the batch is sent again; the ones already handled are recognised and ignored.
 */
const webhookBatchSize = 5;

/**
 * A batch in hand longer than this was taken by a process that died: it is delivered again. Each
 * webhook is one short transaction, so a batch takes well under a second; with the queue's
 * supervision every two seconds, a webhook whose process was killed is delivered again within
 * about eight seconds (as Stripe and GoCardless send again a webhook that was not answered).
 */
const webhookExpirySeconds = 5;

/** An event before the sandbox gives it its id (distributes over the kinds of event). */
type NewEvent = ProviderEvent extends infer Event
  ? Event extends ProviderEvent
    ? Omit<Event, "eventId">
    : never
  : never;

export interface SandboxProvider {
  card: CardPaymentProvider;
  directDebit: DirectDebitProvider;
  /** The sandbox's card fields: the card is entered here, as it would be on Stripe's page. */
  confirmCard(
    providerPaymentId: string,
    body: { clientSecret: string; cardNumber: string; expiry: string; securityCode: string },
    today: Date,
  ): Promise<SandboxCardAnswer>;
  /** The "confirm with your bank" step a test card may ask for. */
  authenticateCard(
    providerPaymentId: string,
    body: { clientSecret: string; approve: boolean },
  ): Promise<SandboxCardAnswer>;
  /**
   * Takes every collection due on or before `today` (an ISO date): the test account that
   * collects pays, the other fails. Run hourly, by tests, and by a demo for one mandate (its
   * reference) to see a failed collection without waiting for it.
   */
  collectDue(today: string, only?: { mandateReference: string }): Promise<number>;
  /**
   * The bank, or the customer at their bank, ends the mandate standing under `mandateReference`
   * (issue 46 item 1), as GoCardless reports it: cancelled (the account closed, or the customer
   * cancelled it), failed, or expired; its collections not yet submitted are cancelled with it.
   * Answers whether a mandate was standing to end.
   */
  endMandate(mandateReference: string, how: SandboxMandateEnding): Promise<boolean>;
  /**
   * Submits again, and takes, every failed collection under the mandate standing under
   * `mandateReference` (issue 46 item 2), as GoCardless retries a failed payment: money arriving
   * after a payment failed. Answers how many were taken.
   */
  retryFailedCollections(mandateReference: string): Promise<number>;
  /**
   * The refunds of these card payments and collections bounce (issue 46 item 3): the card was
   * closed, or the bank returned the money, as Stripe's `refund.failed` and GoCardless's refund
   * `bounced` or `funds_returned` report. The money is back with us; answers how many bounced.
   */
  bounceRefunds(providerPaymentIds: readonly string[]): Promise<number>;
  /**
   * Of these card payments, the customer disputes those taken (`opened`: the bank holds the money),
   * or the bank decides those disputed (`won`: the money is ours again; `lost`: it goes back to the
   * customer), as Stripe's `charge.dispute.created` and `charge.dispute.closed` report (issue 46
   * item 5). Answers how many it reached.
   */
  disputeCardPayments(
    providerPaymentIds: readonly string[],
    outcome: "opened" | "won" | "lost",
  ): Promise<number>;
  /**
   * Of these collections, the customer claims back those taken from their bank under the Direct
   * Debit Guarantee (an indemnity claim), as GoCardless's payment `charged_back` reports (issue 46
   * item 5). Answers how many were claimed.
   */
  claimIndemnity(providerPaymentIds: readonly string[]): Promise<number>;
  /** Starts delivering webhooks to `deliver`, as a real provider posts them to our endpoint. */
  startDelivery(
    deliver: (webhook: IncomingWebhook, to: "card" | "directDebit") => Promise<void>,
  ): Promise<void>;
  /** Resolves once every webhook sent so far has been delivered (tests). */
  idle(): Promise<void>;
  /** Signs a body as the sandbox does (tests forge and replay webhooks with it). */
  sign(rawBody: string, at?: Date): string;
}

/** The sandbox's own words for a card payment, in ours (as its events say them). */
const cardStatusOf: Record<string, CardPaymentStatus> = {
  requires_payment_method: "pending",
  requires_action: "requires_action",
  succeeded: "confirmed",
  // Refunded is a payment that was taken; how much came back is `refundedPence`.
  refunded: "confirmed",
  disputed: "disputed",
  charged_back: "charged_back",
  declined: "failed",
  canceled: "cancelled",
};

/** The sandbox's own words for a collection, in ours. */
const collectionStatusOf: Record<string, CollectionStatus> = {
  pending_submission: "scheduled",
  paid_out: "collected",
  refunded: "collected",
  failed: "failed",
  charged_back: "charged_back",
  cancelled: "cancelled",
};

/**
 * A card dispute's steps in the sandbox's books (issue 46 item 5): which payments each reaches,
 * what they become, and the event it sends, in Stripe's terms as its adapter reads them.
 */
const disputeSteps: Record<
  "opened" | "won" | "lost",
  { from: string; to: string; status: "disputed" | "dispute_won" | "dispute_lost" }
> = {
  opened: { from: "succeeded", to: "disputed", status: "disputed" },
  won: { from: "disputed", to: "succeeded", status: "dispute_won" },
  lost: { from: "disputed", to: "charged_back", status: "dispute_lost" },
};

/** The sandbox mandate statuses that still stand: made, and not yet ended by anyone. */
const standingStatuses = ["pending_submission"];
const standing = sql`${sandboxMandates.status} in ('pending_submission')`;

/**
 * How a mandate ends without our asking, as the sandbox's books keep it and as its event says it,
 * in GoCardless's words (`mandates` `cancelled` with cause `bank_account_closed` or
 * `mandate_cancelled`, `failed`, `expired`): GoCardless's adapter reads expired as failed too.
 */
const mandateEndings: Record<
  SandboxMandateEnding,
  { sandboxStatus: string; status: "failed" | "cancelled"; reason: string }
> = {
  bank_account_closed: { sandboxStatus: "cancelled", status: "cancelled", reason: "bank_account_closed" },
  mandate_cancelled: { sandboxStatus: "cancelled", status: "cancelled", reason: "mandate_cancelled" },
  failed: { sandboxStatus: "failed", status: "failed", reason: "invalid_bank_details" },
  expired: { sandboxStatus: "expired", status: "failed", reason: "mandate_expired" },
};

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

export function createSandboxProvider({
  db,
  jobQueue,
  webhookSecret,
  log,
}: {
  db: Database;
  jobQueue: JobQueue;
  webhookSecret: string;
  log: FastifyBaseLogger;
}): SandboxProvider {
  const sign = (rawBody: string, at: Date = new Date()) => {
    const timestamp = Math.floor(at.getTime() / 1000);
    const signature = createHmac("sha256", webhookSecret).update(`${timestamp}.${rawBody}`).digest("hex");
    return `t=${timestamp},v1=${signature}`;
  };

  /**
   * Sends an event in the caller's transaction: delivered once the sandbox's own change commits,
   * or `laterSeconds` after that.
   */
  const emit = (transaction: Database, event: NewEvent, laterSeconds = 0) =>
    jobQueue.sendWithin(
      transaction,
      sandboxWebhookQueue,
      { ...event, eventId: randomId("sbx_evt") },
      { startAfterSeconds: laterSeconds },
    );

  async function parseWebhook({ rawBody, headers }: IncomingWebhook): Promise<ProviderEvent[]> {
    const header = headers[sandboxSignatureHeader];
    const parts = new Map(
      (typeof header === "string" ? header : "")
        .split(",")
        .map((part) => part.split("=", 2) as [string, string]),
    );
    const timestamp = Number(parts.get("t"));
    const given = Buffer.from(parts.get("v1") ?? "", "hex");
    const expected = createHmac("sha256", webhookSecret)
      .update(`${parts.get("t")}.${rawBody}`)
      .digest();
    if (
      !Number.isInteger(timestamp) ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      throw new WebhookNotVerified("the signature does not match");
    }
    if (Math.abs(Date.now() / 1000 - timestamp) > signatureToleranceSeconds) {
      throw new WebhookNotVerified("the signature is too old");
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new WebhookNotUnderstood("not JSON");
    }
    const event = sandboxEvent.safeParse(body);
    if (!event.success) throw new WebhookNotUnderstood("not a sandbox event");
    return [event.data];
  }

  async function payment(providerPaymentId: string, clientSecret: string) {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, providerPaymentId));
    // Not the right secret is no payment at all: nothing says whether the id exists.
    if (!row || row.kind !== "card" || row.clientSecret !== clientSecret) {
      throw new ViolationError(
        [{ propertyPath: "payment", title: purchaseMessages.notAPaymentReference }],
        404,
      );
    }
    return row;
  }

  /** A payment or collection as the sandbox's books hold it, for the providers' look-up calls. */
  async function sandboxRecord(providerPaymentId: string, kind: "card" | "collection") {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, providerPaymentId));
    if (row?.kind !== kind) throw new Error(`The sandbox holds no ${kind} payment ${providerPaymentId}`);
    return row;
  }

  const card: CardPaymentProvider = {
    name: "sandbox",
    async createPayment({ amountPence, description, idempotencyKey }) {
      const id = randomId("sbx_pay");
      await db
        .insert(sandboxPayments)
        .values({
          id,
          kind: "card",
          amountPence,
          description,
          clientSecret: `${id}_secret_${randomBytes(16).toString("base64url")}`,
          status: "requires_payment_method",
          idempotencyKey: `card:${idempotencyKey}`,
        })
        .onConflictDoNothing({ target: sandboxPayments.idempotencyKey });
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.idempotencyKey, `card:${idempotencyKey}`));
      if (!row?.clientSecret) throw new Error("The sandbox lost a payment it had just made");
      return { providerPaymentId: row.id, clientSecret: row.clientSecret };
    },
    async cancelPayment(providerPaymentId) {
      await db.transaction(async (transaction) => {
        const [row] = await transaction
          .update(sandboxPayments)
          .set({ status: "canceled" })
          .where(
            and(
              eq(sandboxPayments.id, providerPaymentId),
              sql`${sandboxPayments.status} in ('requires_payment_method', 'requires_action', 'declined')`,
            ),
          )
          .returning();
        if (row) await emit(transaction, { kind: "card_payment", providerPaymentId, status: "cancelled" });
      });
    },
    async refundPayment({ providerPaymentId, amountPence }) {
      await db.transaction(async (transaction) => {
        const [row] = await transaction
          .update(sandboxPayments)
          .set({ refundedPence: sql`${sandboxPayments.refundedPence} + ${amountPence}`, status: "refunded" })
          .where(and(eq(sandboxPayments.id, providerPaymentId), eq(sandboxPayments.status, "succeeded")))
          .returning();
        if (row) await emit(transaction, { kind: "card_payment", providerPaymentId, status: "refunded" });
      });
    },
    async lookUpPayment(providerPaymentId) {
      const row = await sandboxRecord(providerPaymentId, "card");
      return { status: cardStatusOf[row.status] ?? "pending", refundedPence: row.refundedPence };
    },
    parseWebhook,
  };

  /** A sandbox mandate's status: active once its "active" event has been sent, as that event says. */
  const mandateStatusOf = (row: typeof sandboxMandates.$inferSelect): MandateStatus => {
    if (row.status === "cancelled") return "cancelled";
    // As GoCardless: a mandate that expired ended without anyone's asking, as one that failed.
    if (row.status === "failed" || row.status === "expired") return "failed";
    const activeFrom = row.createdAt.getTime() + mandateActivationSeconds * 1000;
    return Date.now() >= activeFrom ? "active" : "pending_submission";
  };

  /**
   * As GoCardless: a mandate's collections not yet submitted are cancelled with it, each with its
   * own event (whose cause says the mandate ended).
   */
  async function cancelCollectionsOf(transaction: Database, providerMandateId: string, reason: string) {
    const cancelled = await transaction
      .update(sandboxPayments)
      .set({ status: "cancelled" })
      .where(
        and(
          eq(sandboxPayments.mandateId, providerMandateId),
          eq(sandboxPayments.status, "pending_submission"),
        ),
      )
      .returning({ id: sandboxPayments.id });
    for (const { id } of cancelled) {
      await emit(transaction, { kind: "collection", providerPaymentId: id, status: "cancelled", reason });
    }
  }

  const directDebit: DirectDebitProvider = {
    name: "sandbox",
    async createMandate({ bankAccount, reference, requestId }) {
      const idempotencyKey = `mandate:${requestId}`;
      const id = randomId("sbx_md");
      const failing = sandboxBankAccounts.collectionsFail;
      const fails =
        bankAccount.sortCode === failing.sortCode && bankAccount.accountNumber === failing.accountNumber;
      await db.transaction(async (transaction) => {
        const inserted = await transaction
          .insert(sandboxMandates)
          .values({
            id,
            reference,
            accountHolderName: bankAccount.accountHolderName,
            sortCode: bankAccount.sortCode,
            accountNumberEnding: accountNumberEnding(bankAccount.accountNumber),
            behaviour: fails ? "fails" : "collects",
            status: "pending_submission",
            idempotencyKey,
          })
          .onConflictDoNothing({ target: sandboxMandates.idempotencyKey })
          .returning();
        // A real mandate turns active days later, long after the caller has stored it; the
        // sandbox waits a moment, so its event does not usually overtake the caller's own write.
        if (inserted.length > 0) {
          await emit(
            transaction,
            { kind: "mandate", providerMandateId: id, status: "active" },
            mandateActivationSeconds,
          );
        }
      });
      const [row] = await db
        .select()
        .from(sandboxMandates)
        .where(eq(sandboxMandates.idempotencyKey, idempotencyKey));
      if (!row) throw new Error("The sandbox lost a mandate it had just made");
      return { providerMandateId: row.id, reference: row.reference };
    },
    async createCollection({ providerMandateId, amountPence, chargeDate, description, idempotencyKey }) {
      const id = randomId("sbx_col");
      const [made] = await db
        .select({ id: sandboxPayments.id })
        .from(sandboxPayments)
        .where(eq(sandboxPayments.idempotencyKey, `collection:${idempotencyKey}`));
      if (made) return { providerPaymentId: made.id };
      // As GoCardless: nothing new is collected under a mandate that has ended.
      const [mandate] = await db
        .select({ status: sandboxMandates.status })
        .from(sandboxMandates)
        .where(eq(sandboxMandates.id, providerMandateId));
      if (!mandate || !standingStatuses.includes(mandate.status)) {
        throw new Error("The sandbox holds no active mandate for this collection");
      }
      await db
        .insert(sandboxPayments)
        .values({
          id,
          kind: "collection",
          amountPence,
          description,
          mandateId: providerMandateId,
          chargeDate,
          status: "pending_submission",
          idempotencyKey: `collection:${idempotencyKey}`,
        })
        .onConflictDoNothing({ target: sandboxPayments.idempotencyKey });
      const [row] = await db
        .select({ id: sandboxPayments.id })
        .from(sandboxPayments)
        .where(eq(sandboxPayments.idempotencyKey, `collection:${idempotencyKey}`));
      if (!row) throw new Error("The sandbox lost a collection it had just made");
      return { providerPaymentId: row.id };
    },
    async cancelCollection(providerPaymentId) {
      await db.transaction(async (transaction) => {
        const [row] = await transaction
          .update(sandboxPayments)
          .set({ status: "cancelled" })
          .where(
            and(eq(sandboxPayments.id, providerPaymentId), eq(sandboxPayments.status, "pending_submission")),
          )
          .returning();
        if (row) await emit(transaction, { kind: "collection", providerPaymentId, status: "cancelled" });
      });
    },
    async refundCollection({ providerPaymentId, amountPence }) {
      await db.transaction(async (transaction) => {
        const [row] = await transaction
          .update(sandboxPayments)
          .set({ refundedPence: sql`${sandboxPayments.refundedPence} + ${amountPence}`, status: "refunded" })
          .where(and(eq(sandboxPayments.id, providerPaymentId), eq(sandboxPayments.status, "paid_out")))
          .returning();
        if (row) await emit(transaction, { kind: "collection", providerPaymentId, status: "refunded" });
      });
    },
    async cancelMandate(providerMandateId) {
      await db.transaction(async (transaction) => {
        const [row] = await transaction
          .update(sandboxMandates)
          .set({ status: "cancelled" })
          .where(and(eq(sandboxMandates.id, providerMandateId), standing))
          .returning();
        if (!row) return;
        await emit(transaction, { kind: "mandate", providerMandateId, status: "cancelled" });
        await cancelCollectionsOf(transaction, providerMandateId, "mandate_cancelled");
      });
    },
    async lookUpMandate(providerMandateId) {
      const [row] = await db.select().from(sandboxMandates).where(eq(sandboxMandates.id, providerMandateId));
      if (!row) throw new Error(`The sandbox holds no mandate ${providerMandateId}`);
      return { status: mandateStatusOf(row) };
    },
    async findMandate(requestId, madeAfter) {
      const [row] = await db
        .select()
        .from(sandboxMandates)
        .where(
          and(
            eq(sandboxMandates.idempotencyKey, `mandate:${requestId}`),
            gte(sandboxMandates.createdAt, madeAfter),
          ),
        );
      return row ? { providerMandateId: row.id, status: mandateStatusOf(row) } : undefined;
    },
    async lookUpCollection(providerPaymentId) {
      const row = await sandboxRecord(providerPaymentId, "collection");
      return { status: collectionStatusOf[row.status] ?? "scheduled", refundedPence: row.refundedPence };
    },
    parseWebhook,
  };

  return {
    card,
    directDebit,

    async confirmCard(providerPaymentId, body, today) {
      const row = await payment(providerPaymentId, body.clientSecret);
      const number = body.cardNumber.replace(/[\s-]/g, "");
      // Asked again with the card that was declined (a second click, a reload): the answer it
      // already gave. Another card may finish it, as at Stripe, where a declined payment stays
      // open until it is cancelled: an old tab can still pay it (issue 46 item 2).
      if (row.status === "declined" && number === sandboxCards.declined) {
        return { status: "declined", message: purchaseMessages.cardDeclined };
      }
      // Cancelled by us (the plan was cancelled, or another way to pay chosen): nothing is taken.
      if (row.status === "canceled") {
        throw new ViolationError(
          [{ propertyPath: "payment", title: purchaseMessages.cardPaymentCancelled }],
          409,
        );
      }
      if (row.status !== "requires_payment_method" && row.status !== "declined") {
        return { status: row.status === "requires_action" ? "requires_action" : "processing", message: null };
      }
      const problems = cardProblems(body, today);
      if (problems.length > 0) throw new ViolationError(problems, 422);
      const outcome =
        number === sandboxCards.declined
          ? "declined"
          : number === sandboxCards.needsConfirmation
            ? "requires_action"
            : "processing";
      await db.transaction(async (transaction) => {
        // Only from the status read: a cancellation or another click that came first stands.
        const moved = await transaction
          .update(sandboxPayments)
          .set({ status: outcome === "processing" ? "succeeded" : outcome, cardEnding: number.slice(-4) })
          .where(and(eq(sandboxPayments.id, providerPaymentId), eq(sandboxPayments.status, row.status)))
          .returning();
        if (moved.length === 0) return;
        await emit(transaction, {
          kind: "card_payment",
          providerPaymentId,
          status:
            outcome === "processing" ? "confirmed" : outcome === "declined" ? "failed" : "requires_action",
          ...(outcome === "declined" ? { reason: "card_declined" } : {}),
        });
      });
      return { status: outcome, message: outcome === "declined" ? purchaseMessages.cardDeclined : null };
    },

    async authenticateCard(providerPaymentId, { clientSecret, approve }) {
      const row = await payment(providerPaymentId, clientSecret);
      if (row.status === "canceled") {
        throw new ViolationError(
          [{ propertyPath: "payment", title: purchaseMessages.cardPaymentCancelled }],
          409,
        );
      }
      if (row.status !== "requires_action") return { status: "processing", message: null };
      await db.transaction(async (transaction) => {
        // Only from requires_action: a cancellation that came first stands.
        const moved = await transaction
          .update(sandboxPayments)
          .set({ status: approve ? "succeeded" : "declined" })
          .where(
            and(eq(sandboxPayments.id, providerPaymentId), eq(sandboxPayments.status, "requires_action")),
          )
          .returning();
        if (moved.length === 0) return;
        await emit(transaction, {
          kind: "card_payment",
          providerPaymentId,
          status: approve ? "confirmed" : "failed",
          ...(approve ? {} : { reason: "authentication_failed" }),
        });
      });
      return approve
        ? { status: "processing", message: null }
        : { status: "declined", message: purchaseMessages.cardNotConfirmed };
    },

    async endMandate(mandateReference, how) {
      return db.transaction(async (transaction) => {
        const [row] = await transaction
          .update(sandboxMandates)
          .set({ status: mandateEndings[how].sandboxStatus })
          .where(and(eq(sandboxMandates.reference, mandateReference), standing))
          .returning();
        if (!row) return false;
        const { status, reason } = mandateEndings[how];
        await emit(transaction, { kind: "mandate", providerMandateId: row.id, status, reason });
        await cancelCollectionsOf(transaction, row.id, "mandate_cancelled");
        return true;
      });
    },

    async bounceRefunds(providerPaymentIds) {
      if (providerPaymentIds.length === 0) return 0;
      return db.transaction(async (transaction) => {
        const bounced = await transaction
          .update(sandboxPayments)
          .set({
            refundedPence: 0,
            status: sql`case when ${sandboxPayments.kind} = 'card' then 'succeeded' else 'paid_out' end`,
          })
          .where(
            and(inArray(sandboxPayments.id, [...providerPaymentIds]), eq(sandboxPayments.status, "refunded")),
          )
          .returning({ id: sandboxPayments.id, kind: sandboxPayments.kind });
        for (const { id, kind } of bounced) {
          await emit(transaction, {
            kind: kind === "card" ? "card_payment" : "collection",
            providerPaymentId: id,
            status: "refund_failed",
            reason: kind === "card" ? "expired_or_canceled_card" : "refund_bounced",
          });
        }
        return bounced.length;
      });
    },

    async disputeCardPayments(providerPaymentIds, outcome) {
      if (providerPaymentIds.length === 0) return 0;
      const { from, to, status } = disputeSteps[outcome];
      return db.transaction(async (transaction) => {
        const reached = await transaction
          .update(sandboxPayments)
          .set({ status: to })
          .where(
            and(
              inArray(sandboxPayments.id, [...providerPaymentIds]),
              eq(sandboxPayments.kind, "card"),
              eq(sandboxPayments.status, from),
            ),
          )
          .returning({ id: sandboxPayments.id });
        for (const { id } of reached) {
          await emit(transaction, { kind: "card_payment", providerPaymentId: id, status });
        }
        return reached.length;
      });
    },

    async claimIndemnity(providerPaymentIds) {
      if (providerPaymentIds.length === 0) return 0;
      return db.transaction(async (transaction) => {
        const claimed = await transaction
          .update(sandboxPayments)
          .set({ status: "charged_back" })
          .where(
            and(
              inArray(sandboxPayments.id, [...providerPaymentIds]),
              eq(sandboxPayments.kind, "collection"),
              inArray(sandboxPayments.status, ["paid_out", "refunded"]),
            ),
          )
          .returning({ id: sandboxPayments.id });
        for (const { id } of claimed) {
          // GoCardless says a collection charged back as the payment's `charged_back` action, which
          // its adapter (and ours) reads as the collection failing after it was taken.
          await emit(transaction, {
            kind: "collection",
            providerPaymentId: id,
            status: "failed",
            reason: "indemnity_claim",
          });
        }
        return claimed.length;
      });
    },

    async retryFailedCollections(mandateReference) {
      return db.transaction(async (transaction) => {
        const retried = await transaction
          .update(sandboxPayments)
          .set({ status: "paid_out" })
          .where(
            and(
              eq(sandboxPayments.kind, "collection"),
              eq(sandboxPayments.status, "failed"),
              sql`${sandboxPayments.mandateId} in (select ${sandboxMandates.id} from ${sandboxMandates}
                where ${sandboxMandates.reference} = ${mandateReference} and ${standing})`,
            ),
          )
          .returning({ id: sandboxPayments.id });
        for (const { id } of retried) {
          await emit(transaction, { kind: "collection", providerPaymentId: id, status: "submitted" });
          await emit(transaction, { kind: "collection", providerPaymentId: id, status: "collected" });
        }
        return retried.length;
      });
    },

    async collectDue(today, only) {
      return db.transaction(async (transaction) => {
        const due = await transaction
          .select({ id: sandboxPayments.id, behaviour: sandboxMandates.behaviour })
          .from(sandboxPayments)
          .innerJoin(sandboxMandates, eq(sandboxMandates.id, sandboxPayments.mandateId))
          .where(
            and(
              eq(sandboxPayments.kind, "collection"),
              eq(sandboxPayments.status, "pending_submission"),
              lte(sandboxPayments.chargeDate, today),
              only ? eq(sandboxMandates.reference, only.mandateReference) : undefined,
            ),
          );
        let submitted = 0;
        for (const collection of due) {
          const collected = collection.behaviour === "collects";
          // Only from pending_submission: a cancellation that came first stands, as it would at a
          // provider. Read above without a lock, the collection may have been cancelled since.
          const moved = await transaction
            .update(sandboxPayments)
            .set({ status: collected ? "paid_out" : "failed" })
            .where(
              and(eq(sandboxPayments.id, collection.id), eq(sandboxPayments.status, "pending_submission")),
            )
            .returning({ id: sandboxPayments.id });
          if (moved.length === 0) continue;
          submitted += 1;
          await emit(transaction, {
            kind: "collection",
            providerPaymentId: collection.id,
            status: "submitted",
          });
          await emit(transaction, {
            kind: "collection",
            providerPaymentId: collection.id,
            status: collected ? "collected" : "failed",
            ...(collected ? {} : { reason: "insufficient_funds" }),
          });
        }
        return submitted;
      });
    },

    async startDelivery(deliver) {
      const options = {
        retryLimit: 10,
        retryDelay: 1,
        retryBackoff: true,
        retryDelayMax: 600,
        expireInSeconds: webhookExpirySeconds,
        notify: true,
      };
      await jobQueue.boss.createQueue(sandboxWebhookQueue, options);
      await jobQueue.boss.updateQueue(sandboxWebhookQueue, options);
      // One at a time, in the order they were sent, as the events happened.
      await jobQueue.work(
        sandboxWebhookQueue,
        { batchSize: webhookBatchSize, includeMetadata: true },
        async (jobs: JobWithMetadata<ProviderEvent>[]) => {
          for (const job of jobs) {
            const rawBody = JSON.stringify(job.data);
            try {
              // Card events go to the card payments webhook, the rest to Direct Debit's, as the
              // sandbox stands in for both providers.
              await deliver(
                { rawBody, headers: { [sandboxSignatureHeader]: sign(rawBody) } },
                job.data.kind === "card_payment" ? "card" : "directDebit",
              );
            } catch (error) {
              log.warn(
                { jobId: job.id, attempt: job.retryCount + 1 },
                "sandbox webhook not accepted; it will be sent again",
              );
              throw error;
            }
          }
        },
      );
    },

    idle: () => jobQueue.idle(sandboxWebhookQueue),
    sign,
  };
}

/** The card fields' own checks, as a provider's page makes them. Any card but a test card is refused. */
function cardProblems(
  body: { cardNumber: string; expiry: string; securityCode: string },
  today: Date,
): Violation[] {
  const problems: Violation[] = [];
  const number = body.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{16}$/.test(number) || !passesLuhn(number)) {
    problems.push({ propertyPath: "cardNumber", title: purchaseMessages.cardNumberNotValid });
  } else if (!Object.values(sandboxCards).includes(number as never)) {
    problems.push({ propertyPath: "cardNumber", title: purchaseMessages.sandboxNeedsTestCard });
  }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(body.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  if (!expiry || month < 1 || month > 12 || year * 12 + month - 1 < thisMonth) {
    problems.push({ propertyPath: "expiry", title: purchaseMessages.cardExpiryNotValid });
  }
  if (!/^\d{3}$/.test(body.securityCode.trim())) {
    problems.push({ propertyPath: "securityCode", title: purchaseMessages.cardSecurityCodeNotValid });
  }
  return problems;
}
