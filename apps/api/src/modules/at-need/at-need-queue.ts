/**
 * The at-need queue and its jobs (decision 040): a report to match to a plan, or an email about a
 * case, written when the job runs from what is stored then.
 */
export const atNeedQueue = "at-need";

export type AtNeedJob =
  | { reportId: string }
  | { caseId: string; email: "death-reported" | "funeral-instruction" | "death-notified" };
