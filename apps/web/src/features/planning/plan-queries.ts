import { queryOptions } from "@tanstack/react-query";
import type {
  FuneralDirectorBranch,
  FuneralDirectorSearchResponse,
  PlanOptionsResponse,
  PlanResponse,
} from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { apiRequest } from "../../lib/api-client";
import { apiData, ApiRequestError } from "../../lib/api-query";

/** The planning journey's server data, as TanStack Query options (docs/decisions/011-web-plumbing.md). */
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
};

export type BranchLookup = { status: "found"; branch: FuneralDirectorBranch } | { status: "gone" };

export type BranchSearch =
  | { status: "found"; response: FuneralDirectorSearchResponse }
  /** The postcode was refused: not a postcode (the API's 400). */
  | { status: "refused"; message: string };

export const funeralDirectorQueries = {
  /** One branch by id; one that has closed is "gone" (404), not a failure. */
  branch: (id: number) =>
    queryOptions({
      queryKey: ["funeral-director", id],
      queryFn: async (): Promise<BranchLookup> => {
        const result = await apiRequest<FuneralDirectorBranch>(`/api/funeral-director/location?id=${id}`);
        if (result.ok) return { status: "found", branch: result.data };
        if (result.status === 404) return { status: "gone" };
        throw new ApiRequestError(result.status, result.data.violations);
      },
    }),
  /** The branches nearest a postcode, nearest first (or the head office when none is near). */
  search: (postcode: string) =>
    queryOptions({
      queryKey: ["funeral-director-search", postcode],
      queryFn: async (): Promise<BranchSearch> => {
        const result = await apiRequest<FuneralDirectorSearchResponse>(
          `/api/funeral-director/search?postcode=${encodeURIComponent(postcode)}`,
        );
        if (result.ok) return { status: "found", response: result.data };
        if (result.status === 400) {
          return {
            status: "refused",
            message: result.data.violations[0]?.title ?? messages.postcodeNotValid,
          };
        }
        throw new ApiRequestError(result.status, result.data.violations);
      },
    }),
};
