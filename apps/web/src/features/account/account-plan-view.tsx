"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type {
  PlanFuneral,
  PlanPaymentsResponse,
  PlanPeopleResponse,
  PlanResponse,
  Violation,
} from "@kindred/contracts";
import {
  isContribution,
  atNeedPhone,
  formatLongDate,
  formatPostalAddress,
  formatPrice,
  funeralStatusLabels,
  messages,
  type Pence,
  preferredContactLabels,
  purchaseMessages,
  refundDeadlineInWords,
  supportPhone,
} from "@kindred/domain";
import { BackLink } from "../../components/back-link";
import { DepositStillToPay } from "../../components/deposit-still-to-pay";
import { DirectDebitDetails } from "../../components/direct-debit-details";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { InstalmentTable } from "../../components/instalment-table";
import { LoadingSpinner } from "../../components/loading-spinner";
import { Modal } from "../../components/modal";
import { CallTheAtNeedLine, CallUs } from "../../components/phone-link";
import { PlanDocumentDownloads } from "../../components/plan-document-downloads";
import { YourReferralCode } from "../../components/your-referral-code";
import { ViolationsBox } from "../../components/violations-box";
import { WhenTheTimeComesList } from "../../components/when-the-time-comes-list";
import { violationsOf } from "../../lib/api-query";
import { continuePlan } from "../../lib/continue-plan";
import { useAttemptKey } from "../../lib/idempotency-key";
import { isPlanUnfinished } from "../../lib/plan-progress";
import { planQueries } from "../../lib/plan-queries";
import { cancelPlan } from "./account-requests";
import { contactDetailsOf } from "../../components/contact-details-fields";
import { ChangeContactDetails } from "./contact-details-form";
import { personName } from "./person-name";
import { PlanStatementDownload } from "./plan-statement-download";
import { SandboxCollections, SandboxDirectDebitEnded, SandboxRetryMissed } from "./sandbox-collections";
import {
  collectionStatusInWords,
  instalmentCount,
  mandateStatusInWords,
  planStateInWords,
  isCancelled,
} from "../../lib/plan-state";
import styles from "./account.module.css";

/** Everything paid so far: card payments confirmed and monthly payments collected. */
function paidSoFar(payments: PlanPaymentsResponse): Pence {
  const byCard = payments.payments
    .filter((payment) => payment.status === "confirmed")
    .reduce((total, payment) => total + payment.amount, 0);
  const byDirectDebit = payments.collections
    .filter((collection) => collection.status === "collected")
    .reduce((total, collection) => total + collection.amount, 0);
  return byCard + byDirectDebit;
}

/**
 * One plan in the account (`/account?plan={id}`): its choices and prices, its four people, what
 * has been paid and what is still to come, the Direct Debit (its last four digits only), any
 * missed payments, its documents, and cancelling it.
 */
export function AccountPlanView({ planId }: { planId: string }) {
  const plan = useQuery(planQueries.one(planId));
  const people = useQuery(planQueries.people(planId));
  const payments = useQuery(planQueries.payments(planId));

  if (plan.status === "pending" || payments.status === "pending") {
    return <LoadingSpinner label="Loading your plan…" />;
  }
  if (plan.status === "error" || payments.status === "error" || plan.data === "gone") {
    const violations =
      plan.status === "error"
        ? violationsOf(plan.error)
        : payments.status === "error"
          ? violationsOf(payments.error)
          : [{ propertyPath: "plan", title: messages.notAPlanReference }];
    return (
      <>
        <BackLink href="/account" />
        <h1>Your plan</h1>
        <ViolationsBox title="Sorry, we could not load this plan" violations={violations}>
          <p>Please reload the page in a moment, or call us and we will help.</p>
          <CallUs className="call-us" />
        </ViolationsBox>
      </>
    );
  }
  return <PlanDetails plan={plan.data} people={people.data} payments={payments.data} />;
}

