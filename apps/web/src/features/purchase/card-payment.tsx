"use client";

import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import type { PaymentResponse, Violation } from "@kindred/contracts";
import { formatPrice, type PaymentOption, type Pence, purchaseMessages } from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { Modal } from "../../components/modal";
import { CallUs } from "../../components/phone-link";
import { ProcessingModal, useProcessingModal } from "../../components/processing-modal";
import { useAttemptKey } from "../../lib/idempotency-key";
import { createPayment, paymentQueries } from "./payment-requests";
import { LoadingSpinner } from "../../components/loading-spinner";
import type { CardAnswer, CardFieldsHandle } from "./card-fields";
import { SandboxCardFields } from "./sandbox-card-fields";
import styles from "./payment.module.css";

// Stripe.js and its React parts load only on a site that takes cards through Stripe.
const StripeCardFields = lazy(() => import("./stripe-card-fields"));

type Problem = { title: string; lines: readonly string[]; count: number };

const takingPayment = "Taking your payment";

type Watching = { paymentId: string; purpose: "confirm" | "settle" };

/** A failed payment's reason, as the provider records it, in words for the person paying. */
function failureMessage(reason: string | null): string {
  return reason === "authentication_failed"
    ? purchaseMessages.cardNotConfirmed
    : purchaseMessages.cardDeclined;
}

function titlesOf(violations: readonly Violation[]): string[] {
  return violations.map((violation) => violation.title);
}

/**
 * Paying by card (issue 10 item 2): the whole price or the deposit. One press of Pay is one
 * attempt: its payment is opened (`POST /api/payments/create`, with the attempt's
 * Idempotency-Key), the provider's card fields confirm it, the bank's extra step is asked for in
 * a dialog when the card needs it, and the processing modal shows while the provider's answer
 * comes (the payment is asked about until it is confirmed or failed). A declined card ends the
 * attempt: the next press is a new attempt with a new key. Presses while one is under way do
 * nothing, so a double click sends one request.
 */
