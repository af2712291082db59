import type {
  AccountDeletion,
  ConfirmEmailQuery,
  CustomerContactDetailsBody,
  MessageResponse,
  PlanPeopleResponse,
} from "@kindred/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { apiData } from "../../lib/api-query";
import { planQueries } from "../../lib/plan-queries";

/** The account calls read through TanStack Query (the plain requests are in `account-requests.ts`). */

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
