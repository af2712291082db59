"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { PlanPaymentsResponse } from "@kindred/contracts";
import { firmDetails, formatLongDate, formatPrice, journeyStepPath } from "@kindred/domain";
import { DepositStillToPay } from "../../components/deposit-still-to-pay";
import { LoadingSpinner } from "../../components/loading-spinner";
import { CallUs } from "../../components/phone-link";
import { PlanDocumentDownloads } from "../../components/plan-document-downloads";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { isUserLoggedIn } from "../../lib/customer-session";
import { planQueries } from "../../lib/plan-queries";
import { readLocal } from "../../lib/storage";
import { useSignedIn } from "../../lib/use-signed-in";
import { purchasePaths } from "./purchase-paths";
import styles from "./payment.module.css";

function storedString(key: "planId" | "userEmail"): string {
  const value = readLocal(key);
  return typeof value === "string" ? value : "";
}

/**
 * `/purchase/complete` (issue 10 item 3): the plan is bought. What was paid, the plan's
 * reference, what happens next, its two documents to download and the way to the account.
 * SPEC.md's route guard: someone not signed in is sent to the first question. The plan is the
 * one named in the address (`?plan=`), or else the one this browser holds.
 */
export function PurchaseCompleteScreen({ planId: named }: { planId: string }) {
  const router = useRouter();
  const signedIn = useSignedIn();

  useEffect(() => {
    if (!isUserLoggedIn()) router.replace(journeyStepPath("attendance"));
  }, [router]);

  if (!signedIn) {
    return (
      <div className="page-width plain-page">
        <LoadingSpinner label="Loading your plan…" />
      </div>
    );
  }
  const planId = named || storedString("planId");
  if (!planId) {
    return (
      <div className="page-width plain-page">
        <h1>We could not tell which plan this is</h1>
        <p>
          You can see all your plans in <Link href="/account">your account</Link>.
        </p>
      </div>
    );
  }
  return <Complete planId={planId} />;
}

function Complete({ planId }: { planId: string }) {
  const payments = useQuery(planQueries.payments(planId));

  if (payments.status === "pending") {
    return (
      <div className="page-width plain-page">
        <LoadingSpinner label="Loading your plan…" />
      </div>
    );
  }
  if (payments.status === "error") {
    return (
      <div className="page-width plain-page">
        <ViolationsBox title="Sorry, we could not load your plan" violations={violationsOf(payments.error)}>
          <p>Your payment is safe. Please reload the page in a moment, or call us and we will help.</p>
          <CallUs className="call-us" />
        </ViolationsBox>
      </div>
    );
  }
  const plan = payments.data;
  if (plan.state !== "paid" && plan.state !== "paying_by_instalments") {
    return (
      <div className="page-width plain-page">
        <h1>
          {plan.state === "cancelled" ? "This plan has been cancelled" : "This plan is not paid for yet"}
        </h1>
        {plan.state === "cancelled" ? (
          <p>
            You can see what is refunded in{" "}
            <Link href={`/account?plan=${encodeURIComponent(planId)}`}>your account</Link>.
          </p>
        ) : (
          <p>
            <Link href={purchasePaths.plan}>Go back to paying for your plan</Link>
          </p>
        )}
      </div>
    );
  }
  return <Bought planId={planId} plan={plan} />;
}

function Bought({ planId, plan }: { planId: string; plan: PlanPaymentsResponse }) {
  const email = storedString("userEmail");
  const byInstalments = plan.choice?.option === "deposit";
  const paidByCard = plan.payments.find((payment) => payment.status === "confirmed");
  const firstCollection = plan.collections[0] ?? plan.schedule?.instalments[0];
  // The Direct Debit is set up and the deposit not yet paid (issue 25 item 1): no thanks for a
  // payment not made, and its documents and funeral director follow the deposit.
  const depositOwed = plan.depositOwed;

  return (
    <div className={`page-width plain-page ${styles.complete}`}>
      {depositOwed !== null ? (
        <DepositStillToPay planId={planId} amount={depositOwed} headingLevel={1} />
      ) : (
        <div className="success-box" role="status">
          <h1 className="success-box__title">
            {byInstalments ? "Thank you. Your plan is set up" : "Thank you. Your plan is paid for"}
          </h1>
          <p>
            {byInstalments
              ? `Your deposit${paidByCard ? ` of ${formatPrice(paidByCard.amount)}` : ""} is paid and your Direct Debit is set up.`
              : `You have paid${paidByCard ? ` ${formatPrice(paidByCard.amount)}` : ""} for your funeral plan in full.`}
          </p>
        </div>
      )}
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt className="summary-list__key">Plan reference</dt>
          <dd className="summary-list__value">{plan.planReference}</dd>
        </div>
        {plan.schedule ? (
          <div className="summary-list__row">
            <dt className="summary-list__key">{byInstalments ? "Total you will pay" : "Total paid"}</dt>
            <dd className="summary-list__value">{formatPrice(plan.schedule.totalPayable)}</dd>
          </div>
        ) : null}
      </dl>

      <h2>What happens next</h2>
      <ul className={styles.nextSteps}>
        {depositOwed !== null ? (
          <li>
            Once your deposit is paid, we will email your plan documents to you{email ? ` at ${email}` : ""}{" "}
            and let your chosen funeral director know about your plan.
          </li>
        ) : (
          <>
            <li>
              We will email your plan documents to you{email ? ` at ${email}` : ""}. If they do not arrive,
              please look in your junk or spam folder, or call us.
            </li>
            <li>
              We let your chosen funeral director know about your plan, so they are ready when the time comes.
            </li>
          </>
        )}
        {byInstalments && firstCollection ? (
          <li>
            Your first monthly payment of {formatPrice(firstCollection.amount)} will be collected by Direct
            Debit on {formatLongDate(firstCollection.date)}.
          </li>
        ) : null}
        <li>Please tell the people close to you about your plan, and where to find its documents.</li>
      </ul>

      <h2>Your plan documents</h2>
      <p>You can download them now, and find them in your account whenever you need them.</p>
      <PlanDocumentDownloads planId={planId} />

      <h2>If you have a question</h2>
      <p>
        Call us, or email <a href={`mailto:${firmDetails.email}`}>{firmDetails.email}</a>. Please have your
        plan reference to hand.
      </p>
      <CallUs className="call-us" />
      <p>
        <Link href={`/account?plan=${encodeURIComponent(planId)}`} className="button">
          Go to your account
        </Link>
      </p>
    </div>
  );
}
