import { whenTheTimeComesExplained, type PayingBy } from "@kindred/domain";
import styles from "./payments.module.css";

/**
 * What happens if the person covered dies, for one way of paying (issue 23 item 1): the domain's
 * own sentences (`whenTheTimeComesExplained`), one case a bullet, never words of the page's own.
 * `moratoriumMonths` is the catalogue's (the payment options) or the plan's (the account).
 */
export function WhenTheTimeComesList({
  payingBy,
  moratoriumMonths,
}: {
  payingBy: PayingBy;
  moratoriumMonths: number;
}) {
  return (
    <ul className={styles.whenTheTimeComes}>
      {whenTheTimeComesExplained(payingBy, moratoriumMonths).map((each) => (
        <li key={each.text}>{each.text}</li>
      ))}
    </ul>
  );
}
