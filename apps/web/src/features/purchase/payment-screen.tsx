"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type {
  CreateDirectDebitResponse,
  DirectDebitResponse,
  PlanPaymentsResponse,
} from "@kindred/contracts";
import {
  formatLongDate,
  formatPrice,
  monthlyPaymentsInWords,
  type Pence,
  purchaseMessages,
  supportPhone,
} from "@kindred/domain";
import { BackLink } from "../../components/back-link";
import { DirectDebitDetails } from "../../components/direct-debit-details";
import { DirectDebitGuarantee } from "../../components/direct-debit-guarantee";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { LoadingSpinner } from "../../components/loading-spinner";
import { CallUs } from "../../components/phone-link";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { planQueries } from "../../lib/plan-queries";
import { usePurchasePlan } from "../../lib/purchase-plan";
import { CardPayment } from "./card-payment";
import { DirectDebitForm } from "./direct-debit-form";
import { completePath, purchasePaths } from "./purchase-paths";
import styles from "./payment.module.css";

/** A mandate that can collect: one that failed or was cancelled has to be set up again. */
function liveMandate(directDebit: DirectDebitResponse | null): DirectDebitResponse | null {
  return directDebit && (directDebit.status === "pending_submission" || directDebit.status === "active")
    ? directDebit
    : null;
}

/** The advance notice of the collections: the first one's date and amount, then the rest. */
interface AdvanceNotice {
  first: { date: string; amount: Pence };
  count: number;
  regular: Pence;
  last: string | null;
  /** Each monthly payment, in order. */
  amounts: Pence[];
}

function noticeFrom(
  payments: PlanPaymentsResponse,
  created: CreateDirectDebitResponse | null,
): AdvanceNotice | null {
  const planned =
    payments.collections.length > 0 ? payments.collections : (payments.schedule?.instalments ?? []);
  const first = created?.firstCollection ?? planned[0];
  if (!first) return null;
  return {
    first: { date: first.date, amount: first.amount },
    count: created?.instalments ?? planned.length,
    regular: planned[1]?.amount ?? first.amount,
    last: planned.at(-1)?.date ?? null,
    amounts: planned.map((each) => each.amount),
  };
}

/**
 * `/purchase/plan` (issue 10 item 2): paying for the plan as the person chose on the previous
 * page. For a deposit, first the Direct Debit for the monthly payments (with its Guarantee and
 * the advance notice of the first collection), then the deposit by card; for a full payment, the
 * card alone. Once the card payment is confirmed the person goes to `/purchase/complete`.
 */
