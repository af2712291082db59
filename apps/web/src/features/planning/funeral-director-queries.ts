import { queryOptions } from "@tanstack/react-query";
import type { FuneralDirectorBranch, FuneralDirectorSearchResponse } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { apiRequest } from "../../lib/api-client";
import { ApiRequestError } from "../../lib/api-query";

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