function PlanDetails({
  plan,
  people,
  payments,
}: {
  plan: PlanResponse;
  people: PlanPeopleResponse | undefined;
  payments: PlanPaymentsResponse;
}) {
  const bought =
    payments.state === "paid" ||
    payments.state === "paying_by_instalments" ||
    payments.state === "payments_stopped";
  const unfinished = isPlanUnfinished(payments);
  const cancelled = isCancelled(payments);
  // Told of a death: nothing is paid, changed or cancelled here any more (issue 23 item 4).
  const funeral = payments.funeral;
  return (
    <>
      <BackLink href="/account" />
      <h1>{people?.coveredPerson ? `Plan for ${personName(people.coveredPerson)}` : "Your funeral plan"}</h1>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt className="summary-list__key">State</dt>
          <dd className="summary-list__value">{planStateInWords(payments)}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Plan reference</dt>
          <dd className="summary-list__value">{plan.reference}</dd>
        </div>
      </dl>
      {unfinished ? (
        <p>
          <a
            className="button"
            href={payments.state === "being_planned" ? "/planning" : "/purchase/options"}
            onClick={() => continuePlan(plan.id)}
          >
            {payments.state === "being_planned" ? "Continue planning" : "Continue to payment"}
          </a>
        </p>
      ) : null}
      {payments.depositOwed !== null ? (
        <DepositStillToPay planId={plan.id} amount={payments.depositOwed} />
      ) : null}
      {payments.paymentsStopped ? (
        <PaymentsStopped planId={plan.id} stopped={payments.paymentsStopped} />
      ) : null}
      {funeral ? (
        <TheFuneral funeral={funeral} payments={payments} />
      ) : (
        <MissedPayments payments={payments} />
      )}
      <Cancelled payments={payments} />

      <section className={styles.section} aria-labelledby="choices-heading">
        <h2 id="choices-heading">Your choices</h2>
        <dl className="summary-list">
          {plan.sections.map((section) => (
            <div className="summary-list__row" key={section.key}>
              <dt className="summary-list__key">{section.title}</dt>
              <dd className="summary-list__value">
                {section.answer}
                {isContribution(section) ? " (a contribution: not guaranteed)" : null}
              </dd>
              {/* A wish with no money set aside has no price: neither "£0" nor "Included". */}
              <dd className="summary-list__price">
                {section.guaranteed || isContribution(section) ? formatPrice(section.price) : null}
              </dd>
            </div>
          ))}
          <div className="summary-list__row">
            <dt className="summary-list__key">Total price</dt>
            <dd className="summary-list__value">Guaranteed, apart from any contributions</dd>
            <dd className="summary-list__price">{formatPrice(plan.price.total)}</dd>
          </div>
        </dl>
      </section>

      {(bought && !cancelled) || funeral ? <YourFuneralDirector payments={payments} /> : null}
      {people ? <People planId={plan.id} people={people} closed={cancelled || funeral !== null} /> : null}
      {bought || cancelled || funeral ? <Payments payments={payments} /> : null}
      {bought && !cancelled && !funeral ? (
        <>
          <SandboxCollections planId={plan.id} payments={payments} />
          <SandboxRetryMissed planId={plan.id} payments={payments} />
          <SandboxDirectDebitEnded planId={plan.id} payments={payments} />
        </>
      ) : null}
      {bought && !cancelled ? <IfThePersonCoveredDies payments={payments} /> : null}

      <section className={styles.section} aria-labelledby="documents-heading">
        <h2 id="documents-heading">Documents</h2>
        <PlanDocumentDownloads planId={plan.id} />
        {bought || cancelled || funeral ? <PlanStatementDownload planId={plan.id} /> : null}
      </section>

      {payments.paid && !cancelled && !funeral ? <YourReferralCode planId={plan.id} /> : null}

      {(bought || cancelled) && !funeral ? <CancelPlan planId={plan.id} payments={payments} /> : null}
    </>
  );
}

/**
 * The four people, with how to reach the customer; the customer can change their phone number,
 * address and preferred contact here (on a paid plan too), but not once the plan is cancelled.
 */
