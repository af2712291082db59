"use client";

import { useId, useState } from "react";
import Link from "next/link";
import type { RegisterBody } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { Modal } from "../../components/modal";
import { SuccessBox } from "../../components/success-box";
import { RegisterForm, type RegisterSubmit } from "./register-form";
import { SignInForm, type SignIn, type SignInResult } from "./sign-in-form";
import styles from "./account.module.css";

type View =
  | { kind: "sign-in" }
  | { kind: "register" }
  | { kind: "registered"; email: string; firstName: string }
  | { kind: "check-email"; email: string };

/**
 * The sign-in prompt: one form at a time (issue 8 item 6), Sign in first, with a way to create an
 * account instead. With `onRegistered` the account can be made right here (the journey's "Save
 * and continue later"); without it, "Create an account" goes to /register. A new account is told
 * to look for the email that confirms their address before the page carries on. Registering
 * answers the same when the address already has an account (its owner is emailed instead), so
 * when the new password does not sign them in, they are told to look at their email and sign in.
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
  /** Signs the new account in; the dialog then says to check their email, and carries on. */
  onRegistered?: (body: RegisterBody) => Promise<SignInResult>;
}) {
  const noticeId = useId();
  const [view, setView] = useState<View>({ kind: "sign-in" });
  // Once registered the person is signed in: however the dialog closes, the page starts afresh.
  const close = view.kind === "registered" ? onSignedIn : onClose;

  return (
    <Modal
      open={open}
      onClose={close}
      title="Sign in or create an account"
      size="prompt"
      describedBy={notice ? noticeId : undefined}
      intro={
        notice ? (
          <div className={styles.notice} id={noticeId}>
            <p>{notice}</p>
          </div>
        ) : undefined
      }
    >
      {view.kind === "sign-in" ? (
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
          <div className={styles.alternative}>
            <h3 className={styles.columnHeading}>New to Kindred?</h3>
            <p>
              With an account your plan is saved, so you can come back to it later on any phone, tablet or
              computer. Only you can see it.
            </p>
            {onRegistered ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setView({ kind: "register" })}
              >
                Create an account
              </button>
            ) : (
              <p>
                <Link href="/register" className="button button--secondary" onClick={onClose}>
                  Create an account
                </Link>
              </p>
            )}
          </div>
        </section>
      ) : view.kind === "register" && onRegistered ? (
        <section aria-labelledby={`${noticeId}-register`}>
          <h3 className={styles.columnHeading} id={`${noticeId}-register`}>
            Create an account
          </h3>
          <RegisterForm
            idPrefix="modal-register"
            submit={registerSubmit}
            onRegistered={(_registered, body) =>
              void onRegistered(body).then((signedIn) =>
                setView(
                  signedIn.ok
                    ? { kind: "registered", email: body.email, firstName: body.firstName }
                    : { kind: "check-email", email: body.email },
                ),
              )
            }
          />
          <p>
            Already have an account?{" "}
            <button type="button" className="link-button" onClick={() => setView({ kind: "sign-in" })}>
              Sign in instead
            </button>
          </p>
        </section>
      ) : view.kind === "check-email" ? (
        <FocusOnArrival>
          <div className={`${styles.notice} ${styles.checkEmail}`} role="status">
            <h3 className={styles.columnHeading}>Please check your email</h3>
            <p>We have sent an email to {view.email}.</p>
            <p>{messages.notSignedInAfterRegistering}</p>
          </div>
          <button type="button" className="button" onClick={() => setView({ kind: "sign-in" })}>
            Sign in
          </button>
        </FocusOnArrival>
      ) : view.kind === "registered" ? (
        <FocusOnArrival>
          <SuccessBox title={`Your account is ready, ${view.firstName}`}>
            <p>
              We have sent an email to {view.email}. Please click the link in it to confirm your address, so
              your documents reach you. Your plan is saved in your account.
            </p>
          </SuccessBox>
          <button type="button" className="button" onClick={onSignedIn}>
            Continue
          </button>
        </FocusOnArrival>
      ) : null}
    </Modal>
  );
}
