"use client";

import { useState } from "react";
import Link from "next/link";
import type { Violation } from "@kindred/contracts";
import { messages, passwordProblems, passwordRepeatProblems } from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { PasswordField } from "../../components/password-field";
import { SuccessBox } from "../../components/success-box";
import { ValidatedForm } from "../../components/validated-form";
import { ViolationsBox } from "../../components/violations-box";
import { useFormFields } from "../../lib/use-form-fields";
import { resetPassword } from "./account-requests";
import { PasswordRulesHint } from "./password-rules-hint";
import { SignInModal } from "./sign-in-modal";
import type { SignIn } from "../../lib/customer-session";
import { useSignInPrompt } from "./use-sign-in-prompt";
import styles from "./account.module.css";

const labels = { password: "New password", passwordRepeat: "Repeat your new password" } as const;

type Outcome =
  { kind: "changed"; message: string } | { kind: "failed"; violations: readonly Violation[]; count: number };

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
  const form = useFormFields({
    idPrefix: "reset-password",
    labels,
    initialValues: { password: "", passwordRepeat: "" },
    rules: {
      password: ({ password }) => passwordProblems(password),
      passwordRepeat: ({ password, passwordRepeat }) => passwordRepeatProblems(password, passwordRepeat),
    },
  });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const prompt = useSignInPrompt({ signIn, onSignedIn });

  async function send() {
    if (!form.attemptSubmit()) return;
    setBusy(true);
    const result = await resetPassword({
      id,
      token,
      password: form.values.password,
      passwordRepeat: form.values.passwordRepeat,
    });
    setBusy(false);
    if (result.ok) {
      setOutcome({ kind: "changed", message: result.data.message || messages.passwordChanged });
    } else {
      setOutcome((previous) => ({
        kind: "failed",
        violations: result.data.violations,
        count: previous?.kind === "failed" ? previous.count + 1 : 1,
      }));
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
      {outcome?.kind === "changed" ? (
        <FocusOnArrival>
          <SuccessBox title="Password changed">
            <p>{outcome.message}</p>
          </SuccessBox>
          <button type="button" className="button" onClick={prompt.openSignIn}>
            Sign in
          </button>
        </FocusOnArrival>
      ) : (
        <ValidatedForm
          summary={form.summary}
          attempt={form.attempt}
          onSubmit={() => void send()}
          submitLabel="Change my password"
          busy={busy}
          busyLabel="Changing your password…"
          before={
            outcome?.kind === "failed" ? (
              <FocusOnArrival key={outcome.count}>
                <ViolationsBox title="We could not change your password" violations={outcome.violations}>
                  <AskForANewLink />
                </ViolationsBox>
              </FocusOnArrival>
            ) : null
          }
        >
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
      )}
      <SignInModal {...prompt.modalProps} />
    </div>
  );
}
