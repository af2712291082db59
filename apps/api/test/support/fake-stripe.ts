import { createHmac, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { IncomingWebhook } from "../../src/modules/payments/provider";

/**
 * A request as the fake received it: its form body (a GET's query) decoded into nested objects, as
 * Stripe reads it.
 */
interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  rawBody: string;
  params: Record<string, unknown>;
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  status:
    | "requires_payment_method"
    | "requires_confirmation"
    | "requires_action"
    | "processing"
    | "succeeded"
    | "canceled";
  last_payment_error: { code: string; message: string; type: string } | null;
  latest_charge: string | null;
  cancellation_reason: CancellationReason | null;
  /** Seconds since the epoch. */
  canceled_at: number | null;
  created: number;
  livemode: false;
}

export interface FakeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  paid: boolean;
  refunded: boolean;
  /** Whether the customer disputed it at their card's bank. */
  disputed: boolean;
  status: "succeeded";
  created: number;
  livemode: false;
}

interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: "succeeded" | "failed";
  /** Why a refund failed, in Stripe's words (`expired_or_canceled_card`, `lost_or_stolen_card`, `unknown`). */
  failure_reason?: string;
  metadata: Record<string, string>;
  created: number;
}

/** A dispute, as Stripe's Dispute object has it (the fields we read, and those beside them). */
interface FakeDispute {
  id: string;
  object: "dispute";
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string;
  status: "needs_response" | "under_review" | "won" | "lost" | "warning_closed";
  created: number;
  livemode: false;
}

type Failure = { status: number; body: unknown } | "hang";

/** The reasons Stripe takes when a PaymentIntent is cancelled through its API. */
const cancellationReasons = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"] as const;
type CancellationReason = (typeof cancellationReasons)[number];

/** The statuses Stripe cancels an intent from (it also does from `requires_capture`, which we never use). */
const cancellable = new Set<FakePaymentIntent["status"]>([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
]);

/** The API version Stripe stamps on events; the adapter's SDK reads events of any version. */
const apiVersion = "2026-10-28.endive";

function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

/**
 * Stripe's form encoding (`metadata[reference]=...`, `payment_method_types[0]=card`, or
 * `expand[]=latest_charge` as its documentation writes it) read back into nested objects and arrays.
 */
function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root;
    for (const [index, segment] of path.entries()) {
      // `name[]=value` appends: the next index along.
      if (index === path.length - 1)
        node[segment === "" ? String(Object.keys(node).length) : segment] = value;
      else node = (node[segment] ??= {}) as Record<string, unknown>;
    }
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const entries = Object.entries(value).map(([key, inner]) => [key, arrays(inner)] as const);
    return entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

/**
 * Stripe's API (https://docs.stripe.com/api) as far as our card adapter uses it, on 127.0.0.1:
 * form-encoded `POST /v1/payment_intents`, `POST /v1/payment_intents/:id/cancel` and
 * `POST /v1/refunds`, and `GET /v1/payment_intents/:id` (its `latest_charge` expanded when
 * `expand[]=latest_charge` asks), with a bearer secret key, answering the objects as JSON and
 * errors as `{ error: { type, code, message, param } }`. An `Idempotency-Key` seen before replays
 * the first answer (with `Idempotent-Replayed: true`), or is refused with `idempotency_error` when
 * the parameters differ. It records every request, and sends what Stripe would send when a payment
 * succeeds, fails, needs the customer again, is cancelled or is refunded, as webhooks signed
 * Stripe's way (`Stripe-Signature: t=...,v1=HMAC-SHA256("t.body")`).
 * The next answers can be made failures, or held unanswered to see a timeout.
 */
