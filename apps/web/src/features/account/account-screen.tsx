"use client";

import Link from "next/link";
import { useQueries, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import type {
  PlanPaymentsResponse,
  PlanPeopleResponse,
  PlanReferralResponse,
  PlanResponse,
} from "@kindred/contracts";
import { atNeedPhone, formatLongDate, formatPrice } from "@kindred/domain";
import { LoadingSpinner } from "../../components/loading-spinner";
import { PayYourDepositLink } from "../../components/deposit-still-to-pay";
import { CallTheAtNeedLine, CallUs } from "../../components/phone-link";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { continuePlan } from "../../lib/continue-plan";
import { isUserLoggedIn } from "../../lib/customer-session";
import { isPlanUnfinished } from "../../lib/plan-progress";
import { planQueries } from "../../lib/plan-queries";
import { referralQueries } from "../../lib/referral-queries";
import { openSignInPrompt } from "../../lib/sign-in-prompt";
import { useHydrated } from "../../lib/use-hydrated";
import { planName } from "./plan-name";
import { planStateInWords } from "../../lib/plan-state";
import { YourData } from "./your-data";
import styles from "./account.module.css";

// One plan's page (its payments, documents, contact details form and cancelling) is loaded when a
// plan is opened, so the list of plans does not carry its forms and dialogs (decision 033).
const AccountPlanView = lazy(() =>
  import("./account-plan-view").then((module) => ({ default: module.AccountPlanView })),
);

/**
 * `/account` (SPEC.md section 2: the dashboard and single-plan views): the signed-in customer's
 * plans, each with its state in words and the way on; `/account?plan={id}` is one plan. Someone
 * not signed in is asked to sign in, and the page starts again signed in.
 */
export function AccountScreen({ planId }: { planId: string }) {
  const hydrated = useHydrated();
  const signedIn = hydrated && isUserLoggedIn();

  useEffect(() => {
    if (!isUserLoggedIn()) openSignInPrompt();
  }, []);

  if (!hydrated) {
    return (
      <div className={`page-width plain-page screen-tall ${styles.wide}`}>
        <LoadingSpinner label="Loading your account…" />
      </div>
    );
  }
  if (!signedIn) {
    return (
      <div className={`page-width plain-page screen-tall ${styles.page}`}>
        <h1>Your account</h1>
        <p className="lead">Sign in to see your plans, their payments and their documents.</p>
        <button type="button" className="button" onClick={() => openSignInPrompt()}>
          Sign in
        </button>
        <p className={styles.afterButton}>
          New here? <Link href="/planning">Start planning a funeral</Link>, and create your account as you go.
        </p>
      </div>
    );
  }
  return (
    <div className={`page-width plain-page screen-tall ${styles.wide}`}>
      {planId ? (
        <Suspense fallback={<LoadingSpinner label="Loading your plan…" />}>
          <AccountPlanView planId={planId} />
        </Suspense>
      ) : (
        <Dashboard />
      )}
    </div>
  );
}

function Dashboard() {
  const plans = useQuery(planQueries.saved());
  const cards = usePlanCards(plans.data ?? []);

  // Each plan's card is drawn whole, with its name, its state and its way on, so nothing on the
  // page moves as their answers come (issue 28: no layout shift).
  if (plans.status === "pending" || cards.pending) return <LoadingSpinner label="Loading your plans…" />;
  if (plans.status === "error") {
    return (
      <>
        <h1>Your plans</h1>
        <ViolationsBox title="Sorry, we could not load your plans" violations={violationsOf(plans.error)}>
          <p>Please reload the page in a moment, or call us and we will help.</p>
          <CallUs className="call-us" />
        </ViolationsBox>
      </>
    );
  }
  return (
    <>
      <h1>Your plans</h1>
      {plans.data.length === 0 ? (
        <>
          <p>You have no plans yet.</p>
          <Link href="/planning" className="button">
            Start planning
          </Link>
        </>
      ) : (
        <ul className={styles.planList}>
          {plans.data.map((plan, index) => (
            <PlanCard key={plan.id} plan={plan} {...cards.of(index)} />
          ))}
        </ul>
      )}
      <section className={styles.section} aria-labelledby="question-heading">
        <h2 id="question-heading">If you have a question</h2>
        <CallUs className="call-us" />
      </section>
      <section className={styles.section} aria-labelledby="someone-died-heading">
        <h2 id="someone-died-heading">If someone has died</h2>
        <p>
          We are very sorry. If the person a plan is for has died,{" "}
          <Link href="/notify-a-death">tell us that someone has died</Link>, or call our line for telling us
          of a death, answered {atNeedPhone.hours}:
        </p>
        <CallTheAtNeedLine className="call-us" />
      </section>
      <YourData plans={plans.data} />
    </>
  );
}

/** What each plan's card shows beside the plan: its payments, its people and its referral, read side by side. */
function usePlanCards(plans: readonly PlanResponse[]) {
  const payments = useQueries({ queries: plans.map((plan) => planQueries.payments(plan.id)) });
  const people = useQueries({ queries: plans.map((plan) => planQueries.people(plan.id)) });
  const referrals = useQueries({ queries: plans.map((plan) => referralQueries.plan(plan.id)) });
  return {
    pending: [...payments, ...people, ...referrals].some((query) => query.isPending),
    of: (index: number) => ({
      payments: payments[index]?.data,
      people: people[index]?.data,
      referral: referrals[index]?.data,
    }),
  };
}

function PlanCard({
  plan,
  payments,
  people,
  referral,
}: {
  plan: PlanResponse;
  payments: PlanPaymentsResponse | undefined;
  people: PlanPeopleResponse | undefined;
  referral: PlanReferralResponse | undefined;
}) {
  const headingId = `plan-${plan.id}-heading`;
  const boughtOn = payments?.whenTheTimeComes?.boughtOn;
  const unfinished = payments !== undefined && isPlanUnfinished(payments);
  // The Direct Debit is set up and the deposit not yet paid (issue 25 item 1).
  const depositOwed = (payments?.depositOwed ?? null) !== null;
  return (
    <li className={styles.planCard}>
      <h2 id={headingId} className={styles.planCardTitle}>
        {planName(people ? (people.coveredPerson ?? people.customer) : null, plan.sections)}
      </h2>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt className="summary-list__key">Plan reference</dt>
          <dd className="summary-list__value">{plan.reference}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Price</dt>
          <dd className="summary-list__value">{formatPrice(plan.price.total)}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">State</dt>
          <dd className="summary-list__value">
            {payments ? planStateInWords(payments) : "Not known just now"}
          </dd>
        </div>
        {boughtOn ? (
          <div className="summary-list__row">
            <dt className="summary-list__key">Bought on</dt>
            <dd className="summary-list__value">{formatLongDate(boughtOn)}</dd>
          </div>
        ) : (
          <div className="summary-list__row">
            <dt className="summary-list__key">Last saved</dt>
            <dd className="summary-list__value">{formatLongDate(plan.updatedAt)}</dd>
          </div>
        )}
        {referral?.applied ? (
          <div className="summary-list__row">
            <dt className="summary-list__key">Referral</dt>
            <dd className="summary-list__value">
              Code {referral.applied.code}, added on {formatLongDate(referral.applied.appliedAt)}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="button-group">
        {unfinished ? (
          // A full page load starts the journey (or the purchase) from the server with this plan.
          <a
            className="button"
            href={payments.state === "being_planned" ? "/planning" : "/purchase/options"}
            onClick={() => continuePlan(plan.id)}
          >
            {payments.state === "being_planned" ? "Continue planning" : "Continue to payment"}
          </a>
        ) : null}
        {depositOwed ? <PayYourDepositLink planId={plan.id} describedBy={headingId} /> : null}
        <Link
          className={unfinished || depositOwed ? "button button--secondary" : "button"}
          href={`/account?plan=${encodeURIComponent(plan.id)}`}
          aria-describedby={headingId}
        >
          See this plan
        </Link>
      </div>
    </li>
  );
}