function People({ planId, people, closed }: { planId: string; people: PlanPeopleResponse; closed: boolean }) {
  const contact = people.customer ? contactDetailsOf(people.customer) : null;
  const rows: { key: string; label: string; value: string }[] = [
    { key: "customer", label: "You", value: people.customer ? personName(people.customer) : "Not given yet" },
    ...(contact
      ? [
          { key: "phone", label: "Your phone number", value: contact.phone },
          { key: "address", label: "Your address", value: formatPostalAddress(contact.address) },
          {
            key: "preferred-contact",
            label: "How we contact you",
            value: preferredContactLabels[contact.preferredContactMethod],
          },
        ]
      : []),
    {
      key: "covered",
      label: "The person the plan is for",
      value: people.coveredPerson ? personName(people.coveredPerson) : "You",
    },
    {
      key: "nominee",
      label: "Someone we can speak to",
      value: people.nominee ? personName(people.nominee) : "Nobody named",
    },
    { key: "payer", label: "Who is paying", value: people.payer ? personName(people.payer) : "You" },
  ];
  return (
    <section className={styles.section} aria-labelledby="people-heading">
      <h2 id="people-heading">The people</h2>
      <dl className="summary-list">
        {rows.map((row) => (
          <div className="summary-list__row" key={row.key}>
            <dt className="summary-list__key">{row.label}</dt>
            <dd className="summary-list__value">{row.value}</dd>
          </div>
        ))}
      </dl>
      {people.customer && !closed ? (
        <ChangeContactDetails planId={planId} customer={people.customer} />
      ) : null}
    </section>
  );
}

