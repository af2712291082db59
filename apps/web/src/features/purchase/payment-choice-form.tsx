"use client";

import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import type { PaymentChoiceBody, PaymentTermsResponse, PlanPaymentsResponse } from "@kindred/contracts";
import {
  depositChoicesFor,
  formatLongDate,
  formatPrice,
  type PayingBy,
  type PaymentChoice,
  paymentChoiceMessages,
  paymentChoiceProblems,
  paymentSchedule,
  type PaymentSchedule,
  type Pence,
  purchaseMessages,
  ukToday,
} from "@kindred/domain";
import { FormShell } from "../../components/form-shell";
import { useFormFailure } from "../../components/use-form-failure";
import { InstalmentTable } from "../../components/instalment-table";
import { RadioCards, type RadioCardOption } from "../../components/radio-cards";
import {
  domainRulesSchema,
  type FieldProblem,
  useFormField,
  useSchemaForm,
} from "../../components/schema-form";
import { WhenTheTimeComesList } from "../../components/when-the-time-comes-list";
import { IfPaymentsStop } from "./if-payments-stop";
import { savePaymentChoice } from "./payment-requests";
import styles from "./payment.module.css";

interface ChoiceFields {
  option: string;
  /** Pence, as the radio's value. */
  deposit: string;
  /** Months, as the radio's value. */
  months: string;
}

const labels = { option: "How you will pay", deposit: "Your deposit", months: "How long to pay over" };

/** The choice the fields make, or null while it is not a whole one. */
function choiceOf(fields: Partial<ChoiceFields>): PaymentChoice | null {
  if (fields.option === "full") return { option: "full" };
  if (fields.option !== "deposit" || !fields.deposit || !fields.months) return null;
  return { option: "deposit", deposit: Number(fields.deposit), months: Number(fields.months) };
}

/**
 * What is wrong with the fields as a choice for a plan of this price: the domain's rules
 * (`paymentChoiceProblems`), with a word for each question not yet answered.
 */
function choiceProblems(
  planPrice: Pence,
  terms: PaymentTermsResponse,
  fields: Partial<ChoiceFields>,
): FieldProblem[] {
  if (fields.option === "full") return [];
  if (fields.option !== "deposit") return [{ path: "option", message: purchaseMessages.choosePaymentOption }];
  const unanswered: FieldProblem[] = [
    ...(fields.deposit ? [] : [{ path: "deposit", message: paymentChoiceMessages.depositNotOffered }]),
    ...(fields.months ? [] : [{ path: "months", message: paymentChoiceMessages.termNotOffered }]),
  ];
  const choice = choiceOf(fields);
  const broken = choice
    ? Object.entries(paymentChoiceProblems(planPrice, choice, terms)).map(([path, message]) => ({
        path,
        message,
      }))
    : [];
  return [...unanswered, ...broken];
}

/** The form's schema: a choice the domain's rules accept for a plan of this price (no zod: decision 033). */
function choiceSchema(planPrice: Pence, terms: PaymentTermsResponse) {
  return domainRulesSchema<ChoiceFields, PaymentChoiceBody>(
    (fields) => choiceProblems(planPrice, terms, fields),
    (fields) => choiceOf(fields) ?? { option: "full" },
  );
}

function defaultsFrom(choice: PaymentChoiceBody | null, depositChoices: readonly Pence[]): ChoiceFields {
  if (choice?.option === "full") return { option: "full", deposit: "", months: "" };
  if (choice?.option === "deposit" && depositChoices.includes(choice.deposit)) {
    return { option: "deposit", deposit: String(choice.deposit), months: String(choice.months) };
  }
  return { option: "", deposit: "", months: "" };
}

/**
 * The way of paying the fields have chosen so far, as what happens at a death needs it: in full,
 * or by instalments over the chosen term (over any term, until one is chosen).
 */
function payingByOf(fields: Partial<ChoiceFields>): PayingBy | null {
  if (fields.option === "full") return { option: "full" };
  if (fields.option !== "deposit") return null;
  return fields.months ? { option: "deposit", months: Number(fields.months) } : { option: "deposit" };
}

function monthsText(months: number): string {
  return `${months} months`;
}

/**
 * How the person will pay (issue 10 item 1): in full by card, or a deposit by card and the rest
 * monthly by Direct Debit. For a deposit they choose the deposit and the term, and see the
 * schedule the domain works out (`paymentSchedule`) before they commit; Continue saves the choice
 * (`PUT /api/plan/{id}/payment-choice`). Nothing is charged here.
 */
