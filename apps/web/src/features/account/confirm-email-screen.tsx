"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { Violation } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { LoadingSpinner } from "../../components/loading-spinner";
import { SuccessBox } from "../../components/success-box";
import { ViolationsBox } from "../../components/violations-box";
import { confirmEmailQuery } from "./account-requests";
import styles from "./account.module.css";

type Outcome = { kind: "confirmed" } | { kind: "failed"; violations: readonly Violation[] };

const brokenLink: Outcome = {
  kind: "failed",
  violations: [{ propertyPath: "Link", title: messages.confirmLinkInvalid }],
};

/** /account/confirm-email?id&token&signature, from the email sent on registering. */
export function ConfirmEmailScreen({
  id,
  token,
  signature,
}: {
  id: string;
  token: string;
  signature: string;
}) {
  const complete = id !== "" && token !== "" && signature !== "";
  const { data: result } = useQuery({ ...confirmEmailQuery({ id, token, signature }), enabled: complete });
  const outcome: Outcome | null = result
    ? result.ok
      ? { kind: "confirmed" }
      : { kind: "failed", violations: result.data.violations }
    : null;

  const shown = complete ? outcome : brokenLink;

  return (
    <div className={`page-width plain-page ${styles.page}`}>
      <h1>Confirm your email address</h1>
      {shown === null ? (
        <LoadingSpinner label="Confirming your email address…" />
      ) : shown.kind === "confirmed" ? (
        <FocusOnArrival>
          <SuccessBox>
            <p>{messages.emailConfirmed}</p>
          </SuccessBox>
          <p>
            <Link href="/planning" className="button">
              Go to your plan
            </Link>
          </p>
        </FocusOnArrival>
      ) : (
        <FocusOnArrival>
          <ViolationsBox title="We could not confirm your email address" violations={shown.violations} />
          <p>If you need help, call us. Nothing in your plan has been lost.</p>
        </FocusOnArrival>
      )}
    </div>
  );
}
