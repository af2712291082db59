import { formatPrice, refundDeadlineInWords } from "@kindred/domain";
import { z } from "zod";
import { compose, recipientSchema, type EmailContent } from "./layout";

/** Sent when a plan is cancelled: the refund of everything paid, within the days `refundDeadlineInWords` says. */
export const planCancelledSchema = z.object({
  kind: z.literal("plan-cancelled"),
  to: recipientSchema,
  firstName: z.string(),
  planReference: z.string(),
  /** In pence; nothing when nothing had been paid. */
  refund: z.int(),
  /**
   * Who cancelled: the customer, or we did (a missed-payments case closed as cancelled with a
   * refund). An email queued before this was known was the customer's own cancellation.
   */
  cancelledBy: z.enum(["customer", "us"]).default("customer"),
});

export function renderPlanCancelled({
  firstName,
  planReference,
  refund,
  cancelledBy,
}: z.input<typeof planCancelledSchema>): EmailContent {
  const byUs = cancelledBy === "us";
  return compose("Your funeral plan has been cancelled", firstName, [
    {
      paragraph: byUs
        ? `We have cancelled funeral plan ${planReference}, after the missed payments we wrote to you about. There is no fee for cancelling.`
        : `As you asked, we have cancelled funeral plan ${planReference}. There is no fee for cancelling.`,
    },
    {
      paragraph:
        refund > 0
          ? `We will refund everything you have paid, ${formatPrice(refund)}, to the card or bank account it came from ${refundDeadlineInWords}. Most refunds arrive within a week.`
          : "Nothing had been paid for this plan, so there is nothing to refund.",
    },
    { paragraph: "Any Direct Debit for the plan has been cancelled, and no more payments will be taken." },
    {
      paragraph: byUs
        ? "If you would like to talk this through, or to plan again, please call us. We are here to help."
        : "If you cancelled by mistake, or would like to talk anything through, please call us. We are sorry to see you go.",
    },
  ]);
}
