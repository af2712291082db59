import type {
  DeleteAccountBody,
  DeletedAccountResponse,
  ForgotPasswordBody,
  MessageResponse,
  PlanPaymentsResponse,
  RegisterBody,
  RegisteredResponse,
  ResetPasswordBody,
} from "@kindred/contracts";
import { apiRequest, type ApiResult } from "../../lib/api-client";

/**
 * The account calls of SPEC.md section 7 ("Endpoint paths defined"), as packages/contracts shapes
 * them, that are plain requests. Those read through TanStack Query are in `account-queries.ts`, so
 * that registering and the password pages, which use only these, do not load Query (decision 033).
 */

export function registerAccount(body: RegisterBody): Promise<ApiResult<RegisteredResponse>> {
  return apiRequest<RegisteredResponse>("/api/account/register", { method: "POST", body });
}

export function requestPasswordReset(body: ForgotPasswordBody): Promise<ApiResult<MessageResponse>> {
  return apiRequest<MessageResponse>("/api/account/forgot-password", { method: "POST", body });
}

export function resetPassword(body: ResetPasswordBody): Promise<ApiResult<MessageResponse>> {
  return apiRequest<MessageResponse>("/api/account/reset-password", { method: "POST", body });
}

/**
 * `POST /api/plan/{id}/cancel`, with the attempt's Idempotency-Key: the plan is cancelled, its
 * Direct Debit with it, and everything paid is refunded.
 */
export function cancelPlan(planId: string, idempotencyKey: string): Promise<ApiResult<PlanPaymentsResponse>> {
  return apiRequest<PlanPaymentsResponse>(`/api/plan/${encodeURIComponent(planId)}/cancel`, {
    method: "POST",
    body: {},
    idempotencyKey,
  });
}

/** `POST /api/account/delete`, confirmed with the account's password. */
export function deleteAccount(body: DeleteAccountBody): Promise<ApiResult<DeletedAccountResponse>> {
  return apiRequest<DeletedAccountResponse>("/api/account/delete", { method: "POST", body });
}
