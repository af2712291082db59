"use client";

import { useSaveStatus } from "./use-save-status";
import { useSignedIn } from "../../lib/use-signed-in";

/**
 * The time on this device's clock, as en-GB writes it: "09:05". Written out rather than with
 * `Intl.DateTimeFormat`, whose first use on a page costs the browser 15 to 20 ms (decision 033).
 */
function clockTime(at: Date): string {
  const twoDigits = (value: number) => String(value).padStart(2, "0");
  return `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}

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
    const at = clockTime(status.at);
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
