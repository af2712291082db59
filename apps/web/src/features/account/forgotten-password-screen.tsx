"use client";

import { useState } from "react";
import type { Violation } from "@kindred/contracts";
import { emailProblems, messages } from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { SuccessBox } from "../../components/success-box";
import { TextField } from "../../components/text-field";
import { ValidatedForm } from "../../components/validated-form";
import { ViolationsBox } from "../../components/violations-box";
import { useFormFields } from "../../lib/use-form-fields";
import { requestPasswordReset } from "./account-requests";
import styles from "./account.module.css";

const labels = { email: "Email address" } as const;

type Outcome =
  { kind: "sent"; message: string } | { kind: "failed"; violations: readonly Violation[]; count: number };

/**
 * /forgotten-password: asks for the email address and sends a reset link. The answer is the same
 * whether or not the address has an account, so it tells nobody who has one.
 */
export function ForgottenPasswordScreen() {
  const form = useFormFields({
    idPrefix: "forgotten-password",
    labels,
    initialValues: { email: "" },
    rules: { email: ({ email }) => emailProblems(email) },
  });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function send() {
    if (!form.attemptSubmit()) return;
    setBusy(true);
    const result = await requestPasswordReset({ email: form.values.email.trim() });
    setBusy(false);
    if (result.ok) {
      setOutcome({ kind: "sent", message: result.data.message || messages.resetLinkSent });
    } else {
      setOutcome((previous) => ({
        kind: "failed",
        violations: result.data.violations,
        count: previous?.kind === "failed" ? previous.count + 1 : 1,
      }));
    }
  }

  return (
    <div className={`page-width plain-page ${styles.page}`}>
      <h1>Forgotten your password?</h1>
      {outcome?.kind === "sent" ? (
        <FocusOnArrival>
          <SuccessBox title="Check your email">
            <p>{outcome.message}</p>
          </SuccessBox>
          <p>If it has not arrived in a few minutes, look in your junk or spam folder.</p>
          <p>
            <button type="button" className={styles.linkButton} onClick={() => setOutcome(null)}>
              Send another link
            </button>
          </p>
        </FocusOnArrival>
      ) : (
        <>
          <p className="lead">
            Enter the email address you use for your account. We will send you a link to choose a new
            password.
          </p>
          <ValidatedForm
            summary={form.summary}
            attempt={form.attempt}
            onSubmit={() => void send()}
            submitLabel="Send me a link"
            busy={busy}
            busyLabel="Sending…"
            before={
              outcome?.kind === "failed" ? (
                <FocusOnArrival key={outcome.count}>
                  <ViolationsBox title="We could not send a link" violations={outcome.violations} />
                </FocusOnArrival>
              ) : null
            }
          >
            <TextField {...form.field("email")} label={labels.email} type="email" autoComplete="email" />
          </ValidatedForm>
        </>
      )}
    </div>
  );
}
