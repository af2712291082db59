"use client";

import { useState } from "react";
import { forgotPasswordBodySchema, type ForgotPasswordBody } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { FormShell } from "../../components/form-shell";
import { useFormFailure } from "../../components/use-form-failure";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { SuccessBox } from "../../components/success-box";
import { TextField } from "../../components/text-field";
import { requestPasswordReset } from "./account-requests";
import styles from "./account.module.css";

const labels = { email: "Email address" } as const;

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
  // What the API said once the link was sent; null until then.
  const [sent, setSent] = useState<string | null>(null);
  const failure = useFormFailure(form.form);

  async function send(values: ForgotPasswordBody) {
    const result = await requestPasswordReset({ email: values.email.trim() });
    if (result.ok) {
      failure.clear();
      setSent(result.data.message || messages.resetLinkSent);
    } else {
      failure.fail(result.data.violations);
    }
  }

  return (
    <div className={`page-width plain-page ${styles.page}`}>
      <h1>Forgotten your password?</h1>
      {sent !== null ? (
        <FocusOnArrival>
          <SuccessBox title="Check your email">
            <p>{sent}</p>
          </SuccessBox>
          <p>If it has not arrived in a few minutes, look in your junk or spam folder.</p>
          <p>
            <button type="button" className={styles.linkButton} onClick={() => setSent(null)}>
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
            before={failure.box("We could not send a link")}
          >
            <TextField {...email} label={labels.email} type="email" autoComplete="email" />
          </FormShell>
        </>
      )}
    </div>
  );
}
