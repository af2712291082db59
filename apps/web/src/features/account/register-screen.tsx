"use client";

import { useState } from "react";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { SuccessBox } from "../../components/success-box";
import { RegisterForm } from "./register-form";
import { SignInModal } from "./sign-in-modal";
import type { SignIn } from "../../lib/customer-session";
import { useSignInPrompt } from "./use-sign-in-prompt";
import styles from "./account.module.css";

/** /register: make an account, then a page saying to look for the confirmation email. */
export function RegisterScreen({ signIn, onSignedIn }: { signIn?: SignIn; onSignedIn?: () => void }) {
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const prompt = useSignInPrompt({ signIn, onSignedIn });

  if (registeredEmail !== null) {
    return (
      <div className={`page-width plain-page ${styles.page}`}>
        <FocusOnArrival>
          <h1>Check your email</h1>
          <SuccessBox title="Thank you">
            <p>
              We have sent an email to <strong className={styles.email}>{registeredEmail}</strong>. Please
              follow the link in it to confirm your email address.
            </p>
          </SuccessBox>
          <p>
            If you already had an account with us, the email says so instead, and how to sign in or reset your
            password.
          </p>
          <p>
            If it has not arrived in a few minutes, look in your junk or spam folder. If you still cannot find
            it, call us and we will help.
          </p>
        </FocusOnArrival>
      </div>
    );
  }

  return (
    <div className={`page-width plain-page ${styles.page}`}>
      <h1>Create an account</h1>
      <p className="lead">
        With an account your plan is saved, so you can come back to it later on any phone, tablet or computer.
        Only you can see it.
      </p>
      <p>
        Already have an account?{" "}
        <button type="button" className={styles.linkButton} onClick={prompt.openSignIn}>
          Sign in
        </button>
      </p>
      <RegisterForm onRegistered={(_registered, body) => setRegisteredEmail(body.email.trim())} />
      <SignInModal {...prompt.modalProps} />
    </div>
  );
}
