"use client";

import Link from "next/link";
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Violation } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { LoadingSpinner } from "../../components/loading-spinner";
import { SuccessBox } from "../../components/success-box";
import { ResendConfirmationForm } from "../../components/resend-confirmation-form";
import { isUserLoggedIn } from "../../lib/customer-session";
import { announceEmailConfirmed } from "../../lib/email-confirmed-signal";
import { planQueries } from "../../lib/plan-queries";
import { readLocal } from "../../lib/storage";
import { confirmEmailQuery } from "./account-queries";
import styles from "./account.module.css";

type Outcome = { kind: "confirmed" } | { kind: "failed"; message: string };

const brokenLink: Outcome = { kind: "failed", message: messages.confirmLinkInvalid };

/** The address the person signed in with in this browser, if any, to save typing it again. */
function storedEmail(): string {
  const email = readLocal("userEmail");
  return typeof email === "string" ? email : "";
}

/**
 * Where to go once confirmed: back to payment when this browser's plan has reached it (its
 * customer's details are stored: the purchase asked for the confirmation), else to the plan.
 * Null while that is being found out, so the button does not change under the pointer.
 */
function useNextStep(confirmed: boolean): { href: string; label: string } | null {
  const storedPlanId = confirmed && isUserLoggedIn() ? readLocal("planId") : null;
  const planId = typeof storedPlanId === "string" ? storedPlanId : null;
  const people = useQuery({ ...planQueries.people(planId ?? ""), enabled: planId !== null });
  if (!confirmed) return null;
  if (planId !== null && people.isPending) return null;
  if (people.data?.customer) return { href: "/purchase/options", label: "Continue to payment" };
  return { href: "/planning", label: "Go to your plan" };
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
  const confirmed = shown?.kind === "confirmed";
  const next = useNextStep(confirmed);

  // A purchase waiting for this in another tab of the browser carries on at once.
  useEffect(() => {
    if (confirmed) announceEmailConfirmed();
  }, [confirmed]);

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
          {next ? (
            <p>
              <Link href={next.href} className="button">
                {next.label}
              </Link>
            </p>
          ) : null}
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
