import { formatLongDate, formatPrice, type Pence, sumPence } from "@kindred/domain";
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
 * and their total. Three columns (four with what became of each), so it reads on a phone.
 */
export function InstalmentTable({ caption, rows }: { caption: string; rows: readonly InstalmentRow[] }) {
  const showStatus = rows.some((row) => row.status !== undefined);
  return (
    // Should it be wider than a narrow phone, it scrolls sideways, and a keyboard can scroll it too.
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
            {showStatus ? <th scope="col">Status</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.number}>
              <th scope="row">{row.number}</th>
              {/* The day stays with its month when a narrow column wraps the date. */}
              <td>{formatLongDate(row.date).replace(" ", "\u00a0")}</td>
              <td className={styles.number}>{formatPrice(row.amount)}</td>
              {showStatus ? <td>{row.status ?? ""}</td> : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total of {rows.length} monthly payments
            </th>
            <td className={styles.number}>{formatPrice(sumPence(rows.map((row) => row.amount)))}</td>
            {showStatus ? <td /> : null}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
