import { purchaseMessages } from "@kindred/domain";
import { DependencyUnavailableError } from "../../plugins/error-handler";

/**
 * A call to a real payment provider (Stripe, GoCardless) that did not succeed: it timed out, could
 * not reach the provider, was refused, or was answered in a shape we do not know. It carries only
 * what is safe to log: the provider, our call, the HTTP status and the provider's own error code
 * and request id. Never the request's body (bank details, names, addresses), never the response's
 * body, never a key; the SDK's own error is not kept as `cause` for the same reason.
 */
export class PaymentProviderError extends DependencyUnavailableError {
  readonly provider: "stripe" | "gocardless";
  readonly call: string;
  readonly reason: "timed out" | "unreachable" | "refused" | "unexpected answer";
  readonly status?: number;
  /** The provider's code for the refusal, e.g. Stripe's "amount_too_large", GoCardless's "validation_failed". */
  readonly code?: string;
  /** The provider's id of the request, for its support desk. */
  readonly requestId?: string;

  constructor(details: {
    provider: "stripe" | "gocardless";
    call: string;
    reason: "timed out" | "unreachable" | "refused" | "unexpected answer";
    status?: number;
    code?: string;
    requestId?: string;
  }) {
    const status = [details.status, details.code].filter((part) => part !== undefined).join(" ");
    super(
      `${details.provider} ${details.call}: ${details.reason}${status ? ` (${status})` : ""}`,
      purchaseMessages.paymentProviderUnavailable,
    );
    this.name = "PaymentProviderError";
    this.provider = details.provider;
    this.call = details.call;
    this.reason = details.reason;
    this.status = details.status;
    this.code = details.code;
    this.requestId = details.requestId;
  }
}
