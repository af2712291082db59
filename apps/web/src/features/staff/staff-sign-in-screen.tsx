"use client";

import { staffSignInFormSchema, type StaffSignInForm } from "@kindred/contracts";
import { staffMessages } from "@kindred/domain";
import { useState } from "react";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { FormShell } from "../../components/form-shell";
import { PasswordField } from "../../components/password-field";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { TextField } from "../../components/text-field";
import { loadPage, staffPaths } from "./staff-navigation";
import { staffSignIn } from "./staff-session";

const labels = {
  username: "Email address",
  password: "Password",
  otp: "Code from your authenticator app",
} as const;

/**
 * /staff/sign-in: email address, password and the authenticator's 6-digit code, sent to `POST
 * /token` with the staff grant; the API's refusals (not right, locked) are shown as they are.
 */
export function StaffSignInScreen({ signedOut }: { signedOut: boolean }) {
  const form = useSchemaForm({
    schema: staffSignInFormSchema,
    idPrefix: "staff-sign-in",
    labels,
    defaultValues: { username: "", password: "", otp: "" },
  });
  const username = useFormField(form, "username");
  const password = useFormField(form, "password");
  const otp = useFormField(form, "otp");
  const [refusal, setRefusal] = useState<{ message: string; count: number } | null>(null);

  async function signIn(values: StaffSignInForm) {
    const result = await staffSignIn(values);
    if (result.ok) {
      loadPage(staffPaths.home);
      return;
    }
    // A code is used once: the next try needs the one the app shows then.
    form.form.setValue("otp", "");
    setRefusal((previous) => ({ message: result.message, count: (previous?.count ?? 0) + 1 }));
  }

  return (
    <>
      <h1>Sign in to the back office</h1>
      {signedOut && refusal === null ? (
        <div className="info-box" role="status">
          <p>{staffMessages.staffSignedOut}</p>
        </div>
      ) : null}
      <FormShell
        form={form.form}
        summary={form.summary}
        onValid={signIn}
        submitLabel="Sign in"
        busyLabel="Signing in…"
        needsScript
        before={
          refusal ? (
            <FocusOnArrival key={refusal.count}>
              <div className="error-box" role="alert">
                <h2 className="error-box__title">We could not sign you in</h2>
                <p>{refusal.message}</p>
              </div>
            </FocusOnArrival>
          ) : null
        }
      >
        <TextField {...username} label={labels.username} type="email" autoComplete="username" />
        <PasswordField {...password} label={labels.password} autoComplete="current-password" />
        <TextField
          {...otp}
          label={labels.otp}
          hint="The 6 digits your authenticator app shows now."
          inputMode="numeric"
          autoComplete="one-time-code"
        />
      </FormShell>
    </>
  );
}
