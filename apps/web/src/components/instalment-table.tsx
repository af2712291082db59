import { formatPrice, type Pence } from "@kindred/domain";
import { formatLongDate } from "../lib/long-date";
import styles from "./payments.module.css";

export interface InstalmentRow {
  number: number;
  /** An ISO date. */
  date: string;
  amount: Pence;
  /** What became of it, in words ("Collected"), when the table shows payments already under way. */
  status?: string;
}

/**
 * The instalment schedule as a plain table (DESIGN.md, Paying): each payment's date and amount,
 * and the total paid by then, counting what was paid by card first (`paidBefore`).
 */
export function InstalmentTable({
  caption,
  rows,
  paidBefore = 0,
}: {
  caption: string;
  rows: readonly InstalmentRow[];
  paidBefore?: Pence;
}) {
  const showStatus = rows.some((row) => row.status !== undefined);
  let runningTotal = paidBefore;
  return (
    // On a narrow phone the table may scroll sideways: a keyboard can reach and scroll it too.
    <div className={styles.tableScroll} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Payment</th>
            <th scope="col">Date</th>
            <th scope="col" className={styles.number}>
              Amount
            </th>
            <th scope="col" className={styles.number}>
              Total paid by then
            </th>
            {showStatus ? <th scope="col">Status</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            runningTotal += row.amount;
            return (
              <tr key={row.number}>
                <th scope="row">{row.number}</th>
                <td>{formatLongDate(row.date)}</td>
                <td className={styles.number}>{formatPrice(row.amount)}</td>
                <td className={styles.number}>{formatPrice(runningTotal)}</td>
                {showStatus ? <td>{row.status ?? ""}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
