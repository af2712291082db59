import { CallUs } from "../../components/phone-link";
import styles from "./payment.module.css";

/**
 * What happens if the monthly payments stop, or if the person the plan is for dies before it is
 * paid in full (issue 10 item 7): said plainly before anyone chooses to pay by instalments.
 */
export function IfPaymentsStop() {
  return (
    <>
      <section className={styles.section} aria-labelledby="payments-stop-heading">
        <h2 id="payments-stop-heading">If payments stop</h2>
        <p>
          If a monthly payment is missed, we will let you know. After two missed payments, we will send you a
          statement within 5 working days showing what is owed, and give you 10 days to catch up.
        </p>
        <p>If you are finding it hard to keep up, please call us as soon as you can. We will help.</p>
        <CallUs className="call-us" />
      </section>
      <section className={styles.section} aria-labelledby="dies-before-paid-heading">
        <h2 id="dies-before-paid-heading">If the person covered dies before the plan is paid in full</h2>
        <p>Their family can choose what happens:</p>
        <ul>
          <li>pay what is still owed, and the funeral goes ahead as planned at the guaranteed price, or</li>
          <li>we refund everything that has been paid, with no fee.</li>
        </ul>
      </section>
    </>
  );
}
