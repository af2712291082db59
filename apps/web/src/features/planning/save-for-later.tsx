"use client";

import { messages } from "@kindred/domain";
import { useState } from "react";
import { openSignInPrompt } from "../../lib/sign-in-prompt";
import { savePlanNow } from "./plan-autosave";
import { useSignedIn } from "../../lib/use-signed-in";

type Feedback = { kind: "success" | "error"; text: string } | null;

/**
 * "Save and continue later": a guest is asked to create an account or sign in, which keeps this
 * plan; a signed-in person's plan is saved to their account straight away.
 */
export function SaveForLater() {
  const signedIn = useSignedIn();
  const [feedback, setFeedback] = useState<Feedback>(null);

  async function saveForLater() {
    setFeedback(null);
    const saved = await savePlanNow();
    if (saved.outcome === "nothing-to-save") {
      setFeedback({ kind: "error", text: messages.nothingToSave });
      return;
    }
    if (saved.outcome === "failed") {
      setFeedback({ kind: "error", text: saved.message });
      return;
    }
    if (signedIn) {
      setFeedback({
        kind: "success",
        text: `${messages.saved} Your plan is in your account. Sign in at any time, on any device, to carry on.`,
      });
      return;
    }
    // A guest's plan is kept in this browser only; an account keeps it for good.
    openSignInPrompt({ planId: saved.planId });
  }

  return (
    <div className="save-for-later">
      <button type="button" className="button button--secondary" onClick={() => void saveForLater()}>
        Save and continue later
      </button>
      {feedback?.kind === "success" ? (
        <p className="success-box" role="status">
          {feedback.text}
        </p>
      ) : null}
      {feedback?.kind === "error" ? (
        <p className="error-box" role="alert">
          {feedback.text}
        </p>
      ) : null}
    </div>
  );
}
