import { queryOptions } from "@tanstack/react-query";
import type { AddressLookupAutocompleteResponse, AddressSuggestion, FoundAddress } from "@kindred/contracts";
import { apiRequest } from "./api-client";
import { apiData, ApiRequestError } from "./api-query";

/** The address behind a suggestion, or "gone" when the provider no longer knows it (the API's 404). */
export type AddressDetails = { status: "found"; address: FoundAddress } | { status: "gone" };

/** Address lookup as TanStack Query options (docs/decisions/013-address-lookup.md). */
export const addressLookupQueries = {
  /** Suggestions for a postcode (`GET /api/address-lookup/autocomplete`); none is an answer, not a failure. */
  suggestions: (postcode: string) =>
    queryOptions({
      queryKey: ["address-lookup", "suggestions", postcode],
      queryFn: async (): Promise<AddressSuggestion[]> => {
        const response = await apiData<AddressLookupAutocompleteResponse>(
          `/api/address-lookup/autocomplete?query=${encodeURIComponent(postcode)}`,
        );
        return response.suggestions;
      },
    }),
  /** The address behind a suggestion's id (`GET /api/address-lookup/details`). */
  details: (id: string) =>
    queryOptions({
      queryKey: ["address-lookup", "details", id],
      queryFn: async (): Promise<AddressDetails> => {
        const result = await apiRequest<FoundAddress>(
          `/api/address-lookup/details?id=${encodeURIComponent(id)}`,
        );
        if (result.ok) return { status: "found", address: result.data };
        if (result.status === 404) return { status: "gone" };
        throw new ApiRequestError(result.status, result.data.violations);
      },
    }),
};
