import { queryOptions } from "@tanstack/react-query";
import type {
  PlanOptionsResponse,
  PlanPaymentsResponse,
  PlanPeopleResponse,
  PlanResponse,
} from "@kindred/contracts";
import { apiRequest } from "./api-client";
import { apiData, ApiRequestError } from "./api-query";

/**
 * Plans and what they are chosen from, as TanStack Query options (docs/decisions/011-web-plumbing.md):
 * shared by the journey, the purchase screens and the account, so each is fetched once per page load.
 */
export const planQueries = {
  /** What the journey chooses from (`GET /api/plan-options`): fetched once per page load, shared by every step. */
  options: () =>
    queryOptions({
      queryKey: ["plan-options"],
      queryFn: () => apiData<PlanOptionsResponse>("/api/plan-options"),
      staleTime: Infinity,
    }),
  /** One plan of the caller's by id (`GET /api/plan/{id}`); "gone" when it is not theirs (any more). */
  one: (id: string) =>
    queryOptions({
      queryKey: ["plan", id],
      queryFn: async (): Promise<PlanResponse | "gone"> => {
        const result = await apiRequest<PlanResponse>(`/api/plan/${encodeURIComponent(id)}`);
        if (result.ok) return result.data;
        if (result.status === 404) return "gone";
        throw new ApiRequestError(result.status, result.data.violations);
      },
      staleTime: Infinity,
    }),
  /** The signed-in person's saved plans (`GET /api/plan`). */
  saved: () =>
    queryOptions({
      queryKey: ["plans"],
      queryFn: () => apiData<PlanResponse[]>("/api/plan"),
      staleTime: Infinity,
    }),
  /**
   * Everything about paying for one plan (`GET /api/plan/{id}/payments`): its state, the choice,
   * the schedule, payments, the Direct Debit (masked) and collections. Read afresh on each visit.
   */
  payments: (id: string) =>
    queryOptions({
      queryKey: ["plan", id, "payments"],
      queryFn: () => apiData<PlanPaymentsResponse>(`/api/plan/${encodeURIComponent(id)}/payments`),
      staleTime: 0,
    }),
  /** The plan's four people (`GET /api/plan/{id}/customer`): customer, covered person, nominee, payer. */
  people: (id: string) =>
    queryOptions({
      queryKey: ["plan", id, "people"],
      queryFn: () => apiData<PlanPeopleResponse>(`/api/plan/${encodeURIComponent(id)}/customer`),
    }),
};