export function CardPayment({
  planId,
  paymentOption,
  amount,
  onPaid,
}: {
  planId: string;
  paymentOption: PaymentOption;
  amount: Pence;
  onPaid: () => void;
}) {
  const key = useAttemptKey();
  const provider = useQuery(paymentQueries.cardFields());
  const cardFields = useRef<CardFieldsHandle>(null);
  /** The payment of the attempt under way, once opened. */
  const attempt = useRef<PaymentResponse | null>(null);
  /** A request of this attempt is on its way: Pay does nothing. */
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [bankStep, setBankStep] = useState<PaymentResponse | null>(null);
  /**
   * A payment whose outcome the API learns from the provider's webhook, asked about until it
   * arrives: one sent for confirming (the processing modal shows), or one declined, which must be
   * closed before a new attempt can open another (the API keeps one live payment per plan).
   */
  const [watching, setWatching] = useState<Watching | null>(null);
  const watchingRef = useRef<Watching | null>(null);
  const processing = useProcessingModal();
  const { show: showProcessing, reset: resetProcessing } = processing;
  const polled = useQuery({
    ...paymentQueries.one(watching?.paymentId ?? "none"),
    enabled: watching !== null,
  });

  function watch(next: Watching | null) {
    watchingRef.current = next;
    setWatching(next);
  }

  function tell(title: string, lines: readonly string[]) {
    setProblem((previous) => ({ title, lines, count: (previous?.count ?? 0) + 1 }));
  }

  function endAttempt() {
    key.renew();
    attempt.current = null;
  }

  useEffect(() => {
    const payment = polled.data;
    const current = watchingRef.current;
    if (!current || !payment || payment.id !== current.paymentId) return;
    if (payment.status === "confirmed") {
      onPaid();
      return;
    }
    if (payment.status !== "failed" && payment.status !== "cancelled" && payment.status !== "refunded")
      return;
    watchingRef.current = null;
    setWatching(null);
    if (current.purpose === "confirm") {
      resetProcessing();
      key.renew();
      attempt.current = null;
      setProblem((previous) => ({
        title: "Your payment did not go through",
        lines: [failureMessage(payment.failureReason)],
        count: (previous?.count ?? 0) + 1,
      }));
    }
  }, [polled.data, onPaid, resetProcessing, key]);

  function waitForConfirmation(payment: PaymentResponse) {
    showProcessing(takingPayment);
    watch({ paymentId: payment.id, purpose: "confirm" });
  }

  function follow(answer: CardAnswer, payment: PaymentResponse, declined: string) {
    switch (answer.status) {
      case "invalid":
        return;
      case "failed":
        tell("We could not take your payment", titlesOf(answer.violations));
        return;
      case "declined":
        endAttempt();
        watch({ paymentId: payment.id, purpose: "settle" });
        tell("Your payment did not go through", [answer.message ?? declined]);
        return;
      case "requires_action":
        setBankStep(payment);
        return;
      case "processing":
        waitForConfirmation(payment);
    }
  }

  /** Runs one step of paying unless one is under way: a second press meanwhile does nothing. */
  async function once(step: () => Promise<void>) {
    if (inFlight.current || watchingRef.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await step();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = cardFields.current;
    if (!fields) return;
    void once(async () => {
      setProblem(null);
      if (!(await fields.prepare())) return;
      let payment = attempt.current;
      if (!payment) {
        const created = await createPayment({ planId, paymentOption }, key.current());
        if (!created.ok) {
          // Refused (a 4xx): nothing was opened, so the next press is a new attempt. Otherwise the
          // answer was lost: the next press sends the same key, and the API does it once.
          if (created.status >= 400 && created.status < 500) key.renew();
          tell("We could not take your payment", titlesOf(created.data.violations));
          return;
        }
        payment = created.data;
        attempt.current = payment;
      }
      if (payment.status === "confirmed") {
        waitForConfirmation(payment);
        return;
      }
      if (
        payment.provider !== provider.data?.provider ||
        !payment.providerPaymentId ||
        !payment.clientSecret
      ) {
        tell("We could not take your payment", [
          "Card payments are not available on this page just now. Please call us and we will take your payment over the phone.",
        ]);
        return;
      }
      const answer = await fields.confirm({
        providerPaymentId: payment.providerPaymentId,
        clientSecret: payment.clientSecret,
      });
      follow(answer, payment, purchaseMessages.cardDeclined);
    });
  }

  function answerBank(approve: boolean) {
    const payment = bankStep;
    const authenticate = cardFields.current?.authenticate;
    if (!payment?.providerPaymentId || !payment.clientSecret || !authenticate) return;
    const session = { providerPaymentId: payment.providerPaymentId, clientSecret: payment.clientSecret };
    void once(async () => {
      const answer = await authenticate(session, approve);
      setBankStep(null);
      follow(answer, payment, purchaseMessages.cardNotConfirmed);
    });
  }

  const waiting = busy || watching !== null;
  return (
    <>
      {problem ? (
        <FocusOnArrival key={problem.count}>
          <div className="error-box" role="alert">
            <h3 className="error-box__title">{problem.title}</h3>
            {problem.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <p>
              You can try again: check the card details below, or use another card, and press Pay{" "}
              {formatPrice(amount)}. If it keeps happening, please call us.
            </p>
            <CallUs />
          </div>
        </FocusOnArrival>
      ) : null}
      <form noValidate onSubmit={pay} aria-busy={busy || undefined}>
        {provider.data?.provider === "stripe" ? (
          <Suspense fallback={<LoadingSpinner label="Loading the card payment fields" />}>
            <StripeCardFields
              ref={cardFields}
              publishableKey={provider.data.publishableKey}
              amount={amount}
            />
          </Suspense>
        ) : provider.data ? (
          <SandboxCardFields ref={cardFields} />
        ) : provider.isError ? (
          <div className="error-box" role="alert">
            <p>We could not load the card payment fields. Please reload this page, or call us.</p>
            <CallUs />
          </div>
        ) : (
          <LoadingSpinner label="Loading the card payment fields" />
        )}
        <button type="submit" className="button" aria-disabled={waiting || undefined}>
          {watching?.purpose === "settle"
            ? "Please wait…"
            : waiting
              ? "Paying…"
              : `Pay ${formatPrice(amount)}`}
        </button>
      </form>
      <Modal
        open={bankStep !== null}
        onClose={() => answerBank(false)}
        title="Confirm this payment with your bank"
        type="prompt"
        size="prompt"
        describedBy="bank-step-description"
      >
        <p id="bank-step-description">
          Your bank would like you to confirm this payment of {formatPrice(amount)} to Kindred Funeral Plans.
          On this test payment page, choose Approve to confirm it, or Cancel if you do not want to pay.
        </p>
        <div className={`button-group ${styles.dialogActions}`}>
          <button
            type="button"
            className="button"
            aria-disabled={busy || undefined}
            onClick={() => answerBank(true)}
          >
            Approve
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={busy || undefined}
            onClick={() => answerBank(false)}
          >
            Cancel
          </button>
        </div>
      </Modal>
      <ProcessingModal state={processing.state} onClose={processing.reset} />
    </>
  );
}
