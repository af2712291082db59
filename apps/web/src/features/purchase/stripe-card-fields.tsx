"use client";

import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe, type StripeElementsOptionsMode } from "@stripe/stripe-js";
import { useEffect, useImperativeHandle, useState, type Ref } from "react";
import type { Pence } from "@kindred/domain";
import { CallUs } from "../../components/phone-link";
import type { CardAnswer, CardFieldsHandle } from "./card-fields";
import styles from "./payment.module.css";

/**
 * Stripe's own card fields (Stripe.js and its Payment Element), when Stripe takes card payments
 * (`GET /api/payments/card-fields`; docs/decisions/016-payments.md). The card number goes from
 * Stripe's fields to Stripe and nowhere else: this page never sees it. The fields are made before
 * any payment exists (Stripe's "deferred intent" way): Pay checks them (`elements.submit`), the
 * API opens the PaymentIntent, and `confirmPayment` pays it with its client secret. Stripe shows
 * the bank's extra step (3-D Secure) itself, inside `confirmPayment`.
 */

const unavailable =
  "Our card payment fields could not be loaded. Please check your internet connection and reload this page, or call us and we will take your payment over the phone.";

/** Stripe.js is loaded once per publishable key; a failed load answers null rather than throwing. */
const stripeLoads = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let load = stripeLoads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey).catch(() => null);
    stripeLoads.set(publishableKey, load);
  }
  return load;
}

/** Stripe's fields in the site's own look: its colours, a large text size and clear borders. */
function elementsOptions(amount: Pence): StripeElementsOptionsMode {
  return {
    mode: "payment",
    amount,
    currency: "gbp",
    allowedPaymentMethodTypes: ["card"],
    locale: "en-GB",
    appearance: {
      theme: "stripe",
      variables: {
        colorPrimary: "#1d4e5f",
        colorText: "#2b2b2b",
        colorDanger: "#a4262c",
        fontFamily: "Verdana, Arial, sans-serif",
        fontSizeBase: "18px",
        borderRadius: "4px",
      },
      rules: { ".Input": { border: "2px solid #7a726a" } },
    },
  };
}

export default function StripeCardFields({
  ref,
  publishableKey,
  amount,
}: {
  ref: Ref<CardFieldsHandle>;
  publishableKey: string;
  amount: Pence;
}) {
  const stripe = stripeFor(publishableKey);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => {
      if (current && !loaded) setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [stripe]);

  return (
    <section className={styles.cardFields} aria-labelledby="card-fields-heading">
      <h3 id="card-fields-heading">Card details</h3>
      <p>
        Your card details go straight to Stripe, our card payment provider, through the secure fields below.
        We never see or keep your card number.
      </p>
      {failed ? (
        <div className="error-box" role="alert">
          <p>{unavailable}</p>
          <CallUs />
        </div>
      ) : (
        <Elements stripe={stripe} options={elementsOptions(amount)}>
          <StripeFields ref={ref} onLoadError={() => setFailed(true)} />
        </Elements>
      )}
    </section>
  );
}

function StripeFields({ ref, onLoadError }: { ref: Ref<CardFieldsHandle>; onLoadError: () => void }) {
  const stripe = useStripe();
  const elements = useElements();

  useImperativeHandle(
    ref,
    () => ({
      async prepare() {
        if (!stripe || !elements) return false;
        // Stripe checks its own fields and shows what is missing or wrong inside them.
        const { error } = await elements.submit();
        return !error;
      },
      async confirm(session): Promise<CardAnswer> {
        if (!stripe || !elements) {
          return { status: "failed", violations: [{ propertyPath: "Global", title: unavailable }] };
        }
        const { error, paymentIntent } = await stripe.confirmPayment({
          elements,
          clientSecret: session.clientSecret,
          confirmParams: { return_url: window.location.href },
          redirect: "if_required",
        });
        if (!error) {
          // Paid or being paid: what became of it reaches the API by Stripe's webhook.
          return paymentIntent.status === "requires_payment_method"
            ? { status: "declined", message: null }
            : { status: "processing", message: null };
        }
        switch (error.type) {
          case "card_error":
            return { status: "declined", message: error.message ?? null };
          case "validation_error":
            return { status: "invalid" };
          default:
            return {
              status: "failed",
              violations: [{ propertyPath: "Global", title: error.message ?? unavailable }],
            };
        }
      },
    }),
    [stripe, elements],
  );

  return <PaymentElement options={{ layout: "tabs" }} onLoadError={onLoadError} />;
}
