import { queryOptions } from "@tanstack/react-query";
import type { CardFieldsResponse } from "@kindred/contracts";
import { apiData } from "./api-query";

/**
 * Who takes the payments (`GET /api/payments/card-fields`): whose card fields the payment page
 * shows, and whether the embedded sandbox takes the Direct Debits. Fixed while the API runs.
 */
export const paymentProvidersQuery = () =>
  queryOptions({
    queryKey: ["payments", "card-fields"],
    queryFn: () => apiData<CardFieldsResponse>("/api/payments/card-fields"),
    staleTime: Infinity,
  });
