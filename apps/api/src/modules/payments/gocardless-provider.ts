import { API_VERSION } from "gocardless-nodejs/constants";
import { parse as parseGoCardlessWebhook } from "gocardless-nodejs/webhooks";
import { z } from "zod";
import { PaymentProviderError } from "./provider-error";
import type { CollectionStatus, MandateStatus } from "@kindred/domain";
import {
  WebhookNotUnderstood,
  WebhookNotVerified,
  type DirectDebitProvider,
  type ProviderEvent,
} from "./provider";

/**
 * Direct Debit through GoCardless (docs/decisions/016-payments.md), over its documented HTTP API
 * (https://developer.gocardless.com/api-reference) with `fetch`. The official `gocardless-nodejs`
 * client cannot be pointed at another address (it knows only GoCardless's live and sandbox
 * hosts), has no timeout, and keeps the whole HTTP exchange, request body and bank details
 * included, on the errors it throws; so we use only its webhook check (`parse`, an HMAC compared
 * in constant time) and its API version.
 *
 * A mandate is a customer, their bank account and a Bacs mandate on it, each created with an
 * idempotency key of its own made from the caller's, so a retried `createMandate` carries on where
 * the last try stopped. GoCardless answers a key it has seen with 409 `idempotent_creation_conflict`
 * and the id of what it made; we then read that resource. No request body is ever logged or
 * put on an error.
 */
export interface GoCardlessSettings {
  /** "live_..." or "sandbox_...": never logged. */
  accessToken: string;
  /** The webhook endpoint's secret, which signs GoCardless's webhooks. */
  webhookSecret: string;
  /** Without a trailing slash: https://api.gocardless.com, its sandbox, or a test's fake. */
  baseUrl: string;
  timeoutMs: number;
}

type Resource = "customers" | "customer_bank_accounts" | "mandates" | "payments" | "refunds";

const errorAnswer = z.object({
  error: z.object({
    type: z.string(),
    code: z.number().optional(),
    request_id: z.string().optional(),
    errors: z
      .array(
        z.object({
          reason: z.string().optional(),
          links: z.object({ conflicting_resource_id: z.string().optional() }).optional(),
        }),
      )
      .default([]),
  }),
});

const withId = z.object({ id: z.string().min(1) });
const mandateAnswer = withId.extend({ reference: z.string().min(1) });
const statusAnswer = withId.extend({ status: z.string() });
/** The metadata key under which a mandate carries our id for the request that made it. */
const requestMetadataKey = "request";
const mandatesPage = z.object({
  mandates: z.array(statusAnswer.extend({ metadata: z.record(z.string(), z.string()).default({}) })),
  meta: z.object({ cursors: z.object({ after: z.string().nullable() }) }),
});
const paymentAnswer = statusAnswer.extend({ amount_refunded: z.number().int().nonnegative() });
const refundsAnswer = z.object({
  refunds: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      status: z.string(),
      metadata: z.record(z.string(), z.string()).default({}),
    }),
  ),
});
const refundAnswer = withId.extend({ links: z.object({ payment: z.string().min(1) }) });

/** A webhook's body: `{ events: [...] }`, each event a resource, an action and links to what it is about. */
const webhookEvents = z.array(
  z.object({
    id: z.string().min(1),
    resource_type: z.string(),
    action: z.string(),
    links: z.record(z.string(), z.unknown()).default({}),
    details: z.object({ cause: z.string().optional(), description: z.string().optional() }).optional(),
  }),
);
type GoCardlessEvent = z.infer<typeof webhookEvents>[number];

/** The mandate events we act on, and what each makes of the mandate; any other action is ignored. */
const mandateStatuses = new Map<string, "active" | "failed" | "cancelled">([
  ["active", "active"],
  ["failed", "failed"],
  ["expired", "failed"],
  ["cancelled", "cancelled"],
]);

/** The payment events we act on, and what each makes of the collection. */
const collectionStatuses = new Map<string, "submitted" | "collected" | "failed" | "cancelled">([
  ["submitted", "submitted"],
  ["confirmed", "collected"],
  ["paid_out", "collected"],
  ["failed", "failed"],
  ["charged_back", "failed"],
  ["cancelled", "cancelled"],
]);

/**
 * A mandate's status as GoCardless holds it (reconciliation), in our words. Until the bank has
 * accepted it (waiting for the customer, waiting to go to the bank, gone to it) it is pending
 * submission. Failed, blocked (GoCardless will not let these bank details be used) and expired (no
 * collection for thirteen months, so the bank has let it lapse) all failed: it ended without our
 * asking, as the `expired` event is read too. Cancelled, by us, the customer or their bank, is
 * cancelled; so is consumed, a one-off mandate used up, which ended as meant rather than failing.
 * `suspended_by_payer` belongs to Variable Recurring Payments only, never to the Bacs mandates we
 * set up, so it is not here: any status not here is an unexpected answer, not a guess.
 */
