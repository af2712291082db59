"use client";

import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, violationsOf } from "../lib/api-query";
import { referralQueries } from "../lib/referral-queries";
import { LoadingSpinner } from "./loading-spinner";
import { CallUs } from "./phone-link";
import styles from "./referral.module.css";

type CopyOutcome = "copied" | "failed" | null;

const copyMessages: Record<Exclude<CopyOutcome, null>, string> = {
  copied: "Code copied. You can now paste it into a message or an email.",
  failed: "Your browser did not let us copy the code. Please select it and copy it, or write it down.",
};

/**
 * A paid plan's own referral code (`POST /api/referral-code/generate`, which answers the same
 * code every time), large and clear, with a button that copies it and what a referral gives (the
 * catalogue's words). A plan that cannot have a code yet says why, calmly.
 */
export function YourReferralCode({ planId }: { planId: string }) {
  const headingId = useId();
  const ownCode = useQuery(referralQueries.ownCode(planId));
  const referral = useQuery(referralQueries.plan(planId));
  const [copy, setCopy] = useState<CopyOutcome>(null);

  if (ownCode.status === "pending") return <LoadingSpinner label="Getting your referral code…" />;

  if (ownCode.status === "error") {
    // 422: the plan has no code to give yet (not paid for, or cancelled); the API says which.
    if (ownCode.error instanceof ApiRequestError && ownCode.error.status === 422) {
      return (
        <section className={styles.referral} aria-labelledby={headingId}>
          <h2 id={headingId}>Your referral code</h2>
          {violationsOf(ownCode.error).map((violation) => (
            <p key={violation.title}>{violation.title}</p>
          ))}
        </section>
      );
    }
    return (
      <div className="error-box" role="alert">
        <h2 className="error-box__title">Sorry, we could not show your referral code</h2>
        <p>Please reload the page in a moment, or call us and we will help.</p>
        <CallUs className="call-us" />
      </div>
    );
  }

  const { code } = ownCode.data;
  async function copyCode() {
    try {
      await navigator.clipboard.writeText(code);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  }

  return (
    <section className={styles.referral} aria-labelledby={headingId}>
      <h2 id={headingId}>Your referral code</h2>
      <p>If someone you know would like a funeral plan of their own, you can give them this code to use.</p>
      <p className={styles.code}>{code}</p>
      <div>
        <button type="button" className="button button--secondary" onClick={() => void copyCode()}>
          Copy code
        </button>
      </div>
      <p className={styles.copyStatus} role="status">
        {copy ? copyMessages[copy] : null}
      </p>
      {referral.data ? <p>{referral.data.description}</p> : null}
    </section>
  );
}
