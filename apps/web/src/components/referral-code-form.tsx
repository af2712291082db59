"use client";

import { lazy, Suspense, useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { referralQueries } from "../lib/referral-queries";
import { LoadingSpinner } from "./loading-spinner";
import styles from "./referral.module.css";
import { SuccessBox } from "./success-box";

// The code's field is loaded when the question is opened: with it come the form engine's schema
// for the code and zod, which the page for paying otherwise does without (decision 033).
const ReferralCodeEntry = lazy(() =>
  import("./referral-code-entry").then((module) => ({ default: module.ReferralCodeEntry })),
);

/**
 * "Have a referral code?" (`POST /api/referral-code/apply`): optional, for a plan not yet paid
 * for, folded away behind its question until opened. Says what a referral gives (the catalogue's words) before the code is applied, and once it
 * is, says so in a green box instead of the form. A code the API refuses is explained under the
 * field. Reads the plan's referral first, so a code applied earlier shows as applied.
 */
export function ReferralCodeForm({ planId, idPrefix = "referral" }: { planId: string; idPrefix?: string }) {
  const headingId = useId();
  const referral = useQuery(referralQueries.plan(planId));
  // The form is loaded and made when the question is opened, not with the page: most people never
  // open it, and a form costs a slow phone its share of the page's first work (issue 28).
  const [opened, setOpened] = useState(false);

  if (referral.status === "pending") return <LoadingSpinner label="Checking for a referral code…" />;

  // Without the plan's referral (it could not be read), the form still works; the words of the
  // reward come back with the applied code.
  const description = referral.data?.description;
  const applied = referral.data?.applied;
  if (applied) {
    return (
      <section className={styles.referral} aria-labelledby={headingId}>
        <SuccessBox>
          <h2 className="success-box__title" id={headingId}>
            Your referral code is added
          </h2>
          <p>
            We have added the referral code <strong>{applied.code}</strong> to your plan.
          </p>
          {description ? <p>{description}</p> : null}
        </SuccessBox>
      </section>
    );
  }

  // Optional, so it stays folded away (one line) until the person opens it: the page's main
  // action is not pushed down by a form most people do not need (issue 25 item 8).
  return (
    <details
      className={`${styles.referral} ${styles.disclosure}`}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>Have a referral code?</summary>
      <p>If a friend or relative gave you a referral code, you can add it here. You do not need one.</p>
      {description ? <p>{description}</p> : null}
      {opened ? (
        <Suspense fallback={<LoadingSpinner label="Loading the referral code form…" />}>
          <ReferralCodeEntry planId={planId} idPrefix={idPrefix} />
        </Suspense>
      ) : null}
    </details>
  );
}