export function PaymentChoiceForm({
  planId,
  planPrice,
  terms,
  savedChoice,
  onSaved,
}: {
  planId: string;
  planPrice: Pence;
  terms: PaymentTermsResponse;
  savedChoice: PaymentChoiceBody | null;
  onSaved: (payments: PlanPaymentsResponse) => void;
}) {
  const depositChoices = useMemo(() => depositChoicesFor(planPrice, terms), [planPrice, terms]);
  const schema = useMemo(() => choiceSchema(planPrice, terms), [planPrice, terms]);
  const defaultValues = useMemo(
    () => defaultsFrom(savedChoice, depositChoices),
    [savedChoice, depositChoices],
  );
  const form = useSchemaForm<ChoiceFields, PaymentChoiceBody>({
    schema,
    idPrefix: "payment",
    labels,
    defaultValues,
  });
  const option = useFormField(form, "option");
  const deposit = useFormField(form, "deposit");
  const months = useFormField(form, "months");
  const fields = useWatch({ control: form.form.control });
  const failure = useFormFailure(form.form, ["deposit", "months"]);

  const choice = choiceOf(fields);
  const problems = choice ? paymentChoiceProblems(planPrice, choice, terms) : {};
  const schedule =
    choice && !problems.deposit && !problems.months
      ? paymentSchedule(planPrice, choice, terms, ukToday())
      : null;
  const chosenDeposit = fields.deposit ? Number(fields.deposit) : null;
  const payingBy = payingByOf(fields);

  const optionCards: RadioCardOption[] = [
    {
      value: "full",
      label: "Pay in full",
      price: formatPrice(planPrice),
      description: "Pay the whole price now by debit or credit card. There is nothing more to pay.",
    },
    ...(depositChoices.length > 0
      ? [
          {
            value: "deposit",
            label: "Pay a deposit, then monthly by Direct Debit",
            description: `Pay a deposit now by card, from ${formatPrice(Math.min(...depositChoices))}, then the rest in monthly payments by Direct Debit over ${monthsText(
              Math.min(...terms.terms.map((term) => term.months)),
            )} to ${monthsText(Math.max(...terms.terms.map((term) => term.months)))}.`,
          },
        ]
      : []),
  ];
  const depositCards: RadioCardOption[] = depositChoices.map((amount) => ({
    value: String(amount),
    label: formatPrice(amount),
  }));
  const termCards: RadioCardOption[] = terms.terms.map((term) => {
    const preview =
      chosenDeposit === null
        ? null
        : paymentChoiceProblems(
            planPrice,
            { option: "deposit", deposit: chosenDeposit, months: term.months },
            terms,
          );
    const monthly =
      preview && !preview.deposit && !preview.months
        ? Math.floor((planPrice - (chosenDeposit ?? 0) + term.charge) / term.months)
        : null;
    const charge =
      term.charge === 0
        ? "No charge for paying over this time."
        : `A charge of ${formatPrice(term.charge)} for paying over this time.`;
    return {
      value: String(term.months),
      label: monthsText(term.months),
      // Short, so the name keeps its room on a phone: the charge, or none.
      price: term.charge === 0 ? "No charge" : `+${formatPrice(term.charge)}`,
      description:
        monthly === null
          ? chosenDeposit === null
            ? charge
            : `Not available with this deposit: each payment would be too small. ${charge}`
          : `About ${formatPrice(monthly)} a month. ${charge}`,
    };
  });

  async function save(body: PaymentChoiceBody) {
    failure.clear();
    const saved = await savePaymentChoice(planId, body);
    if (saved.ok) {
      onSaved(saved.data);
      return;
    }
    // The API's word on a deposit or term goes under that question (and in the error summary);
    // anything else in a box of its own.
    failure.fail(saved.data.violations);
  }

  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={save}
      submitLabel="Continue"
      busyLabel="Saving your choice…"
      before={failure.box("We could not save how you would like to pay")}
    >
      <RadioCards
        name={option.id}
        legend={<h2 className={styles.legendHeading}>How would you like to pay?</h2>}
        hint={
          depositChoices.length > 0
            ? "You will see exactly what you pay and when before you commit. Nothing is taken on this page."
            : "Paying by instalments is not offered for a plan of this price. Nothing is taken on this page."
        }
        options={optionCards}
        value={option.value === "" ? null : option.value}
        onChange={option.onChange}
        error={option.error?.[0]}
      />
      {fields.option === "deposit" ? (
        <>
          <RadioCards
            name={deposit.id}
            legend="How much would you like to pay as a deposit?"
            hint="The deposit is paid now by card. The rest is paid monthly by Direct Debit."
            options={depositCards}
            value={deposit.value === "" ? null : deposit.value}
            onChange={deposit.onChange}
            error={deposit.error?.[0] ?? (choice ? problems.deposit : undefined)}
          />
          <RadioCards
            name={months.id}
            legend="How long would you like to pay the rest over?"
            hint="A longer time means smaller monthly payments, with a charge for paying over more than a year."
            options={termCards}
            value={months.value === "" ? null : months.value}
            onChange={months.onChange}
            error={months.error?.[0] ?? (choice ? problems.months : undefined)}
          />
        </>
      ) : null}
      {schedule ? <ScheduleSummary schedule={schedule} /> : null}
      {payingBy ? (
        <IfThePersonCoveredDies payingBy={payingBy} moratoriumMonths={terms.moratoriumMonths} />
      ) : null}
      <IfPaymentsStop />
    </FormShell>
  );
}

