"use client";

import { atNeedCaseStatusLabels, formatLongDate } from "@kindred/domain";
import { useState, type ReactNode } from "react";
import { AtNeedFilters, atNeedFilterQuery, everyOpenCase } from "./at-need-filters";
import { MoveFuneralOn } from "./move-funeral-on";
import { deadlineColumn, planColumn, RowsTable } from "./staff-queue-parts";
import type { StaffQueuePages } from "./staff-requests";
import { staffColumnHelper } from "./staff-table";
import { formatMoment } from "./staff-words";
import { UnmatchedReportActions } from "./unmatched-report-actions";
import styles from "./staff.module.css";

/**
 * The at-need queue (issue 24 item 5; issue 50 item 8): deaths told to us, oldest first, each with
 * its deadline, filtered by stage and by how long ago we were told. A report that matched no plan
 * is matched by staff to the plan they find, or closed as not ours; a matched one is confirmed or
 * withdrawn, then its funeral moved on.
 */
export function AtNeedQueue({
  pages,
}: {
  /** The queue's pages for these filters (the work queues' own pager and table). */
  pages: (filters: Record<string, string>) => ReactNode;
}) {
  const [filters, setFilters] = useState(everyOpenCase);
  return (
    <>
      <AtNeedFilters shown={filters} onShow={setFilters} />
      {pages(atNeedFilterQuery(filters))}
    </>
  );
}

type AtNeedPage = StaffQueuePages["at-need-cases"];
type AtNeedRow = AtNeedPage["items"][number];

/** How many cases each filter holds, in words: the few matched are seen among many unmatched. */
function countsInWords({ stageCounts: counts }: AtNeedPage): string {
  return (
    `Matched to a plan: ${counts.matched} (waiting to be confirmed: ${counts.reported}; confirmed: ${counts.confirmed}). ` +
    `Not matched to a plan: ${counts.unmatched}. Closed as not one of our plans: ${counts.closed}.`
  );
}

/** A page of the queue, with how many cases each filter holds above it. */
export function AtNeedTable({ page, caption }: { page: AtNeedPage; caption: string }) {
  return (
    <>
      <p>{countsInWords(page)}</p>
      <RowsTable rows={page.items} columns={atNeedColumns} caption={caption} />
    </>
  );
}

/** What the person telling us typed to find the plan: staff search with it. */
function typedToFindThePlan({ dateOfBirth, dateOfDeath, typedPlanReference, postcode }: AtNeedRow): string {
  const found = [
    typedPlanReference === "" ? null : `plan reference ${typedPlanReference}`,
    postcode === "" ? null : `postcode ${postcode}`,
  ].filter((part) => part !== null);
  return `Born ${formatLongDate(dateOfBirth)}; died ${formatLongDate(dateOfDeath)}; told us ${found.join(" and ")}.`;
}

const atNeed = staffColumnHelper<AtNeedRow>();
const atNeedColumns = atNeed.columns([
  deadlineColumn<AtNeedRow>(),
  atNeed.accessor("status", {
    header: "Stage",
    cell: ({ row }) => (
      <>
        {atNeedCaseStatusLabels[row.original.status]}
        {row.original.closedReason === null ? null : (
          <div className={styles.detail}>Why: {row.original.closedReason}</div>
        )}
        {row.original.saidNotRight ? (
          <strong className={styles.warning}>
            Someone on the plan says this is not right: call them first.
          </strong>
        ) : null}
      </>
    ),
  }),
  atNeed.accessor("personName", {
    header: "Who died",
    cell: ({ row }) => (
      <>
        {row.original.personName}
        <div className={styles.detail}>{typedToFindThePlan(row.original)}</div>
      </>
    ),
  }),
  atNeed.display({
    id: "informant",
    header: "Told by",
    cell: ({ row }) => `${row.original.informantName}, ${row.original.informantPhone}`,
  }),
  atNeed.accessor("toldAt", { header: "Told us", cell: (info) => formatMoment(info.getValue()) }),
  planColumn<AtNeedRow>(),
  atNeed.display({
    id: "action",
    header: "Action",
    cell: ({ row }) =>
      row.original.status === "unmatched" ? (
        <UnmatchedReportActions report={row.original} />
      ) : (
        <MoveFuneralOn atNeedCase={row.original} />
      ),
  }),
]);
