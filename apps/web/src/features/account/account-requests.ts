import type {
  AccountDeletion,
  ConfirmEmailQuery,
  DeleteAccountBody,
  DeletedAccountResponse,
  CustomerContactDetailsBody,
  ForgotPasswordBody,
  MessageResponse,
  PlanPaymentsResponse,
  PlanPeopleResponse,
  RegisterBody,
  RegisteredResponse,
  ResetPasswordBody,
} from "@kindred/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, type ApiResult } from "../../lib/api-client";
import { apiData } from "../../lib/api-query";
import { planQueries } from "../../lib/plan-queries";

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

/**
 * `GET /api/account/confirm-email`: the link works once, so it is asked as a query that never
 * goes stale or retries: a page that asks twice (React's development double effects, a remount)
 * shares the first answer rather than spending the link on a second request.
 */
export const confirmEmailQuery = (query: ConfirmEmailQuery) =>
  queryOptions({
    queryKey: ["confirm-email", query.id, query.token, query.signature],
    queryFn: () => {
      const search = new URLSearchParams({ id: query.id, token: query.token, signature: query.signature });
      return apiRequest<MessageResponse>(`/api/account/confirm-email?${search.toString()}`);
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });

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

/**
 * `PUT /api/plan/{id}/customer/contact-details`: the customer's phone number, address and
 * preferred contact, on a paid plan too. The plan's people then show the new details.
 */
export function useChangeContactDetails(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: CustomerContactDetailsBody) =>
      apiData<PlanPeopleResponse>(`/api/plan/${encodeURIComponent(planId)}/customer/contact-details`, {
        method: "PUT",
        body: contact,
      }),
    onSuccess: (people) => queryClient.setQueryData(planQueries.people(planId).queryKey, people),
  });
}

/**
 * `GET /api/account/delete`: what deleting the account would do now (what goes, and the plans the
 * law requires us to keep, why and until when), read afresh each time the dialog opens.
 */
export const accountDeletionQuery = () =>
  queryOptions({
    queryKey: ["account-deletion"],
    queryFn: () => apiData<AccountDeletion>("/api/account/delete"),
    staleTime: 0,
    gcTime: 0,
  });

/** `POST /api/account/delete`, confirmed with the account's password. */
export function deleteAccount(body: DeleteAccountBody): Promise<ApiResult<DeletedAccountResponse>> {
  return apiRequest<DeletedAccountResponse>("/api/account/delete", { method: "POST", body });
}
