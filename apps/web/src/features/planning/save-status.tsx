"use client";

import { useSaveStatus } from "./use-save-status";
import { useSignedIn } from "../../lib/use-signed-in";

const timeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });

/**
 * Says, quietly, whether the plan is saved and when, and, honestly, where: a guest's plan is
 * kept in this browser for now; only an account keeps it for good and on any device.
 */
export function SaveStatus() {
  const status = useSaveStatus();
  const signedIn = useSignedIn();
  let text = "";
  if (status.state === "saving") text = "Saving your plan…";
  if (status.state === "saved") {
    const at = timeFormat.format(status.at);
    text = signedIn
      ? `Your plan was saved to your account at ${at}`
      : `Saved in this browser for now, at ${at}. Create an account to keep your plan for good.`;
  }
  if (status.state === "failed") text = status.message;
  return (
    <p className={`save-status save-status--${status.state}`} role="status" data-testid="save-status">
      {text}
    </p>
  );
}