export function PaymentScreen() {
  const { planId } = usePurchasePlan();
  const router = useRouter();
  const queryClient = useQueryClient();
  const payments = useQuery(planQueries.payments(planId));
  const [created, setCreated] = useState<CreateDirectDebitResponse | null>(null);

  const data = payments.data;
  const choice = data?.choice ?? null;
  const mandate = created?.directDebit ?? liveMandate(data?.directDebit ?? null);
  const needsMandate = choice?.option === "deposit" && !mandate;
  const cardPaid =
    data !== undefined &&
    choice !== null &&
    data.payments.some(
      (payment) => payment.status === "confirmed" && payment.paymentOption === choice.option,
    );
  const finished = cardPaid && !needsMandate;

  useEffect(() => {
    if (finished) router.replace(completePath(planId));
  }, [finished, planId, router]);

  const paid = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: planQueries.payments(planId).queryKey });
    router.push(completePath(planId));
  }, [planId, queryClient, router]);

  if (payments.status === "pending" || finished) {
    return (
      <div className="page-width journey-page">
        <LoadingSpinner label="Loading your payment…" />
      </div>
    );
  }
  if (payments.status === "error") {
    return (
      <div className="page-width journey-page">
        <ViolationsBox
          title="Sorry, we could not load your payment"
          violations={violationsOf(payments.error)}
        >
          <p>Please reload the page in a moment, or call us and we will help.</p>
          <CallUs className="call-us" />
        </ViolationsBox>
      </div>
    );
  }
  const plan = payments.data;
  if (plan.state === "cancelled") {
    return (
      <div className="page-width journey-page">
        <h1>This plan has been cancelled</h1>
        <p>{purchaseMessages.planCancelled}</p>
        <p>
          <Link href="/account">Go to your account</Link>
        </p>
      </div>
    );
  }
  if (!choice || !plan.schedule) {
    return (
      <div className="page-width journey-page">
        <BackLink href={purchasePaths.options} />
        <h1>Choose how to pay</h1>
        <p>{purchaseMessages.paymentChoiceNeeded}</p>
        <p>
          <Link href={purchasePaths.options}>Choose how you would like to pay</Link>
        </p>
      </div>
    );
  }

  // The Direct Debit ended before the plan was paid (issue 46 item 1): carry on from what was paid.
  if (plan.paymentsStopped && created === null) {
    return (
      <CarryOnPaying
        planId={planId}
        stopped={plan.paymentsStopped}
        onPaid={paid}
        onDirectDebit={(answer) => {
          setCreated(answer);
          void queryClient.invalidateQueries({ queryKey: planQueries.payments(planId).queryKey });
        }}
      />
    );
  }

  const schedule = plan.schedule;
  const notice = noticeFrom(plan, created);
  const nothingDoneYet = !mandate && plan.payments.every((payment) => payment.status !== "confirmed");
  // Back to pay the deposit of a Direct Debit set up on an earlier visit (from the account, the
  // complete page or the notice email: issue 25 item 1): the card comes first, the Direct Debit after.
  const depositOnly = choice.option === "deposit" && mandate !== null && created === null;

  const directDebitSection =
    choice.option === "deposit" ? (
      <section className={styles.section} aria-labelledby="direct-debit-heading">
        <h2 id="direct-debit-heading">
          {mandate ? "Your Direct Debit is set up" : "Step 1 of 2: set up your Direct Debit"}
        </h2>
        {mandate ? (
          <MandateDone mandate={mandate} notice={notice} announce={created !== null} />
        ) : (
          <>
            <p>
              Your monthly payments are collected by Direct Debit from a UK bank or building society account.
              Once it is set up, we tell you the date and amount of the first payment before anything is
              collected.
            </p>
            <DirectDebitForm
              planId={planId}
              onCreated={(answer) => {
                setCreated(answer);
                void queryClient.invalidateQueries({ queryKey: planQueries.payments(planId).queryKey });
              }}
            />
            <DirectDebitGuarantee />
          </>
        )}
      </section>
    ) : null;

  return (
    <div className={`page-width journey-page ${nothingDoneYet ? "" : styles.noBackLink}`}>
      {nothingDoneYet ? <BackLink href={purchasePaths.options} /> : null}
      <p className="caption">Buying your plan</p>
      <h1>
        {choice.option === "full"
          ? "Pay for your plan"
          : depositOnly
            ? "Pay your deposit"
            : "Set up your payments"}
      </h1>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt className="summary-list__key">
            {choice.option === "full" ? "Pay now by card" : "Deposit now by card"}
          </dt>
          <dd className="summary-list__value">{formatPrice(schedule.payNow)}</dd>
        </div>
        {choice.option === "deposit" && notice ? (
          <div className="summary-list__row">
            <dt className="summary-list__key">Then monthly by Direct Debit</dt>
            <dd className="summary-list__value">
              {monthlyPaymentsInWords(notice.amounts)}, starting {formatLongDate(notice.first.date)}
            </dd>
          </div>
        ) : null}
        <div className="summary-list__row">
          <dt className="summary-list__key">Total you will pay</dt>
          <dd className="summary-list__value">{formatPrice(schedule.totalPayable)}</dd>
        </div>
      </dl>
      {nothingDoneYet ? (
        <p>
          <Link href={purchasePaths.options}>Change how you pay</Link>
        </p>
      ) : null}

      {depositOnly ? null : directDebitSection}

      <section className={styles.section} aria-labelledby="card-heading">
        <h2 id="card-heading">
          {choice.option === "full"
            ? "Pay by card"
            : depositOnly
              ? "Pay your deposit by card"
              : "Step 2 of 2: pay your deposit by card"}
        </h2>
        {needsMandate ? (
          <p>
            Once your Direct Debit is set up, you can pay your deposit of {formatPrice(schedule.payNow)} here.
          </p>
        ) : (
          <>
            <p>
              {choice.option === "full"
                ? `Pay ${formatPrice(schedule.payNow)} by debit or credit card. This pays for your plan in full.`
                : `Pay your deposit of ${formatPrice(schedule.payNow)} by debit or credit card.`}{" "}
              You will be charged once, however many times the button is pressed.
            </p>
            <CardPayment
              planId={planId}
              paymentOption={choice.option}
              amount={schedule.payNow}
              onPaid={paid}
            />
          </>
        )}
      </section>

      {depositOnly ? directDebitSection : null}

      <section className={styles.section} aria-labelledby="your-rights-heading">
        <h2 id="your-rights-heading">Your rights</h2>
        <p>{purchaseMessages.cancellationStatement(supportPhone.display)}</p>
        <p>
          Kindred Funeral Plans is authorised and regulated by the Financial Conduct Authority, which sets
          strict rules on how the money for your plan is looked after.
        </p>
        <p>
          <Link href="/planning/documents">Read your plan documents again</Link>
        </p>
      </section>
    </div>
  );
}

