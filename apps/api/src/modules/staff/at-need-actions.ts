import type { CloseAtNeedCaseBody, MatchAtNeedCaseBody } from "@kindred/contracts";
import type { AtNeedForStaff } from "../at-need";
import { recordStaffAction, type AuditContext } from "./audit-log";

/**
 * The at-need queue's actions on a report that matched no plan (issue 50 item 8): matched to the
 * plan staff found (then reported, and everyone on the plan told, as decision 040 has it), or
 * closed as not one of ours, with the reason. At-need does each under the case's row lock; the
 * audit entry is written in its transaction. The note and the reason are the member's own words
 * about a family: the log says one was written, never what.
 */

export function matchAtNeedCase(
  audit: AuditContext,
  caseId: string,
  { plan, note }: MatchAtNeedCaseBody,
  atNeed: AtNeedForStaff,
) {
  return atNeed.matchToPlan(caseId, plan, { by: audit.staffMemberId!, note }, (transaction, planId) =>
    recordStaffAction(transaction, audit, {
      action: "at-need-case.matched",
      planId,
      detail: { caseId, from: "unmatched", to: "reported", noted: true },
    }),
  );
}

export function closeAtNeedCase(
  audit: AuditContext,
  caseId: string,
  { reason }: CloseAtNeedCaseBody,
  atNeed: AtNeedForStaff,
) {
  return atNeed.closeAsNotOurs(caseId, { by: audit.staffMemberId!, note: reason }, (transaction) =>
    recordStaffAction(transaction, audit, {
      action: "at-need-case.closed",
      detail: { caseId, from: "unmatched", to: "closed", reasonGiven: true },
    }),
  );
}
