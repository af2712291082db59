"use client";

import { useId } from "react";
import { formatPrice, type Pence } from "@kindred/domain";
import { continuePlan } from "../lib/continue-plan";

/**
 * The payment page (the purchase's `purchasePaths.plan`): with the plan's Direct Debit already set
 * up it asks only for the deposit by card, then goes on to the plan's complete page.
 */
const paymentPage = "/purchase/plan";

/**
 * "Pay your deposit": makes `planId` this browser's plan and opens the payment page with a full
 * page load, as "Continue to payment" does, so the purchase screens start from the server with it.
 */
export function PayYourDepositLink({ planId, describedBy }: { planId: string; describedBy?: string }) {
  return (
    <a
      className="button"
      href={paymentPage}
      aria-describedby={describedBy}
      onClick={() => continuePlan(planId)}
    >
      Pay your deposit
    </a>
  );
}

/**
 * A deposit still to pay (issue 25 item 1; the plan payments' `depositOwed`): the Direct Debit for
 * the monthly payments is set up, and the deposit, paid by card, is not. Says so and offers the way
 * to pay it, in the account's plan and on the complete page.
 */
export function DepositStillToPay({
  planId,
  amount,
  headingLevel = 2,
}: {
  planId: string;
  amount: Pence;
  headingLevel?: 1 | 2;
}) {
  const headingId = useId();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className="info-box" aria-labelledby={headingId}>
      <Heading id={headingId} className="info-box__title">
        Your deposit of {formatPrice(amount)} is still to pay
      </Heading>
      <p>
        Your Direct Debit for the monthly payments is set up. The deposit is paid by card, and it has not been
        paid yet.
      </p>
      <p>
        <PayYourDepositLink planId={planId} />
      </p>
    </section>
  );
}
