"use client";

import Link from "next/link";
import { useState } from "react";
import { messages } from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { signInWithLink, type SignInResult } from "../../lib/customer-session";
import styles from "./account.module.css";

/**
 * /account/sign-in-link?id&token, from the link emailed to an owner while someone guesses at
 * their password (decision 038). Nothing happens on arrival: an email scanner that opens the
 * link must not use it up. The person presses the button; signed in, their account page loads
 * afresh, as after any sign-in (the page's header then shows them signed in).
 */
export function SignInLinkScreen({
  id,
  token,
  signInWith = signInWithLink,
  loadPage = (path) => window.location.assign(path),
}: {
  id: string;
  token: string;
  signInWith?: (id: string, token: string) => Promise<SignInResult>;
  loadPage?: (path: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(
    id === "" || token === "" ? messages.signInLinkInvalid : null,
  );

  async function signInWithTheLink() {
    setBusy(true);
    const result = await signInWith(id, token);
    if (result.ok) {
      loadPage("/account");
      return;
    }
    setBusy(false);
    setFailure(result.message);
  }

  return (
    <div className={`page-width plain-page ${styles.page}`}>
      <h1>Sign in to your account</h1>
      {failure !== null ? (
        <FocusOnArrival>
          <div className="error-box" role="alert">
            <h2 className="error-box__title">We could not sign you in with this link</h2>
            <p>{failure}</p>
          </div>
          <p>
            <Link href="/account" className="button">
              Sign in with your password
            </Link>
          </p>
          <p>
            <Link href="/forgotten-password">Choose a new password</Link>
          </p>
        </FocusOnArrival>
      ) : (
        <>
          <p>
            This link signs you in once, on this device, without waiting. After that, this device can sign in
            as usual with your password.
          </p>
          <button type="button" className="button" onClick={() => void signInWithTheLink()} disabled={busy}>
            {busy ? "Signing you in…" : "Sign me in"}
          </button>
        </>
      )}
    </div>
  );
}
