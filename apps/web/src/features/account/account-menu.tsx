"use client";

import Link from "next/link";
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import type { RegisterBody, RegisteredResponse } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { apiRequest, type ApiResult } from "../../lib/api-client";
import { expireSession, isUserLoggedIn, signIn, signOut } from "../../lib/customer-session";
import {
  closeSignInPrompt,
  getSignInPrompt,
  openSignInPrompt,
  subscribeToSignInPrompt,
  type SignInPrompt,
} from "../../lib/sign-in-prompt";
import { readLocal, removeLocal } from "../../lib/storage";
import { isTokenValid, readTokenSession, whenSignedInSessionEnds } from "../../lib/token-session";
import { useSignedIn } from "../../lib/use-signed-in";
// The prompt and its forms load only when first opened, keeping every page's first load light.
const SignInModal = lazy(() => import("./sign-in-modal").then((module) => ({ default: module.SignInModal })));

const closedPrompt: SignInPrompt = { open: false };

/**
 * The header's account links and the sign-in prompt behind them. It also watches the signed-in
 * session: when it runs out the person goes to the home page, where the prompt opens with the
 * logged-out-expired notice (SPEC.md section 4).
 */
export function AccountMenu() {
  const prompt = useSyncExternalStore(subscribeToSignInPrompt, getSignInPrompt, () => closedPrompt);
  const signedIn = useSignedIn();
  const [name, setName] = useState<string | null>(null);

  useEffect(() => {
    whenSignedInSessionEnds(expireSession);
    const userName = readLocal("userName");
    if (typeof userName === "string") setName(userName);
    if (readLocal("logInExpired") === true) {
      removeLocal("logInExpired");
      openSignInPrompt({ notice: messages.loggedOutExpired });
    }
    // A signed-in session ends when its token does, even if the person is only reading.
    const session = readTokenSession();
    if (!isUserLoggedIn() || !isTokenValid(session)) return;
    const timer = setTimeout(expireSession, session.setAt + session.expiry * 1000 - Date.now());
    return () => clearTimeout(timer);
  }, []);

  function afterSignIn() {
    closeSignInPrompt();
    // The page starts again signed in: the header, the saved plan and autosave all pick it up.
    window.location.reload();
  }

  function registerSubmit(body: RegisterBody): Promise<ApiResult<RegisteredResponse>> {
    // From the journey, the visitor's plan moves to the new account with it.
    return apiRequest<RegisteredResponse>("/api/account/register", {
      method: "POST",
      body: prompt.planId ? { ...body, planId: prompt.planId } : body,
    });
  }

  // The new account is signed in at once; the dialog then asks them to look for the confirmation
  // email, and its Continue starts the page afresh.
  function afterRegistering(body: RegisterBody) {
    return signIn(body.email, body.password);
  }

  return (
    <div className="account-menu">
      {signedIn ? (
        <>
          <span className="account-menu__name">{name ? `Signed in as ${name}` : "Signed in"}</span>
          <Link href="/account">Your account</Link>
          <button type="button" className="account-menu__button" onClick={() => void signOut()}>
            Sign out
          </button>
        </>
      ) : (
        // A link to the account page, which opens the prompt itself, so Sign in works from the first
        // paint: on a slow phone, pressed before this script runs, it still leads to signing in.
        // Once it runs, the prompt opens in place (an ordinary click), keeping the person's page.
        <a
          href="/account"
          className="account-menu__button"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
              return;
            event.preventDefault();
            openSignInPrompt();
          }}
        >
          Sign in
        </a>
      )}
      {prompt.open ? (
        <Suspense fallback={null}>
          <SignInModal
            open={prompt.open}
            onClose={closeSignInPrompt}
            notice={prompt.notice}
            signIn={signIn}
            onSignedIn={afterSignIn}
            registerSubmit={registerSubmit}
            onRegistered={afterRegistering}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
