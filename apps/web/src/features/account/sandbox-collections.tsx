"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import {
  sandboxMandateEndings,
  type PlanPaymentsResponse,
  type SandboxCollectionsBody,
  type SandboxCollectionsResponse,
  type SandboxDirectDebitEndedBody,
  type SandboxDirectDebitEndedResponse,
  type SandboxFailedCollectionsRetriedResponse,
  type SandboxMandateEnding,
  type SandboxPlanBody,
} from "@kindred/contracts";
import { useEnteredBeforeHydration } from "../../components/entered-before-hydration";
import { FormField } from "../../components/form-field";
import { SelectField } from "../../components/select-field";
import { ViolationsBox } from "../../components/violations-box";
import { apiRequest } from "../../lib/api-client";
import { planQueries } from "../../lib/plan-queries";
import { paymentProvidersQuery } from "../../lib/payment-providers";
import styles from "./account.module.css";

/** How often the plan is asked again while the bank's answers to the collections taken arrive. */
const answersPollIntervalMs = 1000;

/** Collections the bank has answered: taken, or missed. */
const answered = (payments: PlanPaymentsResponse) => payments.collected + payments.missedPayments;

/**
 * Only on a test site, where the embedded sandbox takes Direct Debits (issue 25 item 9): take this
 * plan's collections due up to a day now, as the bank would on those days, so a demo sees a
 * collection paid or missed, the missed-payments letter and the arrears at once. The sandbox's
 * test account 55779911 pays; 55779922 has every collection fail.
 */
export function SandboxCollections({ planId, payments }: { planId: string; payments: PlanPaymentsResponse }) {
  const fieldId = useId();
  const cardFields = useQuery(paymentProvidersQuery());
  const toCome = payments.collections.filter((collection) => collection.status === "scheduled");
  const [until, setUntil] = useState(toCome[1]?.date ?? toCome[0]?.date ?? "");
  const untilBox = useEnteredBeforeHydration<HTMLInputElement>(until, setUntil);
  const [expected, setExpected] = useState<number | null>(null);
  // Asked again until the bank's answer to every collection taken has arrived.
  useQuery({
    ...planQueries.payments(planId),
    enabled: expected !== null,
    refetchInterval: (query) =>
      query.state.data && expected !== null && answered(query.state.data) < expected
        ? answersPollIntervalMs
        : false,
  });
  const take = useMutation({
    mutationFn: () =>
      apiRequest<SandboxCollectionsResponse>("/api/sandbox-provider/collections", {
        method: "POST",
        body: { planId, until } satisfies SandboxCollectionsBody,
      }),
    onSuccess: (answer) => {
      if (answer.ok) setExpected(answered(payments) + answer.data.taken);
    },
  });

  if (cardFields.data?.directDebitProvider !== "sandbox" || !payments.directDebit || toCome.length === 0) {
    return null;
  }
  return (
    <section className="info-box" aria-labelledby={`${fieldId}-heading`}>
      <h3 id={`${fieldId}-heading`} className="info-box__title">
        Test site: take collections now
      </h3>
      <p>
        This is a test site: no real money moves. Take this plan&apos;s monthly payments due up to a day now,
        as the bank would on those days, to see what happens when they are paid or missed.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          take.mutate();
        }}
      >
        <FormField id={fieldId} label="Take the payments due up to">
          {(describedBy) => (
            <input
              id={fieldId}
              className="input"
              type="date"
              ref={untilBox}
              value={until}
              required
              aria-describedby={describedBy}
              onChange={(event) => setUntil(event.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="button button--secondary" disabled={take.isPending}>
          Take the payments now
        </button>
      </form>
      {take.data?.ok === false ? (
        <ViolationsBox title="The payments could not be taken" violations={take.data.data.violations} />
      ) : null}
      {take.data?.ok ? (
        <p role="status" className={styles.afterButton}>
          {take.data.data.taken === 1 ? "1 payment was" : `${take.data.data.taken} payments were`} taken. What
          the bank said shows above as it arrives.
        </p>
      ) : null}
    </section>
  );
}

/** How the bank may end a Direct Debit, in words, as the test site offers them. */
const endingWords: Record<SandboxMandateEnding, string> = {
  bank_account_closed: "The bank account is closed",
  mandate_cancelled: "The customer cancels it at their bank",
  failed: "The bank refuses it",
  expired: "It expires",
};

/**
 * Only on a test site, where the embedded sandbox takes Direct Debits (issue 46 item 1): the bank
 * ends this plan's Direct Debit now, as a real bank may (the account closed, cancelled at the
 * bank, refused or expired), so a demo sees what follows: the payments stop, the email, and the
 * ways to carry on. The plan's answer is asked again until it says so.
 */
export function SandboxDirectDebitEnded({
  planId,
  payments,
}: {
  planId: string;
  payments: PlanPaymentsResponse;
}) {
  const fieldId = useId();
  const cardFields = useQuery(paymentProvidersQuery());
  const [how, setHow] = useState<SandboxMandateEnding>("bank_account_closed");
  const [asked, setAsked] = useState(false);
  useQuery({
    ...planQueries.payments(planId),
    enabled: asked,
    refetchInterval: (query) =>
      asked && query.state.data?.directDebit?.status === payments.directDebit?.status
        ? answersPollIntervalMs
        : false,
  });
  const end = useMutation({
    mutationFn: () =>
      apiRequest<SandboxDirectDebitEndedResponse>("/api/sandbox-provider/direct-debit-ended", {
        method: "POST",
        body: { planId, how } satisfies SandboxDirectDebitEndedBody,
      }),
    onSuccess: (answer) => {
      if (answer.ok && answer.data.ended) setAsked(true);
    },
  });
  const standing =
    payments.directDebit?.status === "active" || payments.directDebit?.status === "pending_submission";
  if (cardFields.data?.directDebitProvider !== "sandbox" || !standing) return null;
  return (
    <section className="info-box" aria-labelledby={`${fieldId}-heading`}>
      <h3 id={`${fieldId}-heading`} className="info-box__title">
        Test site: the bank ends the Direct Debit
      </h3>
      <p>
        This is a test site: no real money moves. End this plan&apos;s Direct Debit now, as a bank might, to
        see what happens when payments stop.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          end.mutate();
        }}
      >
        <SelectField
          id={fieldId}
          label="How it ends"
          placeholder="Choose how it ends"
          options={sandboxMandateEndings.map((ending) => ({ value: ending, label: endingWords[ending] }))}
          value={how}
          onChange={(value) => setHow(value as SandboxMandateEnding)}
        />
        <button type="submit" className="button button--secondary" disabled={end.isPending}>
          End the Direct Debit now
        </button>
      </form>
      {end.data?.ok === false ? (
        <ViolationsBox title="The Direct Debit could not be ended" violations={end.data.data.violations} />
      ) : null}
      {end.data?.ok ? (
        <p role="status" className={styles.afterButton}>
          {end.data.data.ended
            ? "The Direct Debit was ended. What follows shows above as it arrives."
            : "No Direct Debit was standing to end."}
        </p>
      ) : null}
    </section>
  );
}

