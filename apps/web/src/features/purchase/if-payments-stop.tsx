import { CallUs } from "../../components/phone-link";
import styles from "./payment.module.css";

/**
 * What happens if the monthly payments stop (issue 10 item 7): said plainly before anyone chooses
 * to pay by instalments. What happens if the person covered dies is said under the choice itself,
 * for the way of paying chosen, in the domain's words (`payment-choice-form.tsx`).
 */
export function IfPaymentsStop() {
  return (
    <section className={styles.section} aria-labelledby="payments-stop-heading">
      <h2 id="payments-stop-heading">If payments stop</h2>
      <p>
        If a monthly payment is missed, we will let you know. After two missed payments in a row, we will send
        you a statement within 5 working days showing what is owed, and give you 10 working days to catch up.
      </p>
      <p>If you are finding it hard to keep up, please call us as soon as you can. We will help.</p>
      <CallUs className="call-us" />
    </section>
  );
}
