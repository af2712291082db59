"use client";

import { useSaveStatus } from "./use-save-status";

const timeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });

/** Says, quietly, whether the plan is saved and when. */
export function SaveStatus() {
  const status = useSaveStatus();
  let text = "";
  if (status.state === "saving") text = "Saving your plan…";
  if (status.state === "saved") text = `Your plan was saved at ${timeFormat.format(status.at)}`;
  if (status.state === "failed") text = status.message;
  return (
    <p className={`save-status save-status--${status.state}`} role="status" data-testid="save-status">
      {text}
    </p>
  );
}
