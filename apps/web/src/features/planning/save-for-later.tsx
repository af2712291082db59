"use client";

import { useState, useSyncExternalStore } from "react";
import { isUserLoggedIn } from "../../lib/customer-session";
import { openSignInPrompt } from "../../lib/sign-in-prompt";
import { savePlanNow } from "./plan-autosave";

const subscribeToNothing = () => () => {};

/**
 * "Save and continue later": a guest is asked to create an account or sign in, which keeps this
 * plan; a signed-in person's plan is saved to their account straight away.
 */
export function SaveForLater() {
  const signedIn = useSyncExternalStore(subscribeToNothing, isUserLoggedIn, () => false);
  const [message, setMessage] = useState<string | null>(null);

  async function saveForLater() {
    setMessage(null);
    const planId = await savePlanNow();
    if (signedIn) {
      setMessage(
        planId
          ? "Your plan is saved to your account. Sign in at any time, on any device, to carry on."
          : "Your plan could not be saved just now. Please try again in a moment.",
      );
      return;
    }
    openSignInPrompt(planId ? { planId } : {});
  }

  return (
    <div className="save-for-later">
      <button type="button" className="button button--secondary" onClick={() => void saveForLater()}>
        Save and continue later
      </button>
      {message ? (
        <p className="success-box" role="status">
          {message}
        </p>
      ) : null}
    </div>
  );
}