/** The Direct Debit as set up: the account (its last four digits only), the advance notice, the Guarantee. */
function MandateDone({
  mandate,
  notice,
  announce,
}: {
  mandate: DirectDebitResponse;
  notice: AdvanceNotice | null;
  announce: boolean;
}) {
  const details = (
    <>
      <DirectDebitDetails mandate={mandate} />
      {notice ? (
        <>
          <h3>When your payments will be collected</h3>
          <p>
            Your first monthly payment of <strong>{formatPrice(notice.first.amount)}</strong> will be
            collected on <strong>{formatLongDate(notice.first.date)}</strong>.
            {notice.count > 1
              ? ` After that, ${formatPrice(notice.regular)} will be collected on the same day each month (or the next working day), ${notice.count} payments in all${notice.last ? `, the last on ${formatLongDate(notice.last)}` : ""}.`
              : null}
          </p>
          <p>
            It will show on your bank statement as Kindred Funeral Plans, with the reference{" "}
            {mandate.reference}.
          </p>
        </>
      ) : null}
      <DirectDebitGuarantee headingLevel={3} />
    </>
  );
  return announce ? <FocusOnArrival>{details}</FocusOnArrival> : details;
}

/**
 * Carrying on once the Direct Debit ended before the plan was paid (issue 46 item 1; decision
 * 044): never from the start. What was paid is kept, and either the rest of the price is paid by
 * card, or a new Direct Debit collects what is left over the months left of the plan's term (with
 * the deposit by card after, if it was never paid). The amounts are the API's (`paymentsStopped`).
 */
function CarryOnPaying({
  planId,
  stopped,
  onPaid,
  onDirectDebit,
}: {
  planId: string;
  stopped: NonNullable<PlanPaymentsResponse["paymentsStopped"]>;
  onPaid: () => void;
  onDirectDebit: (answer: CreateDirectDebitResponse) => void;
}) {
  const { instalments, depositStillOwed } = stopped.newDirectDebit;
  const first = instalments[0];
  const last = instalments.at(-1);
  return (
    <div className={`page-width journey-page ${styles.noBackLink}`}>
      <p className="caption">Your plan</p>
      <h1>Carry on paying for your plan</h1>
      <p>
        Your Direct Debit ended on {formatLongDate(stopped.endedOn)}, so nothing more will be collected from
        that account. Your plan has not been cancelled.
        {stopped.paidSoFar > 0
          ? ` The ${formatPrice(stopped.paidSoFar)} you have paid is kept towards it, and you do not need to start again.`
          : null}
      </p>
      {stopped.restByCard > 0 ? (
        <section className={styles.section} aria-labelledby="rest-by-card-heading">
          <h2 id="rest-by-card-heading">Pay the rest by card</h2>
          <p>
            Pay {formatPrice(stopped.restByCard)} by debit or credit card. This pays for your plan in full,
            with nothing more to pay. You will be charged once, however many times the button is pressed.
          </p>
          <CardPayment planId={planId} paymentOption="full" amount={stopped.restByCard} onPaid={onPaid} />
        </section>
      ) : null}
      {first && last ? (
        <section className={styles.section} aria-labelledby="new-direct-debit-heading">
          <h2 id="new-direct-debit-heading">
            {stopped.restByCard > 0 ? "Or set up a new Direct Debit" : "Set up a new Direct Debit"}
          </h2>
          <p>
            {instalments.length === 1
              ? `One payment of ${formatPrice(first.amount)} is collected on ${formatLongDate(first.date)}.`
              : `${instalments.length} monthly payments collect what is left: ${formatPrice(first.amount)} on ${formatLongDate(first.date)}, then ${formatPrice(instalments[1]?.amount ?? first.amount)} on the same day each month, the last on ${formatLongDate(last.date)}.`}
            {depositStillOwed > 0
              ? ` After that, you pay your deposit of ${formatPrice(depositStillOwed)} by card.`
              : null}
          </p>
          <DirectDebitForm planId={planId} onCreated={onDirectDebit} />
          <DirectDebitGuarantee />
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="talk-to-us-heading">
        <h2 id="talk-to-us-heading">If you would rather talk to us</h2>
        <p>
          If things are difficult at the moment, please call us. We will help you find a way that suits you.
        </p>
        <CallUs className="call-us" />
      </section>
    </div>
  );
}
