"use client";

import { registerBodySchema, type RegisterBody, type RegisteredResponse } from "@kindred/contracts";
import { FormShell } from "../../components/form-shell";
import { useFormFailure } from "../../components/use-form-failure";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { PasswordField } from "../../components/password-field";
import { TextField } from "../../components/text-field";
import type { ApiResult } from "../../lib/api-client";
import { registerAccount } from "./account-requests";
import { PasswordRulesHint } from "../../components/password-rules-hint";

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
 * A new account: names, email address twice and password twice, held to the API's own register
 * body schema (SPEC.md section 5's rules and messages). By default it posts to /api/account/register;
 * the journey passes `submit` to add its plan id, so the visitor's plan moves to the account.
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
  const form = useSchemaForm({
    schema: registerBodySchema,
    idPrefix,
    labels,
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      confirmEmail: "",
      password: "",
      passwordRepeat: "",
    },
  });
  const fields = {
    firstName: useFormField(form, "firstName"),
    lastName: useFormField(form, "lastName"),
    email: useFormField(form, "email", ["confirmEmail"]),
    confirmEmail: useFormField(form, "confirmEmail"),
    password: useFormField(form, "password", ["passwordRepeat"]),
    passwordRepeat: useFormField(form, "passwordRepeat"),
  };
  // Everything the API says goes in the box above the form.
  const failure = useFormFailure(form.form);

  async function send(values: RegisterBody) {
    const body: RegisterBody = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      confirmEmail: values.confirmEmail.trim(),
      password: values.password,
      passwordRepeat: values.passwordRepeat,
    };
    const result = await submit(body);
    if (result.ok) {
      failure.clear();
      onRegistered(result.data, body);
    } else {
      failure.fail(result.data.violations);
    }
  }

  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={send}
      submitLabel={submitLabel}
      busyLabel="Creating your account…"
      before={failure.box("We could not create your account")}
    >
      <TextField {...fields.firstName} label={labels.firstName} autoComplete="given-name" />
      <TextField {...fields.lastName} label={labels.lastName} autoComplete="family-name" />
      <TextField
        {...fields.email}
        label={labels.email}
        hint="We will send you an email to check it is yours."
        type="email"
        autoComplete="email"
      />
      <TextField
        {...fields.confirmEmail}
        label={labels.confirmEmail}
        hint="Type your email address again, so we can be sure it is right."
        type="email"
        autoComplete="email"
      />
      <PasswordField
        {...fields.password}
        label={labels.password}
        hint={<PasswordRulesHint />}
        autoComplete="new-password"
      />
      <PasswordField {...fields.passwordRepeat} label={labels.passwordRepeat} autoComplete="new-password" />
    </FormShell>
  );
}
