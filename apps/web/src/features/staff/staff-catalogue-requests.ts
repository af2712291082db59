import type {
  BranchChangeBody,
  CatalogueChange,
  OptionPriceChangeBody,
  StaffCatalogue,
  catalogueChangesPageSchema,
} from "@kindred/contracts";
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { staffData } from "./staff-session";

/** Catalogue and branch changes with dates (issue 24 item 6), as packages/contracts shapes them. */

export type CatalogueChangesPage = z.infer<typeof catalogueChangesPageSchema>;
export type StaffCatalogueOption = StaffCatalogue["options"][number];
export type StaffBranch = StaffCatalogue["branches"][number];

export const staffCatalogueQueries = {
  /** Every option and branch as they are now, with the changes still to come. */
  catalogue: () =>
    queryOptions({
      queryKey: ["staff", "catalogue"],
      queryFn: () => staffData<StaffCatalogue>("/api/staff/catalogue"),
      staleTime: 0,
    }),
  /** A page of every change kept, newest first. */
  changes: (page: number) =>
    queryOptions({
      queryKey: ["staff", "catalogue-changes", page],
      queryFn: () => staffData<CatalogueChangesPage>(`/api/staff/catalogue/changes?page=${page}`),
      staleTime: 0,
    }),
};

/** Reads the catalogue, its branches and the history again after a change. */
export function readCatalogueAgain(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["staff", "catalogue"] }),
    queryClient.invalidateQueries({ queryKey: ["staff", "catalogue-changes"] }),
  ]);
}

export function changeOptionPrice(optionId: number, body: OptionPriceChangeBody): Promise<CatalogueChange> {
  return staffData<CatalogueChange>(`/api/staff/catalogue/options/${optionId}/price-changes`, {
    method: "POST",
    body,
  });
}

export function changeBranch(branchId: number, body: BranchChangeBody): Promise<CatalogueChange> {
  return staffData<CatalogueChange>(`/api/staff/branches/${branchId}/changes`, { method: "POST", body });
}