/**
 * Only on a test site, where the embedded sandbox takes Direct Debits (issue 46 item 2): the bank
 * takes this plan's missed payments after all, as GoCardless retries a failed payment once the
 * money is there, so a demo sees money that arrives after a payment failed counted (or given back,
 * had the plan been paid another way since). The plan's answer is asked again until it arrives.
 */
export function SandboxRetryMissed({ planId, payments }: { planId: string; payments: PlanPaymentsResponse }) {
  const headingId = useId();
  const cardFields = useQuery(paymentProvidersQuery());
  const [expected, setExpected] = useState<number | null>(null);
  useQuery({
    ...planQueries.payments(planId),
    enabled: expected !== null,
    refetchInterval: (query) =>
      query.state.data && expected !== null && query.state.data.collected < expected
        ? answersPollIntervalMs
        : false,
  });
  const retry = useMutation({
    mutationFn: () =>
      apiRequest<SandboxFailedCollectionsRetriedResponse>(
        "/api/sandbox-provider/failed-collections-retried",
        {
          method: "POST",
          body: { planId } satisfies SandboxPlanBody,
        },
      ),
    onSuccess: (answer) => {
      if (answer.ok) setExpected(payments.collected + answer.data.retried);
    },
  });
  const standing =
    payments.directDebit?.status === "active" || payments.directDebit?.status === "pending_submission";
  if (cardFields.data?.directDebitProvider !== "sandbox" || !standing || payments.missedPayments === 0) {
    return null;
  }
  return (
    <section className="info-box" aria-labelledby={headingId}>
      <h3 id={headingId} className="info-box__title">
        Test site: the bank takes the missed payments after all
      </h3>
      <p>
        This is a test site: no real money moves. Have the bank try this plan&apos;s missed payments again and
        take them, as it may once the money is in the account.
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={retry.isPending}
        onClick={() => retry.mutate()}
      >
        Take the missed payments now
      </button>
      {retry.data?.ok === false ? (
        <ViolationsBox
          title="The missed payments could not be taken"
          violations={retry.data.data.violations}
        />
      ) : null}
      {retry.data?.ok ? (
        <p role="status" className={styles.afterButton}>
          {retry.data.data.retried === 1 ? "1 payment was" : `${retry.data.data.retried} payments were`}{" "}
          taken. What the bank said shows above as it arrives.
        </p>
      ) : null}
    </section>
  );
}
