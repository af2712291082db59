/** A plan's money in words, as its customer's account and the back office's plan page both say it. */
import type { PlanPaymentsResponse } from "@kindred/contracts";
import { formatPrice, funeralStatusLabels } from "@kindred/domain";

/** How many monthly payments there are in all: those asked of the bank, or else the schedule's. */
export function instalmentCount(payments: PlanPaymentsResponse): number {
  return payments.collections.length > 0
    ? payments.collections.length
    : (payments.schedule?.instalments.length ?? 0);
}

/** Cancelled, whether or not every refund has reached the customer yet. */
export function isCancelled(payments: PlanPaymentsResponse): boolean {
  return payments.state === "cancelled" || payments.state === "cancellation_pending_refund";
}

/** A plan's state in words (issue 10 item 5; issue 22's states of a plan's money). */
export function planStateInWords(payments: PlanPaymentsResponse): string {
  switch (payments.state) {
    case "being_planned":
      return "Being planned";
    case "ready_to_pay":
      return "Ready to pay";
    case "payment_in_progress":
      return "Payment started, not finished";
    case "paid":
      return "Paid in full";
    case "paying_by_instalments":
      // The Direct Debit is set up and the deposit not yet paid (issue 25 item 1): that comes first.
      return payments.depositOwed === null
        ? `Paying by instalments: ${payments.collected} of ${instalmentCount(payments)} monthly payments collected`
        : `Paying by instalments: your deposit of ${formatPrice(payments.depositOwed)} is still to pay`;
    case "payments_stopped":
      return "Payments stopped: your Direct Debit has ended";
    case "cancellation_pending_refund":
      return `Cancelled: a refund of ${formatPrice(payments.refundOwed)} is on its way`;
    case "cancelled":
      return "Cancelled";
    case "funeral_requested":
      return funeralStatusLabels[payments.funeral?.status ?? "funeral_requested"];
  }
}

const collectionWords = {
  scheduled: "To be collected",
  submitted: "Being collected",
  collected: "Collected",
  failed: "Missed",
  cancelled: "Cancelled",
  refunded: "Refunded",
} as const;

export function collectionStatusInWords(status: keyof typeof collectionWords): string {
  return collectionWords[status];
}

const mandateWords = {
  pending_submission: "Being set up with your bank",
  active: "Active",
  failed: "Not set up: please call us",
  cancelled: "Cancelled",
} as const;

export function mandateStatusInWords(status: keyof typeof mandateWords): string {
  return mandateWords[status];
}
