import type { StaffPlanResendBody } from "@kindred/contracts";
import type { MoneyEmail } from "@kindred/domain";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { isCompletedPayment } from "./paid-status";
import {
  planMoneyQueue,
  selectPlanMoneyRows,
  type PlanMoneyJob,
  type PlanMoneyRows,
} from "./plan-money-store";

/**
 * The plan's emails a member of staff may send again (issue 24 item 2; decision 031): the
 * confirmation of the purchase, with the plan summary and details, and the Direct Debit's advance
 * notice. Each is queued as the first was, on the plan's money queue, and written afresh from what
 * is stored when its job runs, so it says what stands now.
 */
export type ResendablePlanEmail = StaffPlanResendBody["what"];

/** The email `what` names for the plan: its first confirmed payment's, or its Direct Debit's; null without one. */
function emailToResend(rows: PlanMoneyRows, what: ResendablePlanEmail): MoneyEmail | null {
  if (what === "plan-confirmation") {
    const confirmed = rows.payments.find((row) => isCompletedPayment(row.status));
    return confirmed ? { kind: "plan-confirmed", paymentId: confirmed.id } : null;
  }
  const mandate = rows.mandates.at(-1);
  return mandate ? { kind: "direct-debit-notice", mandateId: mandate.id } : null;
}

/**
 * Queues `what` for the plan within `transaction` (the caller's audit record commits with it).
 * Answers false, queuing nothing, when the plan has none of that kind: no confirmed payment, or no
 * Direct Debit.
 */
export async function queuePlanEmailAgain(
  transaction: Database,
  jobQueue: JobQueue,
  planId: string,
  what: ResendablePlanEmail,
): Promise<boolean> {
  const rows = await selectPlanMoneyRows(transaction, planId);
  if (!rows) return false;
  const email = emailToResend(rows, what);
  if (!email) return false;
  await jobQueue.sendWithin(transaction, planMoneyQueue, {
    planId,
    effect: { type: "email", email },
  } satisfies PlanMoneyJob);
  return true;
}
