import { funeralStatuses, type AtNeedCaseStatus, type FuneralStatus } from "./at-need";
import * as staffMessages from "./staff-messages";

/**
 * Moving a funeral on from the staff work queues' at-need cases (issue 24 item 5;
 * docs/decisions/031-staff-back-office.md). Only staff code uses these rules, so they are apart
 * from at-need.ts, which customer pages load (telling us of a death, the account): a page that
 * loads them loads the staff back office's wording too (staff-messages.ts).
 */

/** What a member of staff may write with each step of a funeral: a note is required. */
const atNeedNoteMaximumLength = 2_000;

/** Where staff may move a case: a funeral's next step, or a report withdrawn as not right. */
export type AtNeedCaseStep = FuneralStatus | "withdrawn";

/**
 * Why a case cannot move from `current` to `next` (issue 24 item 5), or null when it may: a
 * reported death is confirmed (the funeral requested) or withdrawn, and only then; a funeral moves
 * one step at a time, requested, then arranged, then provided, never back and never past a step;
 * an unmatched case is matched to a plan first; a withdrawn report opens again only if we are told
 * again (docs/decisions/040-a-death-is-confirmed-first.md).
 */
export function funeralStepProblem(current: AtNeedCaseStatus, next: AtNeedCaseStep): string | null {
  if (current === "unmatched") return staffMessages.atNeedCaseUnmatched;
  if (current === "withdrawn") return staffMessages.atNeedCaseWithdrawn;
  if (current === "closed") return staffMessages.atNeedCaseClosed;
  if (current === "reported") {
    return next === "funeral_requested" || next === "withdrawn" ? null : staffMessages.deathNotConfirmedYet;
  }
  if (next === "withdrawn") return staffMessages.funeralAlreadyRequested;
  const from = funeralStatuses.indexOf(current);
  const to = funeralStatuses.indexOf(next);
  if (to === from) return staffMessages.funeralStatusSame;
  if (to < from) return staffMessages.funeralStatusBackwards;
  if (to > from + 1) return staffMessages.funeralStatusSkipped;
  return null;
}

/** What is wrong with a member of staff's note on a step, if anything. */
export function atNeedNoteProblems(note: string): string[] {
  if (note.trim() === "") return [staffMessages.atNeedNoteNeeded];
  if (note.length > atNeedNoteMaximumLength) return [staffMessages.atNeedNoteTooLong];
  return [];
}

/** What is wrong with staff's reason for closing a report as not one of our plans, if anything. */
export function closeReasonProblems(reason: string): string[] {
  if (reason.trim() === "") return [staffMessages.closeReasonNeeded];
  if (reason.length > atNeedNoteMaximumLength) return [staffMessages.atNeedNoteTooLong];
  return [];
}

/**
 * The at-need queue's filters (issue 50 item 8): every case still to act on; those matched to no
 * plan yet; those matched (reported or confirmed); those reported and waiting to be confirmed;
 * those confirmed, whose funeral is under way; and those closed as not one of our plans.
 */
export const atNeedQueueStages = ["open", "unmatched", "matched", "reported", "confirmed", "closed"] as const;
export type AtNeedQueueStage = (typeof atNeedQueueStages)[number];
export const atNeedQueueStageLabels: Record<AtNeedQueueStage, string> = {
  open: "Every case still to act on",
  unmatched: "Not matched to a plan",
  matched: "Matched to a plan",
  reported: "Matched, waiting to be confirmed",
  confirmed: "Confirmed: funeral requested or arranged",
  closed: "Closed as not one of our plans",
};
