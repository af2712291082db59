import type { ReactNode } from "react";
import styles from "./staff.module.css";

/** The back office's own frame (decision 031): its name, and the page; none of the customer site's. */
export function StaffFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <header className={styles.frame}>
        <div className={`page-width ${styles.frameInner}`}>
          <span className={styles.brand}>Kindred back office</span>
        </div>
      </header>
      <div className={`page-width ${styles.page}`}>{children}</div>
    </>
  );
}
