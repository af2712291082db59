"use client";

import { useId } from "react";
import Link from "next/link";
import type { RegisterBody, RegisteredResponse } from "@kindred/contracts";
import { Modal } from "../../components/modal";
import { RegisterForm, type RegisterSubmit } from "./register-form";
import { SignInForm, type SignIn } from "./sign-in-form";
import styles from "./account.module.css";

/**
 * The sign-in prompt: "Sign in" beside "Create an account" (one above the other on phones).
 * With `onRegistered` the account can be made right here (the journey's "Save and continue
 * later"); without it, "Create an account" links to /register.
 */
export function SignInModal({
  open,
  onClose,
  notice,
  signIn,
  onSignedIn,
  registerSubmit,
  onRegistered,
}: {
  open: boolean;
  onClose: () => void;
  /** Shown at the top, such as SPEC.md's signed-out-for-your-security message. */
  notice?: string;
  signIn: SignIn;
  onSignedIn: () => void;
  registerSubmit?: RegisterSubmit;
  onRegistered?: (registered: RegisteredResponse, body: RegisterBody) => void;
}) {
  const noticeId = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Sign in or create an account"
      type="twin"
      size="sign-in"
      describedBy={notice ? noticeId : undefined}
      intro={
        notice ? (
          <div className={styles.notice} id={noticeId}>
            <p>{notice}</p>
          </div>
        ) : undefined
      }
    >
      <section aria-labelledby={`${noticeId}-sign-in`}>
        <h3 className={styles.columnHeading} id={`${noticeId}-sign-in`}>
          Sign in
        </h3>
        <p>If you already have an account, sign in to see and continue your plans.</p>
        <SignInForm
          idPrefix="modal-sign-in"
          signIn={signIn}
          onSignedIn={onSignedIn}
          onForgottenPassword={onClose}
        />
      </section>
      <section aria-labelledby={`${noticeId}-register`}>
        <h3 className={styles.columnHeading} id={`${noticeId}-register`}>
          Create an account
        </h3>
        <p>
          With an account your plan is saved, so you can come back to it later on any phone, tablet or
          computer. Only you can see it.
        </p>
        {onRegistered ? (
          <RegisterForm idPrefix="modal-register" submit={registerSubmit} onRegistered={onRegistered} />
        ) : (
          <p>
            <Link href="/register" className="button button--secondary" onClick={onClose}>
              Create an account
            </Link>
          </p>
        )}
      </section>
    </Modal>
  );
}