const mandateRecordStatuses = new Map<string, MandateStatus>([
  ["pending_customer_approval", "pending_submission"],
  ["pending_submission", "pending_submission"],
  ["submitted", "pending_submission"],
  ["active", "active"],
  ["failed", "failed"],
  ["blocked", "failed"],
  ["expired", "failed"],
  ["cancelled", "cancelled"],
  ["consumed", "cancelled"],
]);

/**
 * A payment's status as GoCardless holds it, in our words: waiting for the customer or to go to
 * the bank is scheduled; gone to it, submitted; taken (confirmed) or paid out to us, collected;
 * failed, charged back or refused by the customer, failed; cancelled, cancelled. As above, any
 * other status is an unexpected answer.
 */
const collectionRecordStatuses = new Map<string, CollectionStatus>([
  ["pending_customer_approval", "scheduled"],
  ["pending_submission", "scheduled"],
  ["submitted", "submitted"],
  ["confirmed", "collected"],
  ["paid_out", "collected"],
  ["failed", "failed"],
  ["charged_back", "failed"],
  ["customer_approval_denied", "failed"],
  ["cancelled", "cancelled"],
]);

/** Refunds in these states gave nothing back, so they do not count towards a payment's refunded total. */
const unrefundedStates = new Set(["cancelled", "failed", "bounced", "funds_returned"]);

/**
 * The refund events that say the money did not reach the customer (issue 46 item 3): the refund
 * failed, bounced, or its funds were returned to us. Each is read as the collection's refund failed.
 */
const refundFailedActions = new Set(["failed", "bounced", "funds_returned"]);

/** The mandate statuses in which nothing can be collected again, so cancelling has nothing left to do. */
const mandateEnded = new Set(["cancelled", "failed", "expired"]);

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value[0] : value;
}

