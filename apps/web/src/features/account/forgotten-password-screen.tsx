"use client";

import { useState } from "react";
import { forgotPasswordBodySchema, type ForgotPasswordBody, type Violation } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { FormShell } from "../../components/form-shell";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { SuccessBox } from "../../components/success-box";
import { TextField } from "../../components/text-field";
import { ViolationsBox } from "../../components/violations-box";
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
  const form = useSchemaForm({
    schema: forgotPasswordBodySchema,
    idPrefix: "forgotten-password",
    labels,
    defaultValues: { email: "" },
  });
  const email = useFormField(form, "email");
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function send(values: ForgotPasswordBody) {
    const result = await requestPasswordReset({ email: values.email.trim() });
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
          <FormShell
            form={form.form}
            summary={form.summary}
            onValid={send}
            submitLabel="Send me a link"
            busyLabel="Sending…"
            before={
              outcome?.kind === "failed" ? (
                <FocusOnArrival key={outcome.count}>
                  <ViolationsBox title="We could not send a link" violations={outcome.violations} />
                </FocusOnArrival>
              ) : null
            }
          >
            <TextField {...email} label={labels.email} type="email" autoComplete="email" />
          </FormShell>
        </>
      )}
    </div>
  );
}
