import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { PlanOptionsResponse, Violation } from "@kindred/contracts";
import { violationsOf } from "../../lib/api-query";
import { planQueries } from "../../lib/plan-queries";

export type PlanOptionsState =
  | { status: "loading" }
  | { status: "ready"; planOptions: PlanOptionsResponse }
  | { status: "failed"; violations: Violation[] };

/**
 * The journey's plan options as they load, with a way to try again after a failure: for the pages
 * that are not given them by the server (a journey step is, and uses this only when the server
 * could not have them), or given them (`initial`) by a server that could.
 */
export function usePlanOptions(initial?: PlanOptionsResponse | null): {
  state: PlanOptionsState;
  retry: () => void;
} {
  const { data, error, status, isFetching, refetch } = useQuery({
    ...planQueries.options(),
    initialData: initial ?? undefined,
  });
  const state = useMemo<PlanOptionsState>(() => {
    if (status === "success") return { status: "ready", planOptions: data };
    if (status === "error" && !isFetching) return { status: "failed", violations: violationsOf(error) };
    return { status: "loading" };
  }, [data, error, status, isFetching]);
  return { state, retry: () => void refetch() };
}
