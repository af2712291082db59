"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { Violation } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { LoadingSpinner } from "../../components/loading-spinner";
import { SuccessBox } from "../../components/success-box";
import { ResendConfirmationForm } from "../../components/resend-confirmation-form";
import { readLocal } from "../../lib/storage";
import { confirmEmailQuery } from "./account-requests";
import styles from "./account.module.css";

type Outcome = { kind: "confirmed" } | { kind: "failed"; message: string };

const brokenLink: Outcome = { kind: "failed", message: messages.confirmLinkInvalid };

/** The address the person signed in with in this browser, if any, to save typing it again. */
function storedEmail(): string {
  const email = readLocal("userEmail");
  return typeof email === "string" ? email : "";
}

/**
 * What to say when a link is refused: the plain words for a bad or used link (never the checks'
 * own wording about which part was too short), or why the request itself failed.
 */
function failureOf(violations: readonly Violation[], status: number): Outcome {
  if (status === 400 || status === 404) return brokenLink;
  return { kind: "failed", message: violations.map((violation) => violation.title).join(" ") };
}

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
      : failureOf(result.data.violations, result.status)
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
          <div className="error-box" role="alert">
            <h2 className="error-box__title">We could not confirm your email address</h2>
            <p>{shown.message}</p>
          </div>
          <h2>Get a new link</h2>
          <p>Type your email address and we will send you a new link. Nothing in your plan has been lost.</p>
          <ResendConfirmationForm idPrefix="resend-confirmation" email={storedEmail()} />
        </FocusOnArrival>
      )}
    </div>
  );
}
