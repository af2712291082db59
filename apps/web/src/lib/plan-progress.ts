import type { PlanPaymentsResponse } from "@kindred/contracts";

/**
 * Not bought yet: still to plan, or to pay for (a payment may be under way). Only such a plan
 * can be the journey's plan; a plan bought, cancelled or whose funeral was requested is closed
 * to change (issue 25 item 2). Here, below the features, so the journey and the account ask the
 * same rule.
 */
export function isPlanUnfinished(payments: PlanPaymentsResponse): boolean {
  return (
    payments.state === "being_planned" ||
    payments.state === "ready_to_pay" ||
    payments.state === "payment_in_progress"
  );
}