export async function startFakeStripe({
  secretKey,
  webhookSecret,
}: {
  secretKey: string;
  webhookSecret: string;
}) {
  const requests: RecordedStripeRequest[] = [];
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  const disputes = new Map<string, FakeDispute>();
  const idempotentAnswers = new Map<
    string,
    { route: string; rawBody: string; status: number; body: unknown }
  >();
  /** Every webhook Stripe would have sent, signed, in order. */
  const webhooks: IncomingWebhook[] = [];
  const failures: Failure[] = [];
  const sockets = new Set<Socket>();
  const now = () => Math.floor(Date.now() / 1000);

  function send(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, {
      "content-type": "application/json",
      "request-id": stripeId("req"),
      ...headers,
    });
    response.end(JSON.stringify(body, null, 2));
  }

  const invalid = (message: string, extra: { code?: string; param?: string } = {}) => ({
    status: 400,
    body: { error: { type: "invalid_request_error", message, ...extra } },
  });

  function sign(payload: string, { timestamp = now(), secret = webhookSecret } = {}): string {
    const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
    return `t=${timestamp},v1=${signature}`;
  }

  /** An event as Stripe sends it to a webhook endpoint, signed; kept in `webhooks` too. */
  function deliver(type: string, object: unknown): IncomingWebhook {
    const event = {
      id: stripeId("evt"),
      object: "event",
      api_version: apiVersion,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const rawBody = JSON.stringify(event, null, 2);
    const webhook = {
      rawBody,
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": sign(rawBody) },
    };
    webhooks.push(webhook);
    return webhook;
  }

  function paymentIntent(id: string): FakePaymentIntent {
    const found = paymentIntents.get(id);
    if (!found) throw new Error(`The fake Stripe has no PaymentIntent ${id}`);
    return found;
  }

  /** Stripe refuses a parameter it does not know, as it refuses `payment_method_types` since 2026-10-28. */
  function unknownParameter(params: Record<string, unknown>, known: string[]) {
    const unknown = Object.keys(params).find((name) => !known.includes(name));
    return unknown === undefined
      ? undefined
      : invalid(`Received unknown parameter: ${unknown}`, { code: "parameter_unknown", param: unknown });
  }

  function createPaymentIntent(params: Record<string, unknown>) {
    const refused = unknownParameter(params, [
      "amount",
      "currency",
      "description",
      "metadata",
      "allowed_payment_method_types",
      "automatic_payment_methods",
      "excluded_payment_method_types",
      "customer",
      "receipt_email",
      "statement_descriptor_suffix",
    ]);
    if (refused) return refused;
    const amount = Number(params.amount);
    if (params.amount === undefined)
      return invalid("Missing required param: amount.", { code: "parameter_missing", param: "amount" });
    if (!Number.isInteger(amount))
      return invalid("Invalid integer: amount", { code: "parameter_invalid_integer", param: "amount" });
    // Stripe's least charge in GBP is 30p.
    if (amount < 30) {
      return invalid("Amount must be at least £0.30 gbp", { code: "amount_too_small", param: "amount" });
    }
    if (params.currency !== "gbp") {
      return invalid("Invalid currency for this test account", {
        code: "parameter_invalid_string",
        param: "currency",
      });
    }
    const id = stripeId("pi");
    const created: FakePaymentIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency: "gbp",
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      description: typeof params.description === "string" ? params.description : null,
      metadata: (params.metadata ?? {}) as Record<string, string>,
      allowed_payment_method_types: (params.allowed_payment_method_types as string[] | undefined) ?? ["card"],
      payment_method_types: (params.allowed_payment_method_types as string[] | undefined) ?? ["card"],
      status: "requires_payment_method",
      last_payment_error: null,
      latest_charge: null,
      cancellation_reason: null,
      canceled_at: null,
      created: now(),
      livemode: false,
    };
    paymentIntents.set(id, created);
    return { status: 200, body: created };
  }

  /** A test moving a cancelled intent on has a mistake in it: Stripe would never send that event. */
  function openIntent(paymentIntentId: string): FakePaymentIntent {
    const intent = paymentIntent(paymentIntentId);
    if (intent.status === "canceled") {
      throw new Error(
        `The fake Stripe's PaymentIntent ${paymentIntentId} is canceled: nothing more happens to it`,
      );
    }
    return intent;
  }

  /** Cancelled, and `payment_intent.canceled` sent, as Stripe does whoever cancels it. */
  function cancelIntent(intent: FakePaymentIntent, reason: CancellationReason | null): IncomingWebhook {
    Object.assign(intent, { status: "canceled", cancellation_reason: reason, canceled_at: now() });
    return deliver("payment_intent.canceled", intent);
  }

  /** Stripe's answer for an intent it does not have (or that belongs to another account). */
  function noSuchPaymentIntent(id: string) {
    return {
      status: 404,
      body: {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "intent",
          message: `No such payment_intent: '${id}'`,
        },
      },
    };
  }

  /** The intent as Stripe holds it now; `expand: ["latest_charge"]` puts the charge itself in. */
  function retrievePaymentIntent(id: string, params: Record<string, unknown>) {
    const refused = unknownParameter(params, ["expand"]);
    if (refused) return refused;
    const expand = params.expand ?? [];
    if (!Array.isArray(expand)) return invalid("Invalid array", { param: "expand" });
    const unexpandable = expand.find((field) => field !== "latest_charge");
    if (unexpandable !== undefined) {
      return invalid(`This property cannot be expanded (${String(unexpandable)}).`, { param: "expand" });
    }
    const intent = paymentIntents.get(id);
    if (!intent) return noSuchPaymentIntent(id);
    const answered: Omit<FakePaymentIntent, "latest_charge"> & { latest_charge: string | FakeCharge | null } =
      structuredClone(intent);
    if (expand.includes("latest_charge") && intent.latest_charge) {
      answered.latest_charge = structuredClone(charges.get(intent.latest_charge) ?? null);
    }
    return { status: 200, body: answered };
  }

  function cancelPaymentIntent(id: string, params: Record<string, unknown>) {
    const refused = unknownParameter(params, ["cancellation_reason", "expand"]);
    if (refused) return refused;
    const reason = params.cancellation_reason;
    if (reason !== undefined && !cancellationReasons.includes(reason as CancellationReason)) {
      return invalid(
        `Invalid cancellation_reason: must be one of ${cancellationReasons.slice(0, -1).join(", ")}, or ${cancellationReasons.at(-1)}`,
        { param: "cancellation_reason" },
      );
    }
    const intent = paymentIntents.get(id);
    if (!intent) return noSuchPaymentIntent(id);
    if (!cancellable.has(intent.status)) {
      // Stripe's answer carries the intent as it is, so a caller can see what became of it.
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
            payment_intent: structuredClone(intent),
          },
        },
      };
    }
    cancelIntent(intent, (reason as CancellationReason | undefined) ?? null);
    return { status: 200, body: structuredClone(intent) };
  }

  function createRefund(params: Record<string, unknown>) {
    const refused = unknownParameter(params, ["payment_intent", "charge", "amount", "metadata", "reason"]);
    if (refused) return refused;
    if (typeof params.payment_intent !== "string") {
      return invalid("Missing required param: payment_intent.", {
        code: "parameter_missing",
        param: "payment_intent",
      });
    }
    const intent = paymentIntents.get(params.payment_intent);
    if (!intent) {
      return invalid(`No such payment_intent: '${params.payment_intent}'`, {
        code: "resource_missing",
        param: "payment_intent",
      });
    }
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (!charge)
      return invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
    const remaining = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? remaining : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      return invalid("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" });
    }
    if (remaining === 0) {
      return invalid(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
    }
    if (charge.disputed) {
      return invalid(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
        code: "charge_disputed",
      });
    }
    if (amount > remaining) {
      return invalid(
        `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(remaining / 100).toFixed(2)})`,
        { code: "amount_too_large", param: "amount" },
      );
    }
    const refund: FakeRefund = {
      id: stripeId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      currency: "gbp",
      payment_intent: intent.id,
      status: "succeeded",
      metadata: (params.metadata ?? {}) as Record<string, string>,
      created: now(),
    };
    refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    deliver("refund.created", refund);
    deliver("charge.refunded", charge);
    return { status: 200, body: refund };
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const url = new URL(request.url ?? "/", "http://fake");
    // A GET carries its parameters in the query, as the SDK sends them; everything else in the body.
    const params = parseStripeForm(request.method === "GET" ? url.search.slice(1) : rawBody);
    requests.push({
      method: request.method ?? "",
      path: url.pathname,
      headers: request.headers,
      rawBody,
      params,
    });

    const failure = failures.shift();
    if (failure === "hang") return; // never answered: the caller's timeout has to end it
    if (failure) return send(response, failure.status, failure.body);

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(response, 401, {
        error: {
          type: "invalid_request_error",
          message: `Invalid API Key provided: ${String(request.headers.authorization ?? "").slice(7, 15)}****`,
        },
      });
    }

    const route = `${request.method} ${url.pathname}`;
    const idempotencyKey = request.headers["idempotency-key"];
    if (typeof idempotencyKey === "string") {
      const earlier = idempotentAnswers.get(idempotencyKey);
      if (earlier && (earlier.route !== route || earlier.rawBody !== rawBody)) {
        return send(response, 400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (earlier) return send(response, earlier.status, earlier.body, { "idempotent-replayed": "true" });
    }

    const cancelling = /^POST \/v1\/payment_intents\/([^/]+)\/cancel$/.exec(route);
    const retrieving = /^GET \/v1\/payment_intents\/([^/]+)$/.exec(route);
    const result =
      route === "POST /v1/payment_intents"
        ? createPaymentIntent(params)
        : cancelling
          ? cancelPaymentIntent(decodeURIComponent(cancelling[1]!), params)
          : retrieving
            ? retrievePaymentIntent(decodeURIComponent(retrieving[1]!), params)
            : route === "POST /v1/refunds"
              ? createRefund(params)
              : {
                  status: 404,
                  body: {
                    error: { type: "invalid_request_error", message: `Unrecognized request URL (${route}).` },
                  },
                };
    if (typeof idempotencyKey === "string" && result.status !== 404) {
      idempotentAnswers.set(idempotencyKey, { route, rawBody, ...result });
    }
    return send(response, result.status, result.body);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    paymentIntents,
    charges,
    refunds,
    webhooks,
    /** A `Stripe-Signature` header for this body, at this time (seconds), with this secret. */
    sign,
    /** Any event, as Stripe would send it. */
    deliver,
    /**
     * A refund that succeeded fails after all (the card was closed, say), as Stripe documents: the
     * refund's status becomes `failed` with a `failure_reason`, the charge's refunded amount goes
     * back down, and `charge.refund.updated` and `refund.failed` are sent. Answers `refund.failed`.
     */
    failRefund(refundId: string, failureReason = "expired_or_canceled_card"): IncomingWebhook {
      const refund = refunds.get(refundId);
      if (!refund || refund.status !== "succeeded") throw new Error(`No refund ${refundId} to fail`);
      Object.assign(refund, { status: "failed", failure_reason: failureReason });
      const charge = charges.get(refund.charge);
      if (charge) {
        charge.amount_refunded -= refund.amount;
        charge.refunded = false;
      }
      deliver("charge.refund.updated", refund);
      return deliver("refund.failed", refund);
    },
    /**
     * The customer disputes a payment taken at their card's bank, as Stripe documents: a Dispute
     * for the whole charge, the charge marked disputed, and `charge.dispute.created` then
     * `charge.dispute.funds_withdrawn`. Answers `charge.dispute.created`.
     */
    dispute(paymentIntentId: string, reason = "fraudulent"): IncomingWebhook {
      const intent = paymentIntent(paymentIntentId);
      const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (!charge || charge.disputed) throw new Error(`No charge of ${paymentIntentId} to dispute`);
      const dispute: FakeDispute = {
        id: stripeId("dp"),
        object: "dispute",
        amount: charge.amount,
        charge: charge.id,
        currency: charge.currency,
        payment_intent: intent.id,
        reason,
        status: "needs_response",
        created: now(),
        livemode: false,
      };
      disputes.set(dispute.id, dispute);
      charge.disputed = true;
      const created = deliver("charge.dispute.created", dispute);
      deliver("charge.dispute.funds_withdrawn", dispute);
      return created;
    },
    /**
     * The card's bank decides a dispute: won (`charge.dispute.funds_reinstated`, then
     * `charge.dispute.closed`) or lost (`charge.dispute.closed`). Answers `charge.dispute.closed`.
     */
    closeDispute(paymentIntentId: string, outcome: "won" | "lost"): IncomingWebhook {
      const dispute = [...disputes.values()].find(
        (each) => each.payment_intent === paymentIntentId && each.status === "needs_response",
      );
      if (!dispute) throw new Error(`No open dispute of ${paymentIntentId}`);
      dispute.status = outcome;
      if (outcome === "won") {
        const charge = charges.get(dispute.charge);
        if (charge) charge.disputed = false;
        deliver("charge.dispute.funds_reinstated", dispute);
      }
      return deliver("charge.dispute.closed", dispute);
    },
    /** The customer's card was taken: a charge, then `charge.succeeded` and `payment_intent.succeeded`. */
    succeed(paymentIntentId: string): IncomingWebhook {
      const intent = openIntent(paymentIntentId);
      const charge: FakeCharge = {
        id: stripeId("ch"),
        object: "charge",
        amount: intent.amount,
        amount_refunded: 0,
        currency: intent.currency,
        payment_intent: intent.id,
        paid: true,
        refunded: false,
        disputed: false,
        status: "succeeded",
        created: now(),
        livemode: false,
      };
      charges.set(charge.id, charge);
      Object.assign(intent, {
        status: "succeeded",
        amount_received: intent.amount,
        latest_charge: charge.id,
      });
      deliver("charge.succeeded", charge);
      return deliver("payment_intent.succeeded", intent);
    },
    /** The card needs the customer again (3-D Secure): `payment_intent.requires_action`. */
    requireAction(paymentIntentId: string): IncomingWebhook {
      const intent = openIntent(paymentIntentId);
      intent.status = "requires_action";
      return deliver("payment_intent.requires_action", intent);
    },
    /**
     * The customer has authorised the payment and Stripe is finishing it (an asynchronous card
     * payment, say): `payment_intent.processing`.
     */
    startProcessing(paymentIntentId: string): IncomingWebhook {
      const intent = openIntent(paymentIntentId);
      intent.status = "processing";
      return deliver("payment_intent.processing", intent);
    },
    /** The card was declined: `payment_intent.payment_failed` with Stripe's message. */
    decline(paymentIntentId: string, message: string): IncomingWebhook {
      const intent = openIntent(paymentIntentId);
      Object.assign(intent, {
        status: "requires_payment_method",
        last_payment_error: { code: "card_declined", message, type: "card_error" },
      });
      return deliver("payment_intent.payment_failed", intent);
    },
    /**
     * Cancelled on Stripe's side (from its Dashboard, say) rather than through the API:
     * `payment_intent.canceled`. Only an intent Stripe would cancel.
     */
    cancel(paymentIntentId: string, reason: CancellationReason = "requested_by_customer"): IncomingWebhook {
      const intent = paymentIntent(paymentIntentId);
      if (!cancellable.has(intent.status)) {
        throw new Error(
          `The fake Stripe cannot cancel PaymentIntent ${paymentIntentId}: it is ${intent.status}`,
        );
      }
      return cancelIntent(intent, reason);
    },
    /** The next answer is this status and body, whatever was asked. */
    failNext(status: number, body: unknown) {
      failures.push({ status, body });
    },
    /** The next request is never answered. */
    hangNext() {
      failures.push("hang");
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
