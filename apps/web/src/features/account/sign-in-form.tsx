"use client";

import { useState } from "react";
import Link from "next/link";
import { signInFieldsSchema, type SignInFields } from "@kindred/contracts";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { FormShell } from "../../components/form-shell";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { PasswordField } from "../../components/password-field";
import { TextField } from "../../components/text-field";
import type { SignIn } from "../../lib/customer-session";
import styles from "./account.module.css";

const labels = { email: "Email address", password: "Password" } as const;

export type { SignIn, SignInResult } from "../../lib/customer-session";

/**
 * Email address and password. `signIn` does the work (a customer token from /token); when it
 * refuses, its message is shown in the highlighted box above the fields.
 */
export function SignInForm({
  signIn,
  onSignedIn,
  onForgottenPassword,
  idPrefix = "sign-in",
}: {
  signIn: SignIn;
  onSignedIn: () => void;
  /** Called as the "Forgotten your password?" link is followed (a modal closes itself, say). */
  onForgottenPassword?: () => void;
  idPrefix?: string;
}) {
  const form = useSchemaForm({
    schema: signInFieldsSchema,
    idPrefix,
    labels,
    defaultValues: { email: "", password: "" },
  });
  const email = useFormField(form, "email");
  const password = useFormField(form, "password");
  const [failure, setFailure] = useState<{ message: string; count: number } | null>(null);

  async function submit(values: SignInFields) {
    const result = await signIn(values.email.trim(), values.password);
    if (result.ok) {
      setFailure(null);
      onSignedIn();
    } else {
      setFailure((previous) => ({ message: result.message, count: (previous?.count ?? 0) + 1 }));
    }
  }

  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={submit}
      submitLabel="Sign in"
      busyLabel="Signing you in…"
      before={
        failure ? (
          <FocusOnArrival key={failure.count}>
            <div className="error-box" role="alert">
              <p className="error-box__title">We could not sign you in</p>
              <p className={styles.boxMessage}>{failure.message}</p>
            </div>
          </FocusOnArrival>
        ) : null
      }
      after={
        <p className={styles.afterButton}>
          <Link href="/forgotten-password" onClick={onForgottenPassword}>
            Forgotten your password?
          </Link>
        </p>
      }
    >
      <TextField {...email} label={labels.email} type="email" autoComplete="username" />
      {/* No tick for the password: it would suggest the password is right before it is checked. */}
      <PasswordField {...password} valid={false} label={labels.password} autoComplete="current-password" />
    </FormShell>
  );
}