function Payments({ payments }: { payments: PlanPaymentsResponse }) {
  const card = payments.payments.filter(
    (payment) => payment.status === "confirmed" || payment.status === "refunded",
  );
  const mandate = payments.directDebit;
  // A cancelled plan's collections still to come are stopped with it (the provider confirms each
  // later), and so are those of a plan whose funeral is requested.
  const cancelled = isCancelled(payments) || payments.funeral !== null;
  const stopped = (status: PlanPaymentsResponse["collections"][number]["status"]) =>
    cancelled && (status === "scheduled" || status === "submitted") ? "cancelled" : status;
  const rows =
    payments.collections.length > 0
      ? payments.collections.map((collection) => ({
          ...collection,
          status: collectionStatusInWords(stopped(collection.status)),
        }))
      : (payments.schedule?.instalments ?? []);
  return (
    <section className={styles.section} aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments</h2>
      {card.length > 0 ? (
        <dl className="summary-list">
          {card.map((payment) => (
            <div className="summary-list__row" key={payment.id}>
              <dt className="summary-list__key">
                {payment.paymentOption === "deposit" ? "Deposit paid by card" : "Paid in full by card"}
              </dt>
              <dd className="summary-list__value">
                {formatLongDate(payment.createdAt)}
                {payment.status === "refunded" ? " (refunded)" : ""}
              </dd>
              <dd className="summary-list__price">{formatPrice(payment.amount)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {rows.length > 0 ? (
        <>
          <p>
            {payments.collected} of {instalmentCount(payments)} monthly payments collected.
          </p>
          <InstalmentTable caption="Your monthly payments by Direct Debit" rows={rows} />
        </>
      ) : null}
      {mandate ? (
        <>
          <h3>Your Direct Debit</h3>
          <DirectDebitDetails mandate={mandate}>
            <div className="summary-list__row">
              <dt className="summary-list__key">Status</dt>
              <dd className="summary-list__value">
                {payments.paymentsStopped
                  ? "Ended at your bank"
                  : mandateStatusInWords(cancelled ? "cancelled" : mandate.status)}
              </dd>
            </div>
          </DirectDebitDetails>
        </>
      ) : null}
    </section>
  );
}

/**
 * The funeral director appointed when the plan was bought (issue 23 item 3; FPCOB 10.1.3R): the
 * branch's business name, address and phone, and the day; or, while we choose another because the
 * one chosen had closed, that we will write within 30 days.
 */
function YourFuneralDirector({ payments }: { payments: PlanPaymentsResponse }) {
  const appointed = payments.funeralDirector;
  if (!appointed) return null;
  const { branch } = appointed;
  return (
    <section className={styles.section} aria-labelledby="funeral-director-heading">
      <h2 id="funeral-director-heading">Your funeral director</h2>
      {branch ? (
        <>
          <dl className="summary-list">
            <div className="summary-list__row">
              <dt className="summary-list__key">Name</dt>
              <dd className="summary-list__value">{branch.name}</dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">Address</dt>
              <dd className="summary-list__value">{formatPostalAddress(branch.address)}</dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">Phone</dt>
              <dd className="summary-list__value">
                <a className="phone-link" href={`tel:${branch.phone.replace(/\s/g, "")}`}>
                  {branch.phone}
                </a>
              </dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">Appointed on</dt>
              <dd className="summary-list__value">{formatLongDate(appointed.appointedOn)}</dd>
            </div>
          </dl>
          <p>
            They have the details of your plan and will do nothing yet. When the time comes, your family or
            representative calls us, and your funeral director is contacted to arrange the funeral as planned.
            If you would like a different funeral director, call us and we will change it.
          </p>
        </>
      ) : (
        <p>
          The funeral director you chose is no longer able to take on your plan, so we are choosing another
          near you. We will write to you with your funeral director&apos;s name, address and phone number
          within 30 days of {formatLongDate(appointed.appointedOn)}, when you bought your plan.
        </p>
      )}
    </section>
  );
}

/**
 * What happens if the person covered dies (issue 23 item 1; FPCOB 7.2), for a bought plan's own
 * way of paying and the first months it was bought with: the domain's sentences, and for a plan
 * paid by instalments the day its first months are over (`firstMonthsEndOn`, the domain's
 * `endOfTheFirstMonths`: a death on or after it is past them).
 */
function IfThePersonCoveredDies({ payments }: { payments: PlanPaymentsResponse }) {
  const { choice, whenTheTimeComes } = payments;
  if (!choice || !whenTheTimeComes) return null;
  const byInstalments = choice.option === "deposit";
  return (
    <section className={styles.section} aria-labelledby="when-the-time-comes-heading">
      <h2 id="when-the-time-comes-heading">If the person covered dies</h2>
      {byInstalments ? (
        <p>
          Your plan started on {formatLongDate(whenTheTimeComes.boughtOn)}. From{" "}
          {formatLongDate(whenTheTimeComes.firstMonthsEndOn)}, it is past its first{" "}
          {whenTheTimeComes.moratoriumMonths === 1 ? "month" : `${whenTheTimeComes.moratoriumMonths} months`}.
        </p>
      ) : null}
      <WhenTheTimeComesList
        payingBy={byInstalments ? { option: "deposit", months: choice.months } : { option: "full" }}
        moratoriumMonths={whenTheTimeComes.moratoriumMonths}
      />
      <p>
        If the person covered has died, please{" "}
        <Link href="/notify-a-death">tell us that someone has died</Link>, or call us on our line answered{" "}
        {atNeedPhone.hours}:
      </p>
      <CallTheAtNeedLine className="call-us" />
    </section>
  );
}

/** Why the funeral is provided with nothing more to pay, in words. */
function providedBecause(
  because: "paidInFull" | "pastTheFirstMonths" | "accident",
  payments: PlanPaymentsResponse,
): string {
  const first = payments.whenTheTimeComes?.moratoriumMonths;
  switch (because) {
    case "paidInFull":
      return "The plan is paid for.";
    case "pastTheFirstMonths":
      return first === undefined
        ? "The plan is past its first months."
        : `The plan is past its first ${first === 1 ? "month" : `${first} months`}.`;
    case "accident":
      return "The death was an accident, which the plan covers in full.";
  }
}

/**
 * Once we are told of a death (issue 23 item 4): where the funeral stands, when we were told, and
 * what the family pays: nothing more, or, inside the plan's first months, the balance of its price
 * for the funeral as planned or everything paid given back. An accident nobody has told us of yet
 * would still be covered in full. We call the family; the line for a death is answered day and night.
 */
function TheFuneral({ funeral, payments }: { funeral: PlanFuneral; payments: PlanPaymentsResponse }) {
  const { atDeath } = funeral;
  return (
    <section className="info-box" aria-labelledby="funeral-heading">
      <h2 id="funeral-heading" className="info-box__title">
        {funeralStatusLabels[funeral.status]}
      </h2>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt className="summary-list__key">We were told on</dt>
          <dd className="summary-list__value">{formatLongDate(funeral.requestedOn)}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Date of death</dt>
          <dd className="summary-list__value">{formatLongDate(funeral.dateOfDeath)}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">What the family pays</dt>
          <dd className="summary-list__value">
            {atDeath.funeral === "provided"
              ? "Nothing more"
              : `${formatPrice(atDeath.balance)} for the funeral as planned, or nothing, with ${formatPrice(atDeath.refund)} given back`}
          </dd>
        </div>
      </dl>
      {atDeath.funeral === "provided" ? (
        <p>
          {providedBecause(atDeath.because, payments)} The funeral is provided as planned, and nobody needs to
          pay anything more for what the plan includes.
        </p>
      ) : (
        <>
          <p>The death was in the plan&apos;s first months, so the family can choose:</p>
          <ul>
            <li>
              pay the balance of {formatPrice(atDeath.balance)}, what is left of the plan&apos;s price, and
              the funeral goes ahead as planned; or
            </li>
            <li>
              have everything paid, {formatPrice(atDeath.refund)}, given back in full, with no fee, and the
              plan ends.
            </li>
          </ul>
          {atDeath.accidentKnown ? null : (
            <p>
              If the death was the result of an accident, the funeral is provided in full with nothing more to
              pay. Please tell us if it was.
            </p>
          )}
        </>
      )}
      <p>{messages.funeralRequested}</p>
      <p>We will call you to talk this through. If you need us sooner, our line is answered day and night:</p>
      <CallTheAtNeedLine className="call-us" />
    </section>
  );
}

/**
 * The Direct Debit ended before the plan was paid (issue 46 item 1): said calmly, with what was
 * paid kept and the two ways to carry on, on the payment page.
 */
function PaymentsStopped({
  planId,
  stopped,
}: {
  planId: string;
  stopped: NonNullable<PlanPaymentsResponse["paymentsStopped"]>;
}) {
  const { instalments } = stopped.newDirectDebit;
  const ways = [
    stopped.restByCard > 0 ? `pay the rest, ${formatPrice(stopped.restByCard)}, by card` : null,
    instalments.length > 0
      ? `set up a new Direct Debit for what is left, over ${instalments.length === 1 ? "one payment" : `${instalments.length} monthly payments`}`
      : null,
  ].filter((way) => way !== null);
  return (
    <section className="info-box" aria-labelledby="payments-stopped-heading">
      <h2 id="payments-stopped-heading" className="info-box__title">
        Your Direct Debit has ended
      </h2>
      <p>
        Your bank told us on {formatLongDate(stopped.endedOn)} that your Direct Debit has ended, so nothing
        more will be collected from that account. Your plan has not been cancelled.
        {stopped.paidSoFar > 0
          ? ` The ${formatPrice(stopped.paidSoFar)} you have paid is kept towards it, and you do not need to start again.`
          : null}
      </p>
      <p>To carry on, you can {ways.join(", or ")}.</p>
      <p>
        <a className="button" href="/purchase/plan" onClick={() => continuePlan(planId)}>
          Carry on paying
        </a>
      </p>
      <p>
        If things are difficult at the moment, please call us. We will help you find a way that suits you.
      </p>
      <CallUs />
    </section>
  );
}

/** Missed monthly payments: what is owed and the day to catch up by, once the statement is sent. */
function MissedPayments({ payments }: { payments: PlanPaymentsResponse }) {
  if (payments.state === "cancelled" || (payments.missedPayments === 0 && !payments.arrears)) return null;
  return (
    <div className="error-box" role="alert">
      <h2 className="error-box__title">
        {payments.missedPayments === 1
          ? "A monthly payment was missed"
          : `${payments.missedPayments} monthly payments were missed`}
      </h2>
      {payments.arrears ? (
        <p>
          {formatPrice(payments.arrears.owed)} is owed. We sent you a statement on{" "}
          {formatLongDate(payments.arrears.sentAt)}. Please catch up by{" "}
          {formatLongDate(payments.arrears.catchUpBy)}.
        </p>
      ) : (
        <p>
          We will try to collect it again. If two payments in a row are missed, we will send you a statement
          of what is owed and give you 10 working days to catch up.
        </p>
      )}
      <p>If you are finding it hard to keep up, please call us. We will help.</p>
      <CallUs />
    </div>
  );
}

function Cancelled({ payments }: { payments: PlanPaymentsResponse }) {
  if (!isCancelled(payments)) return null;
  return (
    <div className="info-box">
      <h2 className="info-box__title">This plan is cancelled</h2>
      <p>
        {payments.cancelledAt ? `It was cancelled on ${formatLongDate(payments.cancelledAt)}. ` : null}
        {refundInWords(payments)} Nothing more will be collected.
      </p>
    </div>
  );
}

/** What a cancelled plan's refund has come to: on its way, given back, or nothing to give back. */
function refundInWords(payments: PlanPaymentsResponse): string {
  if (payments.refundOwed > 0) {
    return `We are refunding ${formatPrice(payments.refundOwed)}, everything you paid, ${refundDeadlineInWords} of cancelling.`;
  }
  if (payments.refunded > 0)
    return `We have refunded ${formatPrice(payments.refunded)}, everything you paid.`;
  return "Nothing had been paid, so there is nothing to refund.";
}

type CancelState =
  | { step: "closed" }
  | { step: "asking"; failure: readonly Violation[] | null }
  | { step: "cancelled"; refund: Pence; hadDirectDebit: boolean };

/** "Cancel this plan", asked again in a dialog that states the continuity promise first. */
function CancelPlan({ planId, payments }: { planId: string; payments: PlanPaymentsResponse }) {
  const queryClient = useQueryClient();
  const key = useAttemptKey();
  const [state, setState] = useState<CancelState>({ step: "closed" });
  const [busy, setBusy] = useState(false);
  const refund = paidSoFar(payments);
  const hasDirectDebit = payments.directDebit !== null && payments.directDebit.status !== "cancelled";

  async function cancel() {
    if (busy) return;
    setBusy(true);
    const answer = await cancelPlan(planId, key.current());
    setBusy(false);
    if (!answer.ok) {
      if (answer.status >= 400 && answer.status < 500) key.renew();
      setState({ step: "asking", failure: answer.data.violations });
      return;
    }
    queryClient.setQueryData(planQueries.payments(planId).queryKey, answer.data);
    void queryClient.invalidateQueries({ queryKey: planQueries.saved().queryKey });
    // Everything paid is given back: owed still, or (the provider is quick) refunded already.
    const given = answer.data.refundOwed + answer.data.refunded;
    setState({ step: "cancelled", refund: given, hadDirectDebit: hasDirectDebit });
  }

  // Cancelled before this visit: the box at the top says so.
  if (isCancelled(payments) && state.step !== "cancelled") return null;
  if (state.step === "cancelled") {
    return (
      <FocusOnArrival>
        <div className="success-box" role="status">
          <h2 className="success-box__title">Your plan is cancelled</h2>
          <p>
            {state.refund > 0
              ? `We will refund ${formatPrice(state.refund)}, everything you have paid, ${refundDeadlineInWords}.`
              : "Nothing had been paid, so there is nothing to refund."}
            {state.hadDirectDebit
              ? " Your Direct Debit is cancelled, so nothing more will be collected."
              : null}
          </p>
          <p>There is no fee for cancelling. If you have any questions, please call us.</p>
        </div>
      </FocusOnArrival>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">Cancel this plan</h2>
      <p>You can cancel at any time, with no fee, and we refund everything you have paid.</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => setState({ step: "asking", failure: null })}
      >
        Cancel this plan
      </button>
      <Modal
        open={state.step === "asking"}
        onClose={() => setState({ step: "closed" })}
        title="Are you sure you want to cancel this plan?"
        type="prompt"
        size="prompt"
        dismissible={!busy}
        describedBy="cancel-plan-promise"
      >
        {state.step === "asking" && state.failure ? (
          <ViolationsBox title="We could not cancel your plan" violations={state.failure}>
            <p>Please try again, or call us and we will help.</p>
          </ViolationsBox>
        ) : null}
        <p id="cancel-plan-promise">
          {purchaseMessages.cancellationPromiseBesideCancelling(supportPhone.display)}
        </p>
        <ul>
          <li>
            {refund > 0
              ? `We will refund everything you have paid, ${formatPrice(refund)}, ${refundDeadlineInWords}.`
              : "Nothing has been paid yet, so there is nothing to refund."}
          </li>
          {hasDirectDebit ? (
            <li>Your Direct Debit will be cancelled, so nothing more is collected.</li>
          ) : null}
          <li>Your funeral plan will end: the funeral it arranges will no longer be paid for.</li>
        </ul>
        <div className="button-group">
          <button
            type="button"
            className="button"
            aria-disabled={busy || undefined}
            onClick={() => void cancel()}
          >
            {busy ? "Cancelling…" : "Yes, cancel this plan"}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) setState({ step: "closed" });
            }}
          >
            No, keep my plan
          </button>
        </div>
      </Modal>
    </section>
  );
}
