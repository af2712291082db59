import type {
  ConfirmEmailQuery,
  ForgotPasswordBody,
  MessageResponse,
  RegisterBody,
  RegisteredResponse,
  ResetPasswordBody,
} from "@kindred/contracts";
import { apiRequest, type ApiResult } from "../../lib/api-client";

/** The account calls of SPEC.md section 7 ("Endpoint paths defined"), as packages/contracts shapes them. */

export function registerAccount(body: RegisterBody): Promise<ApiResult<RegisteredResponse>> {
  return apiRequest<RegisteredResponse>("/api/account/register", { method: "POST", body });
}

export function requestPasswordReset(body: ForgotPasswordBody): Promise<ApiResult<MessageResponse>> {
  return apiRequest<MessageResponse>("/api/account/forgot-password", { method: "POST", body });
}

export function resetPassword(body: ResetPasswordBody): Promise<ApiResult<MessageResponse>> {
  return apiRequest<MessageResponse>("/api/account/reset-password", { method: "POST", body });
}

// The emailed link works once, so a page that asks twice (React's development double effects, a
// remount) shares the first answer rather than spending the link on a second request.
const confirmations = new Map<string, Promise<ApiResult<MessageResponse>>>();

export function confirmEmail(query: ConfirmEmailQuery): Promise<ApiResult<MessageResponse>> {
  const search = new URLSearchParams({ id: query.id, token: query.token, signature: query.signature });
  const path = `/api/account/confirm-email?${search.toString()}`;
  let pending = confirmations.get(path);
  if (!pending) {
    pending = apiRequest<MessageResponse>(path);
    confirmations.set(path, pending);
  }
  return pending;
}
