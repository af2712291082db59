"use client";

import { useImperativeHandle, useState, type Ref } from "react";
import type { SandboxCardAnswer } from "@kindred/contracts";
import { purchaseMessages } from "@kindred/domain";
import { ErrorSummary } from "../../components/error-summary";
import { TextField } from "../../components/text-field";
import { apiRequest } from "../../lib/api-client";
import type { CardAnswer, CardFieldsHandle, CardSession } from "./card-fields";
import styles from "./payment.module.css";

/**
 * The card fields of the embedded sandbox payment provider: the provider's own page, not ours,
 * standing in for a real provider's fields (Stripe's, say) and labelled as the test payment page.
 * As with a real provider, the card details stay inside these fields and go only to the
 * provider (`POST /api/sandbox-provider/card-payments/{id}/confirm`): never to our state, the
 * query cache, storage or a log. The page asks them to `prepare` (all three details are there),
 * to `confirm` a payment, and to `authenticate` it when the bank asks for its extra step.
 */

type CardField = "cardNumber" | "expiry" | "securityCode";
const cardFields: readonly CardField[] = ["cardNumber", "expiry", "securityCode"];
const missing: Record<CardField, string> = {
  cardNumber: purchaseMessages.cardNumberMissing,
  expiry: purchaseMessages.cardExpiryMissing,
  securityCode: purchaseMessages.cardSecurityCodeMissing,
};
const fieldLabels: Record<CardField, string> = {
  cardNumber: "Card number",
  expiry: "Expiry date",
  securityCode: "Security code",
};

const sandboxTestCards = [
  { number: "4242 4242 4242 4242", outcome: "the payment goes through" },
  { number: "4000 0000 0000 0002", outcome: "the card is declined" },
  { number: "4000 0025 0000 3155", outcome: "your bank asks you to confirm the payment" },
] as const;

function providerPath(session: CardSession, action: "confirm" | "authenticate"): string {
  return `/api/sandbox-provider/card-payments/${encodeURIComponent(session.providerPaymentId)}/${action}`;
}

export function SandboxCardFields({
  ref,
  idPrefix = "card",
}: {
  ref: Ref<CardFieldsHandle>;
  idPrefix?: string;
}) {
  const [values, setValues] = useState<Record<CardField, string>>({
    cardNumber: "",
    expiry: "",
    securityCode: "",
  });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  // Each refusal's summary takes focus once.
  const [refusals, setRefusals] = useState(0);
  const [focusedRefusal, setFocusedRefusal] = useState(0);
  const fieldId = (field: CardField) =>
    `${idPrefix}-${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

  function refuse(found: Partial<Record<CardField, string>>): CardAnswer {
    setErrors(found);
    setRefusals((count) => count + 1);
    return { status: "invalid" };
  }

  useImperativeHandle(
    ref,
    () => ({
      async prepare() {
        const empty = Object.fromEntries(
          cardFields.filter((field) => values[field].trim() === "").map((field) => [field, missing[field]]),
        );
        if (Object.keys(empty).length > 0) {
          refuse(empty);
          return false;
        }
        setErrors({});
        return true;
      },
      async confirm(session) {
        const answer = await apiRequest<SandboxCardAnswer>(providerPath(session, "confirm"), {
          method: "POST",
          body: {
            clientSecret: session.clientSecret,
            // Typed as on the card, in groups: the provider reads the digits.
            cardNumber: values.cardNumber.replace(/[\s-]/g, ""),
            expiry: values.expiry.trim(),
            securityCode: values.securityCode.trim(),
          },
        });
        if (answer.ok) return answer.data;
        const onFields = Object.fromEntries(
          answer.data.violations
            .filter((violation) => (cardFields as readonly string[]).includes(violation.propertyPath))
            .map((violation) => [violation.propertyPath, violation.title]),
        );
        if (Object.keys(onFields).length > 0) return refuse(onFields);
        return { status: "failed", violations: answer.data.violations };
      },
      async authenticate(session, approve) {
        const answer = await apiRequest<SandboxCardAnswer>(providerPath(session, "authenticate"), {
          method: "POST",
          body: { clientSecret: session.clientSecret, approve },
        });
        return answer.ok ? answer.data : { status: "failed", violations: answer.data.violations };
      },
    }),
    [values],
  );

  function change(field: CardField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  const summary = cardFields.flatMap((field) =>
    errors[field] ? [{ fieldId: fieldId(field), text: `${fieldLabels[field]}: ${errors[field]}` }] : [],
  );

  return (
    <section className={styles.testPage} aria-labelledby={`${idPrefix}-test-page-heading`}>
      <h3 id={`${idPrefix}-test-page-heading`}>Card details: test payment page</h3>
      <div className={styles.testNotice}>
        <p>
          <strong>Test payments: no real money is taken.</strong> Use one of these test cards, any expiry date
          in the future (like 04/29) and any 3 digits as the security code:
        </p>
        <ul className={styles.testCards}>
          {sandboxTestCards.map((card) => (
            <li key={card.number}>
              <span className={styles.cardNumber}>{card.number}</span>: {card.outcome}
            </li>
          ))}
        </ul>
      </div>
      {summary.length > 0 ? (
        <ErrorSummary
          errors={summary}
          focus={refusals !== focusedRefusal}
          onFocused={() => setFocusedRefusal(refusals)}
        />
      ) : null}
      <TextField
        id={fieldId("cardNumber")}
        label={fieldLabels.cardNumber}
        hint="The long number on the front of your card"
        autoComplete="cc-number"
        inputMode="numeric"
        value={values.cardNumber}
        onChange={(value) => change("cardNumber", value)}
        error={errors.cardNumber}
      />
      <div className={styles.narrowField}>
        <TextField
          id={fieldId("expiry")}
          label={fieldLabels.expiry}
          hint="For example, 04/29"
          autoComplete="cc-exp"
          value={values.expiry}
          onChange={(value) => change("expiry", value)}
          error={errors.expiry}
        />
        <TextField
          id={fieldId("securityCode")}
          label={fieldLabels.securityCode}
          hint="The last 3 digits on the back of the card"
          autoComplete="cc-csc"
          inputMode="numeric"
          value={values.securityCode}
          onChange={(value) => change("securityCode", value)}
          error={errors.securityCode}
        />
      </div>
    </section>
  );
}
