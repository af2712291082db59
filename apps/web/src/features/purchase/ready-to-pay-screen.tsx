"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useCallback } from "react";
import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  PlanPaymentsResponse,
  PlanPeopleResponse,
  PlanReadyResponse,
  PlanResponse,
  Violation,
} from "@kindred/contracts";
import { formatPrice, journeyStepPath } from "@kindred/domain";
import { BackLink } from "../../components/back-link";
import { LoadingSpinner } from "../../components/loading-spinner";
import { CallUs } from "../../components/phone-link";
import { ReferralCodeForm } from "../../components/referral-code-form";
import { apiRequest } from "../../lib/api-client";
import { apiData } from "../../lib/api-query";
import { useEmailConfirmedElsewhere } from "../../lib/email-confirmed-signal";
import { planQueries } from "../../lib/plan-queries";
import { usePurchasePlan } from "../../lib/purchase-plan";
import { referralQueries } from "../../lib/referral-queries";
import { readLocal } from "../../lib/storage";
import { PaymentChoiceForm } from "./payment-choice-form";
import { purchasePaths } from "./purchase-paths";
import styles from "./purchase.module.css";

// The form that sends the confirmation email again is loaded only for a plan waiting for one: with
// it come the account's schemas, which a plan ready to pay would build for nothing (decision 033).
const ResendConfirmationForm = lazy(() =>
  import("../../components/resend-confirmation-form").then((module) => ({
    default: module.ResendConfirmationForm,
  })),
);

/** Where a person fixes each piece `POST /api/plan/valid` says is missing. */
const fixes: Record<string, { href: string; label: string }> = {
  journey: { href: journeyStepPath("summary"), label: "Go to your plan summary" },
  documents: { href: "/planning/documents", label: "Go to your plan documents" },
  customer: { href: purchasePaths.customer, label: "Go to your details" },
  account: { href: purchasePaths.additional, label: "Create your account" },
};

type Readiness = ({ ready: true } & PlanToPay) | { ready: false; missing: Violation[] };

interface PlanToPay {
  plan: PlanResponse;
  people: PlanPeopleResponse;
  payments: PlanPaymentsResponse;
}

/**
 * What the page shows of a plan ready to pay for. The referral code's answer comes with the plan's,
 * so the page is drawn whole at once: read after, its spinner gave way to a line and pulled the
 * ways to pay up (issue 28, no layout shift). A failure is the referral form's to show, as before.
 */
async function readPlanToPay(planId: string, queryClient: QueryClient): Promise<PlanToPay> {
  const [plan, people, payments] = await Promise.all([
    apiData<PlanResponse>(`/api/plan/${planId}`),
    apiData<PlanPeopleResponse>(`/api/plan/${planId}/customer`),
    apiData<PlanPaymentsResponse>(`/api/plan/${planId}/payments`),
    queryClient.prefetchQuery(referralQueries.plan(planId)),
  ]);
  return { plan, people, payments };
}

/**
 * Whether the plan is ready to pay for, and what the page shows when it is. On the first look the
 * check and the reads go together rather than one after another (issue 44: each round trip is
 * seconds on a busy machine or a slow phone); the reads count only when the check passes, so a
 * plan not ready shows what is missing, whatever they said. While the page waits for the email
 * address to be confirmed it asks only the check, every few seconds, and reads once it passes.
 */
async function readiness(planId: string, queryClient: QueryClient): Promise<Readiness> {
  const checking = apiRequest<PlanReadyResponse>("/api/plan/valid", { method: "POST", body: { planId } });
  const waiting = isWaitingForEmail(queryClient.getQueryData(readinessKey(planId)));
  const reading = waiting ? null : readPlanToPay(planId, queryClient);
  // Caught here so a read that fails for a plan not ready is no unhandled rejection.
  reading?.catch(() => undefined);
  const checked = await checking;
  if (!checked.ok) return { ready: false, missing: checked.data.violations };
  return { ready: true, ...(await (reading ?? readPlanToPay(planId, queryClient))) };
}

const readinessKey = (planId: string) => ["plan-ready", planId] as const;

const readinessQuery = (planId: string) =>
  queryOptions({ queryKey: readinessKey(planId), queryFn: ({ client }) => readiness(planId, client) });

/** How often the plan is checked again while the email address waits to be confirmed: a calm pace. */
const emailCheckIntervalMs = 5000;

/** Whether all that stands between the plan and payment includes confirming the email address. */
function isWaitingForEmail(data: Readiness | undefined): boolean {
  return (
    data !== undefined && !data.ready && data.missing.some((violation) => violation.propertyPath === "email")
  );
}

function signedInEmail(): string {
  const email = readLocal("userEmail");
  return typeof email === "string" ? email : "";
}

function fullName(person: { title?: unknown; firstName: string; lastName: string } | null): string {
  if (!person) return "";
  const title = typeof person.title === "string" && person.title !== "Other" ? `${person.title} ` : "";
  return `${title}${person.firstName} ${person.lastName}`;
}

/**
 * `/purchase/options`: the plan checked by the API as ready to pay for (`POST /api/plan/valid`),
 * or, if it is not, each missing piece with the way back to it.
 */
