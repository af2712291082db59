import Stripe from "stripe";
import { PaymentProviderError } from "./provider-error";
import {
  WebhookNotUnderstood,
  WebhookNotVerified,
  type CardPaymentProvider,
  type CardPaymentEventStatus,
  type CardPaymentRecord,
  type ProviderEvent,
} from "./provider";

/**
 * Card payments through Stripe (docs/decisions/016-payments.md), over the official `stripe`
 * package. A payment is a PaymentIntent for card only, in pence and GBP, with our payment's id as
 * `metadata.reference`; the browser finishes it with Stripe's own card fields (Stripe.js) and its
 * `client_secret`, so no card number ever reaches our servers. What became of it arrives as a
 * signed webhook.
 */
export interface StripeSettings {
  /** "sk_live_...", "sk_test_..." or "rk_...": never logged. */
  secretKey: string;
  /** The webhook endpoint's signing secret, "whsec_...". */
  webhookSecret: string;
  /** Unset: Stripe's own API. The tests give their fake's address. */
  baseUrl?: string;
  timeoutMs: number;
}

/** Where Stripe is reached: its own API, or (in the tests) a fake on another address. */
function apiAddress(baseUrl: string | undefined): {
  host?: string;
  port?: number;
  protocol?: "http" | "https";
} {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  };
}

/** Stripe's error, read down to what may be logged: never its body or the request's. */
function providerError(call: string, error: unknown): PaymentProviderError {
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const timedOut = /timeout/i.test(error.message);
    return new PaymentProviderError({
      provider: "stripe",
      call,
      reason: timedOut ? "timed out" : "unreachable",
    });
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new PaymentProviderError({
      provider: "stripe",
      call,
      reason: error.statusCode === undefined ? "unexpected answer" : "refused",
      status: error.statusCode,
      code: error.code ?? error.rawType,
      requestId: error.requestId,
    });
  }
  return new PaymentProviderError({ provider: "stripe", call, reason: "unexpected answer" });
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value[0] : value;
}

export function createStripeCardProvider(settings: StripeSettings): CardPaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...apiAddress(settings.baseUrl),
    timeout: settings.timeoutMs,
    // One try each: the payments service retries with the same idempotency key when it chooses to,
    // so a person waits at most one timeout, and Stripe replays rather than charging twice.
    maxNetworkRetries: 0,
    telemetry: false,
    appInfo: { name: "Kindred Funeral Plans" },
  });

  return {
    name: "stripe",

    async createPayment({ amountPence, description, reference, idempotencyKey }) {
      const paymentIntent = await stripe.paymentIntents
        .create(
          {
            amount: amountPence,
            currency: "gbp",
            description,
            metadata: { reference },
            // Cards only (Stripe's API of 2026-10-28 calls this `allowed_payment_method_types`).
            allowed_payment_method_types: ["card"],
          },
          { idempotencyKey },
        )
        .catch((error: unknown) => {
          throw providerError("createPayment", error);
        });
      if (!paymentIntent.client_secret) {
        throw new PaymentProviderError({
          provider: "stripe",
          call: "createPayment",
          reason: "unexpected answer",
        });
      }
      return { providerPaymentId: paymentIntent.id, clientSecret: paymentIntent.client_secret };
    },

    async cancelPayment(providerPaymentId) {
      // No idempotency key: cancelling twice changes nothing, and Stripe keeps a keyed answer (a 500
      // included) for a day or more, so a fixed key would replay one failure to every later try.
      await stripe.paymentIntents
        .cancel(providerPaymentId, { cancellation_reason: "abandoned" })
        .catch((error: unknown) => {
          // Stripe refuses to cancel an intent that has already succeeded or been cancelled; what
          // became of it arrives (or has arrived) as its own event, so there is nothing to undo here.
          if (
            error instanceof Stripe.errors.StripeError &&
            error.statusCode === 400 &&
            error.code === "payment_intent_unexpected_state"
          ) {
            return;
          }
          throw providerError("cancelPayment", error);
        });
    },

    async refundPayment({ providerPaymentId, amountPence, idempotencyKey }) {
      await stripe.refunds
        .create({ payment_intent: providerPaymentId, amount: amountPence }, { idempotencyKey })
        .catch((error: unknown) => {
          throw providerError("refundPayment", error);
        });
    },

    async lookUpPayment(providerPaymentId) {
      // `GET /v1/payment_intents/:id` with its latest charge expanded, which carries what has been
      // refunded; an id Stripe does not know is refused (404 resource_missing), as for cancelling.
      const paymentIntent = await stripe.paymentIntents
        .retrieve(providerPaymentId, { expand: ["latest_charge"] })
        .catch((error: unknown) => {
          throw providerError("lookUpPayment", error);
        });
      return recordOf(paymentIntent);
    },

    async parseWebhook({ rawBody, headers }) {
      const signature = header(headers, "stripe-signature");
      if (!signature) throw new WebhookNotVerified("no Stripe-Signature header");
      let event: Stripe.Event;
      try {
        // Checks the signature over the exact bytes and that it was made in the last five minutes.
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookNotVerified("Stripe signature does not match");
        }
        throw new WebhookNotUnderstood("not a Stripe event");
      }
      return eventsOf(event);
    },
  };
}