/**
 * What happens if the person covered dies, for the way of paying chosen (issue 23 item 1; FPCOB
 * 7.2), before the person commits: the domain's sentences for paying in full or for the chosen
 * term, with the catalogue's first months. It changes as another term is picked.
 */
function IfThePersonCoveredDies({
  payingBy,
  moratoriumMonths,
}: {
  payingBy: PayingBy;
  moratoriumMonths: number;
}) {
  const way =
    payingBy.option === "full"
      ? "If you pay in full:"
      : payingBy.months === undefined
        ? "If you pay a deposit, then the rest monthly by Direct Debit:"
        : `If you pay a deposit, then the rest monthly over ${monthsText(payingBy.months)}:`;
  return (
    <section className={styles.schedule} aria-labelledby="when-the-time-comes-heading">
      <h2 id="when-the-time-comes-heading">What happens if the person covered dies</h2>
      <p>{way}</p>
      <WhenTheTimeComesList payingBy={payingBy} moratoriumMonths={moratoriumMonths} />
    </section>
  );
}

/** What the choice comes to, before the person commits: now, monthly, when, the charge, the total. */
function ScheduleSummary({ schedule }: { schedule: PaymentSchedule }) {
  const first = schedule.instalments[0];
  const last = schedule.instalments.at(-1);
  const regular = schedule.instalments[1]?.amount ?? first?.amount;
  return (
    <section className={styles.schedule} aria-labelledby="schedule-heading" aria-live="polite">
      <h2 id="schedule-heading">What you will pay</h2>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt className="summary-list__key">Pay now by card</dt>
          <dd className="summary-list__value">{formatPrice(schedule.payNow)}</dd>
        </div>
        {first && last && regular !== undefined ? (
          <>
            <div className="summary-list__row">
              <dt className="summary-list__key">Then each month by Direct Debit</dt>
              <dd className="summary-list__value">
                {first.amount === regular
                  ? `${schedule.instalments.length} payments of ${formatPrice(regular)}`
                  : `${formatPrice(first.amount)} for the first payment, then ${schedule.instalments.length - 1} payments of ${formatPrice(regular)}`}
              </dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">First monthly payment</dt>
              <dd className="summary-list__value">{formatLongDate(first.date)}</dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">Last monthly payment</dt>
              <dd className="summary-list__value">{formatLongDate(last.date)}</dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">Charge for paying by instalments</dt>
              <dd className="summary-list__value">
                {schedule.instalmentCharge === 0 ? "None (£0)" : formatPrice(schedule.instalmentCharge)}
              </dd>
            </div>
          </>
        ) : null}
        <div className="summary-list__row">
          <dt className="summary-list__key">Total you will pay</dt>
          <dd className="summary-list__value">{formatPrice(schedule.totalPayable)}</dd>
        </div>
      </dl>
      {first ? (
        <>
          <p>
            Your plan costs {formatPrice(schedule.planPrice)}.
            {schedule.instalmentCharge > 0
              ? ` The total includes the ${formatPrice(schedule.instalmentCharge)} charge for paying over ${schedule.instalments.length} months.`
              : " Paying over this time costs nothing extra."}{" "}
            The dates assume you set up your Direct Debit today: we give at least 10 working days&apos; notice
            before the first payment.
          </p>
          <details className={styles.details}>
            <summary>See the date and amount of every payment</summary>
            <InstalmentTable caption="Your monthly payments by Direct Debit" rows={schedule.instalments} />
          </details>
        </>
      ) : null}
    </section>
  );
}
