"use client";

import { formatLongDate } from "@kindred/domain";
import type { RowData } from "@tanstack/react-table";
import { useQueryClient } from "@tanstack/react-query";
import { createContext } from "react";
import { staffPaths } from "./staff-navigation";
import { staffColumnHelper, StaffTable, type StaffColumns } from "./staff-table";
import { formatMoment } from "./staff-words";
import styles from "./staff.module.css";

/**
 * What the work queues' tables share (issue 24 item 5): the deadline in words and its column, the
 * plan's column, soonest deadline first, and saying what an action did once the queue reloads.
 */

/** A deadline in words: a day ("5 January 2027"), or a moment's day and time for a refund. */
export function deadlineText(deadline: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(deadline) ? formatLongDate(deadline) : formatMoment(deadline);
}

// A type, not an interface, so it is a table's row data (an object with string keys).
export type Deadlined = { deadline: string };

/** Soonest deadline first; a refund already made goes after every one still to do. */
export function byDeadline<Row extends Deadlined>(rows: readonly Row[]): Row[] {
  const done = (row: Row) => ("status" in row && row.status === "refunded" ? 1 : 0);
  const when = (row: Row) =>
    Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(row.deadline) ? `${row.deadline}T23:59:59Z` : row.deadline);
  return [...rows].sort((a, b) => done(a) - done(b) || when(a) - when(b));
}

/**
 * Says what an action in a queue's row did, above the table: the row itself may leave the queue
 * (an outcome recorded, an enquiry followed up) once the queue is read again.
 */
export const SayDone = createContext<(words: string) => void>(() => {});

/** A queue's rows, soonest deadline first, in the back office's table with its caption above. */
export function RowsTable<Row extends Deadlined & RowData>({
  rows,
  columns,
  caption,
}: {
  rows: readonly Row[];
  columns: StaffColumns<Row>;
  caption: string;
}) {
  return <StaffTable rows={byDeadline(rows)} columns={columns} named={{ caption }} sortedBy="deadline" />;
}

/** The deadline, and how it is worked out underneath. */
export function deadlineColumn<Row extends Deadlined & { deadlineRule: string }>() {
  const column = staffColumnHelper<Row>();
  return column.display({
    id: "deadline",
    header: "Deadline",
    cell: ({ row }) => (
      <>
        <strong>{deadlineText(row.original.deadline)}</strong>
        <div className={styles.detail}>{row.original.deadlineRule}</div>
      </>
    ),
  });
}

/** The plan's short reference (decision 045), linking to its page by its id. */
export function planColumn<Row extends { planId: string | null; planReference: string | null }>() {
  const column = staffColumnHelper<Row>();
  return column.display({
    id: "plan",
    header: "Plan",
    cell: ({ row }) => {
      const { planId, planReference } = row.original;
      return planId === null || planReference === null ? (
        "Not matched to a plan"
      ) : (
        <a className={styles.reference} href={staffPaths.plan(planId)}>
          {planReference}
        </a>
      );
    },
  });
}

/** Reloads every page of every queue: an action may move an item, or take it out. */
export function useQueuesReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["staff", "queues"] });
}
