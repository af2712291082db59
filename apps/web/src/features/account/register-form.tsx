"use client";

import { useState } from "react";
import type { RegisterBody, RegisteredResponse, Violation } from "@kindred/contracts";
import {
  confirmEmailProblems,
  emailProblems,
  nameProblems,
  passwordProblems,
  passwordRepeatProblems,
} from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { PasswordField } from "../../components/password-field";
import { TextField } from "../../components/text-field";
import { ValidatedForm } from "../../components/validated-form";
import { ViolationsBox } from "../../components/violations-box";
import type { ApiResult } from "../../lib/api-client";
import { useFormFields } from "../../lib/use-form-fields";
import { registerAccount } from "./account-requests";
import { PasswordRulesHint } from "./password-rules-hint";

const labels = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email address",
  confirmEmail: "Confirm email address",
  password: "Create a password",
  passwordRepeat: "Repeat your password",
} as const;

export type RegisterSubmit = (body: RegisterBody) => Promise<ApiResult<RegisteredResponse>>;

/**
 * A new account: names, email address twice and password twice, checked as the person goes by
 * the same rules the API uses (SPEC.md section 5). By default it posts to /api/account/register;
 * the journey passes `submit` to post to /api/plan/{id}/customer-guest instead.
 */
export function RegisterForm({
  onRegistered,
  submit = registerAccount,
  idPrefix = "register",
  submitLabel = "Create account",
}: {
  /** Called with the API's answer and what was sent (the journey can then sign the person in). */
  onRegistered: (registered: RegisteredResponse, body: RegisterBody) => void;
  submit?: RegisterSubmit;
  idPrefix?: string;
  submitLabel?: string;
}) {
  const form = useFormFields({
    idPrefix,
    labels,
    initialValues: {
      firstName: "",
      lastName: "",
      email: "",
      confirmEmail: "",
      password: "",
      passwordRepeat: "",
    },
    rules: {
      firstName: ({ firstName }) => nameProblems(firstName),
      lastName: ({ lastName }) => nameProblems(lastName),
      email: ({ email }) => emailProblems(email),
      confirmEmail: ({ email, confirmEmail }) => confirmEmailProblems(email, confirmEmail),
      password: ({ password }) => passwordProblems(password),
      passwordRepeat: ({ password, passwordRepeat }) => passwordRepeatProblems(password, passwordRepeat),
    },
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ violations: readonly Violation[]; count: number } | null>(null);

  async function send() {
    if (!form.attemptSubmit()) return;
    const { values } = form;
    const body: RegisterBody = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      confirmEmail: values.confirmEmail.trim(),
      password: values.password,
      passwordRepeat: values.passwordRepeat,
    };
    setBusy(true);
    const result = await submit(body);
    setBusy(false);
    if (result.ok) {
      setFailure(null);
      onRegistered(result.data, body);
    } else {
      setFailure((previous) => ({ violations: result.data.violations, count: (previous?.count ?? 0) + 1 }));
    }
  }

  return (
    <ValidatedForm
      summary={form.summary}
      attempt={form.attempt}
      onSubmit={() => void send()}
      submitLabel={submitLabel}
      busy={busy}
      busyLabel="Creating your account…"
      before={
        failure ? (
          <FocusOnArrival key={failure.count}>
            <ViolationsBox title="We could not create your account" violations={failure.violations} />
          </FocusOnArrival>
        ) : null
      }
    >
      <TextField {...form.field("firstName")} label={labels.firstName} autoComplete="given-name" />
      <TextField {...form.field("lastName")} label={labels.lastName} autoComplete="family-name" />
      <TextField
        {...form.field("email")}
        label={labels.email}
        hint="We will send you an email to check it is yours."
        type="email"
        autoComplete="email"
      />
      <TextField
        {...form.field("confirmEmail")}
        label={labels.confirmEmail}
        hint="Type your email address again, so we can be sure it is right."
        type="email"
        autoComplete="email"
      />
      <PasswordField
        {...form.field("password")}
        label={labels.password}
        hint={<PasswordRulesHint />}
        autoComplete="new-password"
      />
      <PasswordField
        {...form.field("passwordRepeat")}
        label={labels.passwordRepeat}
        autoComplete="new-password"
      />
    </ValidatedForm>
  );
}
