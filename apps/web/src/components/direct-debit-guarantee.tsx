import { firmDetails } from "@kindred/domain";
import styles from "./payments.module.css";

/**
 * The Direct Debit Guarantee in its own box (DESIGN.md, Trust signals), stated at the point of
 * paying. These are its promises in our own words; the live service shows the scheme's exact
 * wording, as Bacs requires, in place of this summary.
 */
export function DirectDebitGuarantee({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={styles.guarantee} aria-labelledby="direct-debit-guarantee-heading">
      <Heading id="direct-debit-guarantee-heading">The Direct Debit Guarantee</Heading>
      <ul>
        <li>
          The Guarantee is offered by all banks and building societies that accept instructions to pay Direct
          Debits.
        </li>
        <li>
          If the amount, date or frequency of your Direct Debit changes, {firmDetails.tradingName} will tell
          you 10 working days before your account is debited, or as otherwise agreed.
        </li>
        <li>If you ask us to collect a payment, we will confirm the amount and date when you ask.</li>
        <li>
          If an error is made in the payment of your Direct Debit, by us or by your bank or building society,
          you are entitled to a full and immediate refund of the amount paid from your bank or building
          society. If you receive a refund you are not entitled to, you must pay it back when asked.
        </li>
        <li>
          You can cancel a Direct Debit at any time by contacting your bank or building society. Written
          confirmation may be needed. Please also let us know.
        </li>
      </ul>
      <p className={styles.guaranteeNote}>
        This is the Guarantee in our own words. When we take real payments, this box shows the Direct Debit
        scheme&apos;s exact wording.
      </p>
    </section>
  );
}