export function createGoCardlessDirectDebitProvider(settings: GoCardlessSettings): DirectDebitProvider {
  const failure = (
    call: string,
    reason: PaymentProviderError["reason"],
    details: { status?: number; code?: string; requestId?: string } = {},
  ) => new PaymentProviderError({ provider: "gocardless", call, reason, ...details });

  /** One HTTP exchange; a network failure or timeout is thrown, any HTTP answer returned. */
  async function request(
    call: string,
    method: "GET" | "POST",
    path: string,
    { body, idempotencyKey }: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<{ status: number; body: unknown }> {
    try {
      const response = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: {
          accept: "application/json",
          authorization: `Bearer ${settings.accessToken}`,
          "gocardless-version": API_VERSION,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw failure(call, timedOut ? "timed out" : "unreachable");
    }
  }

  function refused(call: string, status: number, body: unknown): PaymentProviderError {
    const answer = errorAnswer.safeParse(body);
    if (!answer.success) return failure(call, "refused", { status });
    const { type, request_id: requestId, errors } = answer.data.error;
    return failure(call, "refused", { status, code: errors[0]?.reason ?? type, requestId });
  }

  function read<Shape extends z.ZodType>(
    call: string,
    resource: string,
    shape: Shape,
    body: unknown,
  ): z.infer<Shape> {
    const answer = z.object({ [resource]: shape }).safeParse(body);
    if (!answer.success) throw failure(call, "unexpected answer");
    return answer.data[resource] as z.infer<Shape>;
  }

  async function find<Shape extends z.ZodType>(call: string, resource: Resource, id: string, shape: Shape) {
    const { status, body } = await request(call, "GET", `/${resource}/${encodeURIComponent(id)}`);
    if (status !== 200) throw refused(call, status, body);
    return read(call, resource, shape, body);
  }

  /** Creates a resource once per key: a key GoCardless has seen answers what it made the first time. */
  async function create<Shape extends z.ZodType>(
    call: string,
    resource: Resource,
    params: object,
    idempotencyKey: string,
    shape: Shape,
  ): Promise<z.infer<Shape>> {
    const { status, body } = await request(call, "POST", `/${resource}`, {
      body: { [resource]: params },
      idempotencyKey,
    });
    if (status === 201 || status === 200) return read(call, resource, shape, body);
    const conflict = errorAnswer.safeParse(body);
    const earlier = conflict.success
      ? conflict.data.error.errors.find((error) => error.reason === "idempotent_creation_conflict")?.links
          ?.conflicting_resource_id
      : undefined;
    if (status === 409 && earlier) return find(call, resource, earlier, shape);
    throw refused(call, status, body);
  }

  /**
   * Cancels a payment or mandate. Cancelling again is not an error: when GoCardless says it cannot
   * (422 invalid_state), the resource is read, and one already ended is left as it is.
   */
  async function cancel(call: string, resource: "payments" | "mandates", id: string, ended: Set<string>) {
    const path = `/${resource}/${encodeURIComponent(id)}/actions/cancel`;
    const { status, body } = await request(call, "POST", path, { body: { data: {} } });
    if (status === 200) return;
    if (status === 422) {
      const now = await find(call, resource, id, statusAnswer);
      if (ended.has(now.status)) return;
    }
    throw refused(call, status, body);
  }

  /** The payment a refund event is about: its links, or the refund itself. */
  async function paymentOfRefund(event: GoCardlessEvent): Promise<string | undefined> {
    if (typeof event.links.payment === "string") return event.links.payment;
    if (typeof event.links.refund !== "string") return undefined;
    return (await find("parseWebhook", "refunds", event.links.refund, refundAnswer)).links.payment;
  }

  async function eventOf(event: GoCardlessEvent): Promise<ProviderEvent | undefined> {
    const reason = event.details?.description ?? event.details?.cause;
    const withReason = reason ? { reason } : {};
    const link = (name: string) => (typeof event.links[name] === "string" ? event.links[name] : undefined);

    if (event.resource_type === "mandates") {
      const status = mandateStatuses.get(event.action);
      const providerMandateId = link("mandate");
      if (!status || !providerMandateId) return undefined;
      const explained = status !== "active";
      return {
        eventId: event.id,
        kind: "mandate",
        providerMandateId,
        status,
        ...(explained ? withReason : {}),
      };
    }
    if (event.resource_type === "payments") {
      const status = collectionStatuses.get(event.action);
      const providerPaymentId = link("payment");
      if (!status || !providerPaymentId) return undefined;
      const explained = status === "failed" || status === "cancelled";
      return {
        eventId: event.id,
        kind: "collection",
        providerPaymentId,
        status,
        ...(explained ? withReason : {}),
      };
    }
    if (event.resource_type === "refunds" && (event.action === "refunded" || event.action === "paid")) {
      const providerPaymentId = await paymentOfRefund(event);
      if (!providerPaymentId) return undefined;
      return { eventId: event.id, kind: "collection", providerPaymentId, status: "refunded" };
    }
    if (event.resource_type === "refunds" && refundFailedActions.has(event.action)) {
      const providerPaymentId = await paymentOfRefund(event);
      if (!providerPaymentId) return undefined;
      return {
        eventId: event.id,
        kind: "collection",
        providerPaymentId,
        status: "refund_failed",
        ...withReason,
      };
    }
    return undefined;
  }

  return {
    name: "gocardless",

    async createMandate({ bankAccount, customer, reference, requestId }) {
      const { address } = customer;
      const idempotencyKey = `mandate:${requestId}`;
      const created = await create(
        "createMandate",
        "customers",
        {
          given_name: customer.givenName,
          family_name: customer.familyName,
          email: customer.email,
          address_line1: address.line1,
          ...(address.line2 ? { address_line2: address.line2 } : {}),
          city: address.locality,
          postal_code: address.postcode,
          country_code: "GB",
          metadata: { reference },
        },
        `${idempotencyKey}:customer`,
        withId,
      );
      const account = await create(
        "createMandate",
        "customer_bank_accounts",
        {
          account_holder_name: bankAccount.accountHolderName,
          account_number: bankAccount.accountNumber,
          branch_code: bankAccount.sortCode.replace(/\D/g, ""),
          country_code: "GB",
          links: { customer: created.id },
        },
        `${idempotencyKey}:bank-account`,
        withId,
      );
      const mandate = await create(
        "createMandate",
        "mandates",
        {
          scheme: "bacs",
          // Our own reference, the plan's (decision 045), rather than one GoCardless makes up, so
          // the bank statement shows what the customer quotes (the creditor needs custom mandate
          // references turned on). Bacs takes 6 to 18 letters, digits, spaces and -./&, unique.
          reference,
          links: { customer_bank_account: account.id },
          metadata: { reference, [requestMetadataKey]: requestId },
        },
        `${idempotencyKey}:mandate`,
        mandateAnswer,
      );
      return { providerMandateId: mandate.id, reference: mandate.reference };
    },

    async createCollection({
      providerMandateId,
      amountPence,
      chargeDate,
      description,
      reference,
      idempotencyKey,
    }) {
      const payment = await create(
        "createCollection",
        "payments",
        {
          amount: amountPence,
          currency: "GBP",
          charge_date: chargeDate,
          description,
          metadata: { reference },
          links: { mandate: providerMandateId },
        },
        idempotencyKey,
        withId,
      );
      return { providerPaymentId: payment.id };
    },

    async cancelCollection(providerPaymentId) {
      await cancel("cancelCollection", "payments", providerPaymentId, new Set(["cancelled"]));
    },

    async refundCollection({ providerPaymentId, amountPence, idempotencyKey }) {
      // GoCardless asks for the payment's refunded total after this refund, so that two refunds
      // racing cannot both be made; a refund already made under this key is the answer itself.
      const call = "refundCollection";
      const query = new URLSearchParams({ payment: providerPaymentId, limit: "500" });
      const listed = await request(call, "GET", `/refunds?${query}`);
      if (listed.status !== 200) throw refused(call, listed.status, listed.body);
      const answer = refundsAnswer.safeParse(listed.body);
      if (!answer.success) throw failure(call, "unexpected answer");
      const refunds = answer.data.refunds;
      if (refunds.some((refund) => refund.metadata.idempotency_key === idempotencyKey)) return;
      const refundedSoFar = refunds
        .filter((refund) => !unrefundedStates.has(refund.status))
        .reduce((total, refund) => total + refund.amount, 0);
      await create(
        call,
        "refunds",
        {
          amount: amountPence,
          total_amount_confirmation: refundedSoFar + amountPence,
          metadata: { idempotency_key: idempotencyKey },
          links: { payment: providerPaymentId },
        },
        idempotencyKey,
        withId,
      );
    },

    async cancelMandate(providerMandateId) {
      await cancel("cancelMandate", "mandates", providerMandateId, mandateEnded);
    },

    async findMandate(requestId, madeAfter) {
      const call = "findMandate";
      // GoCardless cannot look a mandate up by our id: the ones made since are read, page by
      // page, for the one whose metadata carries it.
      let after: string | null = null;
      do {
        const query = new URLSearchParams({ "created_at[gte]": madeAfter.toISOString(), limit: "500" });
        if (after) query.set("after", after);
        const { status, body } = await request(call, "GET", `/mandates?${query}`);
        if (status !== 200) throw refused(call, status, body);
        const page = mandatesPage.safeParse(body);
        if (!page.success) throw failure(call, "unexpected answer");
        const found = page.data.mandates.find(
          (mandate) => mandate.metadata[requestMetadataKey] === requestId,
        );
        if (found) {
          const mandateStatus = mandateRecordStatuses.get(found.status);
          if (!mandateStatus) throw failure(call, "unexpected answer");
          return { providerMandateId: found.id, status: mandateStatus };
        }
        after = page.data.meta.cursors.after;
      } while (after);
      return undefined;
    },

    async lookUpMandate(providerMandateId) {
      const call = "lookUpMandate";
      const mandate = await find(call, "mandates", providerMandateId, statusAnswer);
      const status = mandateRecordStatuses.get(mandate.status);
      if (!status) throw failure(call, "unexpected answer");
      return { status };
    },

    async lookUpCollection(providerPaymentId) {
      const call = "lookUpCollection";
      const payment = await find(call, "payments", providerPaymentId, paymentAnswer);
      const status = collectionRecordStatuses.get(payment.status);
      if (!status) throw failure(call, "unexpected answer");
      // `amount_refunded` is GoCardless's running total of what has been refunded, in pence.
      return { status, refundedPence: payment.amount_refunded };
    },

    async parseWebhook({ rawBody, headers }) {
      const signature = header(headers, "webhook-signature");
      if (!signature) throw new WebhookNotVerified("no Webhook-Signature header");
      let parsed: unknown;
      try {
        // An HMAC-SHA256 of the exact body with the endpoint's secret, compared in constant time.
        parsed = parseGoCardlessWebhook(rawBody, settings.webhookSecret, signature);
      } catch (error) {
        if ((error as { name?: unknown } | null)?.name === "InvalidSignatureError") {
          throw new WebhookNotVerified("GoCardless signature does not match");
        }
        throw new WebhookNotUnderstood("not GoCardless events");
      }
      const events = webhookEvents.safeParse(parsed);
      if (!events.success) throw new WebhookNotUnderstood("not GoCardless events");
      const read = await Promise.all(events.data.map(eventOf));
      return read.filter((event): event is ProviderEvent => event !== undefined);
    },
  };
}
