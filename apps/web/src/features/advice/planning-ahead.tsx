import Link from "next/link";
import { CallUs } from "../../components/phone-link";
import styles from "./advice.module.css";

/** A calm invitation to plan ahead, at the foot of the advice pages: the free guide, or planning. */
export function PlanningAhead({ headingId }: { headingId: string }) {
  return (
    <aside className={styles.planningAhead} aria-labelledby={headingId}>
      <h2 id={headingId}>Thinking about planning ahead?</h2>
      <p>
        Many people find it a relief to write down their wishes and pay for their funeral in advance, so their
        family have fewer decisions to make. There is no rush, and no obligation.
      </p>
      <div className={styles.actions}>
        <Link href="/free-guide" className="button button--secondary">
          Get our free guide
        </Link>
        <Link href="/planning" className="button">
          Start planning
        </Link>
      </div>
      <CallUs className="call-us" />
    </aside>
  );
}
