"use client";

import { useState } from "react";
import Link from "next/link";
import { resetPasswordBodySchema, type ResetPasswordBody } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { FormShell } from "../../components/form-shell";
import { useFormFailure } from "../../components/use-form-failure";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { PasswordField } from "../../components/password-field";
import { SuccessBox } from "../../components/success-box";
import { ViolationsBox } from "../../components/violations-box";
import { resetPassword } from "./account-requests";
import { PasswordRulesHint } from "../../components/password-rules-hint";
import { SignInModal } from "./sign-in-modal";
import type { SignIn } from "../../lib/customer-session";
import { useSignInPrompt } from "./use-sign-in-prompt";
import styles from "./account.module.css";

const labels = { password: "New password", passwordRepeat: "Repeat your new password" } as const;

function AskForANewLink() {
  return (
    <p className={styles.boxAction}>
      <Link href="/forgotten-password">Ask for a new link</Link>
    </p>
  );
}

/**
 * /reset-password?id&token, from the emailed link: choose a new password (the same rules as a new
 * account), then sign in with it. A link that is used up or too old leads back to ask for another.
 */
export function ResetPasswordScreen({
  id,
  token,
  signIn,
  onSignedIn,
}: {
  id: string;
  token: string;
  signIn?: SignIn;
  onSignedIn?: () => void;
}) {
  // The form is the request body itself: the link's id and token ride along with the passwords.
  const form = useSchemaForm({
    schema: resetPasswordBodySchema,
    idPrefix: "reset-password",
    labels,
    defaultValues: { id, token, password: "", passwordRepeat: "" },
  });
  const password = useFormField(form, "password", ["passwordRepeat"]);
  const passwordRepeat = useFormField(form, "passwordRepeat");
  // What the API said once the password was changed; null until then.
  const [changed, setChanged] = useState<string | null>(null);
  const failure = useFormFailure(form.form);
  const prompt = useSignInPrompt({ signIn, onSignedIn });

  async function send(body: ResetPasswordBody) {
    const result = await resetPassword(body);
    if (result.ok) {
      failure.clear();
      setChanged(result.data.message || messages.passwordChanged);
    } else {
      failure.fail(result.data.violations);
    }
  }

  if (id === "" || token === "") {
    return (
      <div className={`page-width plain-page ${styles.page}`}>
        <h1>Choose a new password</h1>
        <ViolationsBox
          title="This link does not work"
          violations={[{ propertyPath: "Link", title: messages.resetLinkInvalid }]}
        >
          <AskForANewLink />
        </ViolationsBox>
      </div>
    );
  }

  return (
    <div className={`page-width plain-page ${styles.page}`}>
      <h1>Choose a new password</h1>
      {changed !== null ? (
        <FocusOnArrival>
          <SuccessBox title="Password changed">
            <p>{changed}</p>
          </SuccessBox>
          <button type="button" className="button" onClick={prompt.openSignIn}>
            Sign in
          </button>
        </FocusOnArrival>
      ) : (
        <FormShell
          form={form.form}
          summary={form.summary}
          onValid={send}
          submitLabel="Change my password"
          busyLabel="Changing your password…"
          before={failure.box("We could not change your password", <AskForANewLink />)}
        >
          <PasswordField
            {...password}
            label={labels.password}
            hint={<PasswordRulesHint />}
            autoComplete="new-password"
          />
          <PasswordField {...passwordRepeat} label={labels.passwordRepeat} autoComplete="new-password" />
        </FormShell>
      )}
      <SignInModal {...prompt.modalProps} />
    </div>
  );
}
