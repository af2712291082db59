"use client";

import {
  createColumnHelper,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
} from "@tanstack/react-table";
import styles from "./staff.module.css";

/**
 * The back office's tables (TanStack Table, headless, in our own markup): the plan search's
 * results and each work queue. A table scrolls sideways on a phone, in a region named by its
 * heading (`labelledBy`) or its own caption.
 */
const staffTableFeatures = tableFeatures({});

/** The column helper for a back-office table of `Row`s. */
export function staffColumnHelper<Row extends RowData>() {
  return createColumnHelper<typeof staffTableFeatures, Row>();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column's value type differs
export type StaffColumns<Row extends RowData> = ColumnDef<typeof staffTableFeatures, Row, any>[];

/** What a table shows for an answer not given. */
export const orNothing = (value: string | null) => value ?? "–";

export function StaffTable<Row extends RowData>({
  rows,
  columns,
  named,
  sortedBy,
}: {
  rows: readonly Row[];
  columns: StaffColumns<Row>;
  /** The id of the heading that names it, or the caption it carries. */
  named: { labelledBy: string } | { caption: string };
  /** The column the rows are in order of (ascending), for screen readers. */
  sortedBy?: string;
}) {
  const table = useTable({ features: staffTableFeatures, columns, data: rows as Row[] });
  const region =
    "caption" in named ? { "aria-label": named.caption } : { "aria-labelledby": named.labelledBy };
  return (
    <div className={styles.tableScroll} role="region" {...region} tabIndex={0}>
      <table
        className={styles.table}
        {...("caption" in named ? {} : { "aria-labelledby": named.labelledBy })}
      >
        {"caption" in named ? <caption>{named.caption}</caption> : null}
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={
                    sortedBy !== undefined && header.column.id === sortedBy ? "ascending" : undefined
                  }
                >
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Previous page" and "Next page" under a paged staff table: `nextPage` is the API's, null on the last. */
export function StaffPager({
  page,
  nextPage,
  onPage,
}: {
  page: number;
  nextPage: number | null;
  onPage: (page: number) => void;
}) {
  return (
    <div className={styles.actions}>
      {page > 1 ? (
        <button type="button" className="button button--secondary" onClick={() => onPage(page - 1)}>
          Previous page
        </button>
      ) : null}
      {nextPage !== null ? (
        <button type="button" className="button" onClick={() => onPage(nextPage)}>
          Next page
        </button>
      ) : null}
    </div>
  );
}