export function ReadyToPayScreen() {
  const { planId } = usePurchasePlan();
  // While the email address waits to be confirmed, the page notices the confirmation by itself
  // (issue 25 item 3): at once when it is confirmed in another tab of this browser, and by asking
  // again every few seconds when it is confirmed anywhere else (another browser, a phone).
  const { data, status, refetch } = useQuery({
    ...readinessQuery(planId),
    refetchInterval: (query) => (isWaitingForEmail(query.state.data) ? emailCheckIntervalMs : false),
  });
  const checkAgain = useCallback(() => void refetch(), [refetch]);
  useEmailConfirmedElsewhere(isWaitingForEmail(data), checkAgain);

  if (status === "pending") {
    return (
      <div className="page-width journey-page screen-tall">
        <LoadingSpinner label="Checking your plan…" />
      </div>
    );
  }
  // A check that fails while waiting leaves the page as it was; the next one may answer.
  if (!data) {
    return (
      <div className="page-width journey-page screen-tall">
        <div className="error-box" role="alert">
          <h1 className="error-box__title">Sorry, we could not check your plan</h1>
          <p>Please reload the page in a moment, or call us and we will help.</p>
          <CallUs className="call-us" />
        </div>
      </div>
    );
  }
  if (!data.ready) {
    return (
      <div className="page-width journey-page screen-tall">
        <BackLink href={purchasePaths.additional} />
        <h1>A few things are still needed</h1>
        <ul className={styles.readyList}>
          {data.missing.map((violation) => {
            const fix = fixes[violation.propertyPath];
            return (
              <li key={violation.propertyPath}>
                {violation.title} {fix ? <Link href={fix.href}>{fix.label}</Link> : null}
              </li>
            );
          })}
        </ul>
        {data.missing.some((violation) => violation.propertyPath === "email") ? (
          <section aria-labelledby="confirm-heading">
            <h2 id="confirm-heading">Confirm your email address</h2>
            <p>
              We sent you an email with a link to confirm your address, so your documents and receipts reach
              you. Once you have clicked it, this page carries on to payment by itself: there is no need to
              reload it. If the email has not arrived, check your junk mail, or we can send it again.
            </p>
            <Suspense fallback={<LoadingSpinner label="Loading the form to send the email again…" />}>
              <ResendConfirmationForm idPrefix="resend-confirmation" email={signedInEmail()} />
            </Suspense>
          </section>
        ) : null}
      </div>
    );
  }

  const { plan, people, payments } = data;
  const coveredName = fullName(people.coveredPerson) || fullName(people.customer);
  return (
    <div className="page-width journey-page screen-tall">
      <BackLink href={purchasePaths.additional} />
      <div className="success-box" role="status">
        <h1 className="success-box__title">Your plan is ready to pay for</h1>
        <p>Thank you. We have your details, and your account is set up.</p>
      </div>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt className="summary-list__key">Plan for</dt>
          <dd className="summary-list__value">{coveredName}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Total price</dt>
          <dd className="summary-list__value">{formatPrice(plan.price.total)}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Plan reference</dt>
          <dd className="summary-list__value">{plan.reference}</dd>
        </div>
      </dl>
      {payments.state === "ready_to_pay" || payments.state === "being_planned" ? (
        <ChoosePayment planId={plan.id} planPrice={plan.price.total} payments={payments} />
      ) : (
        <NothingToPay payments={payments} />
      )}
    </div>
  );
}

function ChoosePayment({
  planId,
  planPrice,
  payments,
}: {
  planId: string;
  planPrice: number;
  payments: PlanPaymentsResponse;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const options = useQuery(planQueries.options());

  if (options.status === "pending") return <LoadingSpinner label="Loading the ways to pay…" />;
  if (options.status === "error") {
    return (
      <div className="error-box" role="alert">
        <h2 className="error-box__title">Sorry, we could not load the ways to pay</h2>
        <p>Please reload the page in a moment, or call us and we will help.</p>
        <CallUs className="call-us" />
      </div>
    );
  }
  // Continue is the last thing on the page: the optional referral code comes before the choice
  // (it does not change the price), and what happens if payments stop is inside the form, above
  // Continue (issue 25 item 8).
  return (
    <>
      <ReferralCodeForm planId={planId} />
      <PaymentChoiceForm
        planId={planId}
        planPrice={planPrice}
        terms={options.data.paymentTerms}
        savedChoice={payments.choice}
        onSaved={(saved) => {
          // Coming back to this page shows the choice just made.
          queryClient.setQueryData(readinessQuery(planId).queryKey, (ready) =>
            ready?.ready ? { ...ready, payments: saved } : ready,
          );
          queryClient.setQueryData(planQueries.payments(planId).queryKey, saved);
          router.push(purchasePaths.plan);
        }}
      />
    </>
  );
}

/** A plan already paid for, being paid for, or cancelled: there is nothing to choose here. */
function NothingToPay({ payments }: { payments: PlanPaymentsResponse }) {
  return (
    <div className="info-box">
      <h2 className="info-box__title">
        {payments.state === "cancelled" ? "This plan has been cancelled" : "This plan is already paid for"}
      </h2>
      <p>
        {payments.state === "cancelled"
          ? "It cannot be paid for any more. If you would like to arrange a new plan, or have any questions, please call us."
          : "There is nothing more to pay now. You can see your plan, its payments and its documents in your account."}
      </p>
      <p>
        <Link href="/account">Go to your account</Link>
      </p>
    </div>
  );
}
