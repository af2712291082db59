"use client";

import { staffPlanSearchQuerySchema } from "@kindred/contracts";
import { formatLongDate, staffMessages } from "@kindred/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { FormShell } from "../../components/form-shell";
import { LoadingSpinner } from "../../components/loading-spinner";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { TextField } from "../../components/text-field";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { readSession, writeSession } from "../../lib/storage";
import { staffPaths } from "./staff-navigation";
import { staffQueries, type StaffPlanSearchResult } from "./staff-requests";
import { planStatusNames } from "./staff-words";
import styles from "./staff.module.css";
import { orNothing, staffColumnHelper, StaffTable } from "./staff-table";

/** The search box: the API's query, and at least 3 letters or numbers (the API's own rule, asked first). */
const searchFormSchema = z.object({
  q: staffPlanSearchQuerySchema.shape.q.refine((q) => q.replace(/[^\p{L}\p{N}]/gu, "").length >= 3, {
    error: staffMessages.searchTooShort,
  }),
});
const labels = { q: "Search for a plan" } as const;

const column = staffColumnHelper<StaffPlanSearchResult>();
const columns = column.columns([
  column.accessor("status", { header: "Status", cell: (info) => planStatusNames[info.getValue()] }),
  column.accessor("customerName", {
    header: "Customer",
    // Each row opens the plan's page: the customer's name is the link (or the reference, without one).
    cell: (info) => <a href={staffPaths.plan(info.row.original.planId)}>{orNothing(info.getValue())}</a>,
  }),
  column.accessor("coveredPersonName", { header: "Plan for", cell: (info) => orNothing(info.getValue()) }),
  column.accessor("postcode", { header: "Postcode", cell: (info) => orNothing(info.getValue()) }),
  column.accessor("boughtOn", {
    header: "Bought",
    cell: (info) => {
      const bought = info.getValue();
      return bought === null ? "–" : formatLongDate(bought);
    },
  }),
  column.accessor("createdAt", { header: "Started", cell: (info) => formatLongDate(info.getValue()) }),
  column.accessor("planReference", {
    header: "Reference",
    cell: (info) => (
      <a className={styles.reference} href={staffPaths.plan(info.row.original.planId)}>
        {info.getValue()}
      </a>
    ),
  }),
]);

interface PlanSearchShown {
  q: string;
  pages: (string | null)[];
}

/** The tab's last search, as it was left; null when there is none. */
function lastSearch(): PlanSearchShown | null {
  const stored = readSession("staffPlanSearch") as Partial<PlanSearchShown> | null;
  if (typeof stored?.q !== "string" || !Array.isArray(stored.pages) || stored.pages.length === 0) return null;
  const pages = stored.pages.filter(
    (page): page is string | null => page === null || typeof page === "string",
  );
  return pages.length === stored.pages.length ? { q: stored.q, pages } : null;
}

/**
 * Finding a plan (GET /api/staff/plans?q=): by part of its reference, or of a name, email address,
 * phone number or postcode of anyone in it; 20 at a time, newest change first. Each search is
 * recorded in the audit log with what was typed.
 */
export function PlanSearch() {
  // What was searched for, and where each page shown so far starts (null: the first page); the
  // tab keeps it, so Back from a plan's page shows the same results (issue 50 item 11).
  const [search, setSearchHere] = useState<PlanSearchShown | null>(lastSearch);
  const setSearch = (shown: PlanSearchShown) => {
    writeSession("staffPlanSearch", shown);
    setSearchHere(shown);
  };
  const form = useSchemaForm({
    schema: searchFormSchema,
    idPrefix: "plan-search",
    labels,
    defaultValues: { q: search?.q ?? "" },
  });
  const q = useFormField(form, "q");

  return (
    <>
      <FormShell
        form={form.form}
        summary={form.summary}
        onValid={(values) => setSearch({ q: values.q, pages: [null] })}
        submitLabel="Search"
      >
        <TextField
          {...q}
          label={labels.q}
          hint="A plan reference, such as KND-7Q4M-2HX9, or part of a name, email address, phone number or postcode."
          autoComplete="off"
        />
      </FormShell>
      {search ? (
        <Results
          q={search.q}
          after={search.pages.at(-1) ?? null}
          pageNumber={search.pages.length}
          onNext={(next) => setSearch({ ...search, pages: [...search.pages, next] })}
          onPrevious={() => setSearch({ ...search, pages: search.pages.slice(0, -1) })}
        />
      ) : null}
    </>
  );
}

function Results({
  q,
  after,
  pageNumber,
  onNext,
  onPrevious,
}: {
  q: string;
  after: string | null;
  pageNumber: number;
  onNext: (next: string) => void;
  onPrevious: () => void;
}) {
  const page = useQuery(staffQueries.planSearch(q, after));
  if (page.status === "pending") return <LoadingSpinner label="Searching…" />;
  if (page.status === "error") {
    return <ViolationsBox title="Sorry, we could not search" violations={violationsOf(page.error)} />;
  }
  const { results, next } = page.data;
  if (results.length === 0 && pageNumber === 1) {
    return (
      <p role="status">
        No plans match &ldquo;{q}&rdquo;. Check the spelling, or try part of a postcode or phone number.
      </p>
    );
  }
  return (
    <>
      <p role="status" className="visually-hidden">
        {page.isPlaceholderData ? "Searching…" : `Page ${pageNumber} of the plans matching ${q}`}
      </p>
      <ResultsTable
        results={results}
        heading={`Plans matching “${q}”${pageNumber > 1 ? `, page ${pageNumber}` : ""}`}
      />
      <div className={styles.actions}>
        {pageNumber > 1 ? (
          <button type="button" className="button button--secondary" onClick={onPrevious}>
            Previous page
          </button>
        ) : null}
        {next !== null ? (
          <button type="button" className="button" onClick={() => onNext(next)}>
            Next page
          </button>
        ) : null}
      </div>
    </>
  );
}

/** The results, named by their heading, which stays above the table in full. */
function ResultsTable({ results, heading }: { results: StaffPlanSearchResult[]; heading: string }) {
  return (
    <div className={styles.results}>
      <h2 id="plan-search-results">{heading}</h2>
      <StaffTable rows={results} columns={columns} named={{ labelledBy: "plan-search-results" }} />
    </div>
  );
}
