"use client";

import type { FuneralDirectorBranch } from "@kindred/contracts";
import { useQuery } from "@tanstack/react-query";
import { funeralDirectorQueries } from "./funeral-director-queries";

/**
 * The chosen branch, through the query cache the funeral director step filled: undefined while
 * it is asked, null when there is no id or the API cannot say (the screen then does without it).
 */
export function useFuneralDirectorBranch(id: number | null): FuneralDirectorBranch | null | undefined {
  const { data, isError } = useQuery({ ...funeralDirectorQueries.branch(id ?? 0), enabled: id !== null });
  if (id === null || isError) return null;
  if (data === undefined) return undefined;
  return data.status === "found" ? data.branch : null;
}
