import { queryOptions } from "@tanstack/react-query";
import type {
  CreateDirectDebitBody,
  CreateDirectDebitResponse,
  CreatePaymentBody,
  DirectDebitVerifyBody,
  DirectDebitVerifyResponse,
  PaymentChoiceBody,
  PaymentResponse,
  PlanPaymentsResponse,
} from "@kindred/contracts";
import { apiRequest, type ApiResult } from "../../lib/api-client";
import { apiData } from "../../lib/api-query";
import { paymentProvidersQuery } from "../../lib/payment-providers";

/**
 * The purchase screens' payment calls (issue 10), as packages/contracts shapes them. Bank details
 * go straight from the form to the API here: never into a query (whose cache would keep them),
 * storage or a log.
 */

/** `PUT /api/plan/{id}/payment-choice`: how the person will pay, before anything is charged. */
export function savePaymentChoice(
  planId: string,
  choice: PaymentChoiceBody,
): Promise<ApiResult<PlanPaymentsResponse>> {
  return apiRequest<PlanPaymentsResponse>(`/api/plan/${encodeURIComponent(planId)}/payment-choice`, {
    method: "PUT",
    body: choice,
  });
}

/** `POST /api/payments/create`: opens the card payment of one attempt to pay (its key). */
export function createPayment(
  body: CreatePaymentBody,
  idempotencyKey: string,
): Promise<ApiResult<PaymentResponse>> {
  return apiRequest<PaymentResponse>("/api/payments/create", { method: "POST", body, idempotencyKey });
}

/** How often a payment waiting for the provider's answer is asked about again. */
const paymentPollIntervalMs = 1000;

function isFinished(payment: PaymentResponse | undefined): boolean {
  return payment !== undefined && payment.status !== "pending" && payment.status !== "requires_action";
}

export const paymentQueries = {
  /** Whose card fields take the card (`GET /api/payments/card-fields`): fixed while the API runs. */
  cardFields: paymentProvidersQuery,
  /**
   * One card payment (`GET /api/payments/{id}`). What became of it arrives at the API
   * asynchronously (the provider's webhook), so it is asked again until it is confirmed or failed.
   */
  one: (paymentId: string) =>
    queryOptions({
      queryKey: ["payment", paymentId],
      queryFn: () => apiData<PaymentResponse>(`/api/payments/${encodeURIComponent(paymentId)}`),
      staleTime: 0,
      refetchInterval: (query) => (isFinished(query.state.data) ? false : paymentPollIntervalMs),
    }),
};

export function verifyBankDetails(
  body: DirectDebitVerifyBody,
): Promise<ApiResult<DirectDebitVerifyResponse>> {
  return apiRequest<DirectDebitVerifyResponse>("/api/direct-debit-v2/verify", { method: "POST", body });
}

export function createDirectDebit(
  body: CreateDirectDebitBody,
  idempotencyKey: string,
): Promise<ApiResult<CreateDirectDebitResponse>> {
  return apiRequest<CreateDirectDebitResponse>("/api/direct-debit-v2/create", {
    method: "POST",
    body,
    idempotencyKey,
  });
}