/**
 * A PaymentIntent in our words. Stripe keeps a declined intent open for another card, as
 * `requires_payment_method` with the decline as `last_payment_error`; we read it as failed, as
 * its `payment_intent.payment_failed` event is read. Without an error it has not been tried yet.
 * `processing` is pending: Stripe is finishing a payment the customer has already authorised,
 * so there is nothing left for them to do, which is what `requires_action` would ask of them.
 * `requires_confirmation` and `requires_capture` (manual capture, which we never ask for) are
 * pending too: nothing has been taken yet. Any status Stripe adds later is an unexpected answer
 * rather than a guess.
 */
function recordOf(paymentIntent: Stripe.PaymentIntent): CardPaymentRecord {
  const unexpected = () =>
    new PaymentProviderError({ provider: "stripe", call: "lookUpPayment", reason: "unexpected answer" });
  const charge = paymentIntent.latest_charge;
  // Expanded, the latest charge is an object; an id alone would mean the expansion was not honoured.
  if (typeof charge === "string") throw unexpected();
  const refundedPence = charge?.amount_refunded ?? 0;
  switch (paymentIntent.status) {
    case "succeeded":
      return { status: "confirmed", refundedPence };
    case "canceled":
      return { status: "cancelled", refundedPence };
    case "requires_action":
      return { status: "requires_action", refundedPence };
    case "requires_payment_method":
      return { status: paymentIntent.last_payment_error ? "failed" : "pending", refundedPence };
    case "processing":
    case "requires_confirmation":
    case "requires_capture":
      return { status: "pending", refundedPence };
    default:
      throw unexpected();
  }
}

/** The events we act on; any other type is Stripe's business, not ours. */
function eventsOf(event: Stripe.Event): ProviderEvent[] {
  const cardPayment = (providerPaymentId: string, status: CardPaymentEventStatus) => ({
    eventId: event.id,
    kind: "card_payment" as const,
    providerPaymentId,
    status,
  });
  switch (event.type) {
    case "payment_intent.succeeded":
      return [cardPayment(event.data.object.id, "confirmed")];
    case "payment_intent.requires_action":
      return [cardPayment(event.data.object.id, "requires_action")];
    case "payment_intent.payment_failed": {
      const reason = event.data.object.last_payment_error?.message;
      return [{ ...cardPayment(event.data.object.id, "failed"), ...(reason ? { reason } : {}) }];
    }
    case "payment_intent.canceled":
      return [cardPayment(event.data.object.id, "cancelled")];
    case "charge.refunded": {
      const providerPaymentId = paymentIntentOf(event.data.object.payment_intent);
      // A charge made without a PaymentIntent was not made by us.
      return providerPaymentId ? [cardPayment(providerPaymentId, "refunded")] : [];
    }
    // A refund that failed after it was made (issue 46 item 3): read from `refund.failed` alone, as
    // `charge.refund.updated` says the same of the same refund.
    case "refund.failed": {
      const refund = event.data.object;
      const providerPaymentId = paymentIntentOf(refund.payment_intent);
      if (!providerPaymentId) return [];
      const reason = refund.failure_reason;
      return [{ ...cardPayment(providerPaymentId, "refund_failed"), ...(reason ? { reason } : {}) }];
    }
    // The customer disputed the payment at their card's bank, which holds the money until it is
    // decided (issue 46 item 5); `charge.dispute.funds_withdrawn` says the same of the same dispute.
    case "charge.dispute.created": {
      const providerPaymentId = paymentIntentOf(event.data.object.payment_intent);
      return providerPaymentId ? [cardPayment(providerPaymentId, "disputed")] : [];
    }
    // Won (or closed with a warning only): the money is ours again. Lost: it went to the customer.
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const providerPaymentId = paymentIntentOf(dispute.payment_intent);
      if (!providerPaymentId) return [];
      if (dispute.status === "lost") return [cardPayment(providerPaymentId, "dispute_lost")];
      if (dispute.status === "won" || dispute.status === "warning_closed")
        return [cardPayment(providerPaymentId, "dispute_won")];
      return [];
    }
    default:
      return [];
  }
}

/** The PaymentIntent's id a charge, refund or dispute names, as an id or as the object. */
function paymentIntentOf(paymentIntent: string | { id: string } | null): string | undefined {
  return typeof paymentIntent === "string" ? paymentIntent : paymentIntent?.id;
}
