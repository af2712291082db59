"use client";

import { useEffect } from "react";
import { bankDetailsSchema, type CreateDirectDebitResponse } from "@kindred/contracts";
import { purchaseMessages } from "@kindred/domain";
import { z } from "zod";
import { Checkbox } from "../../components/checkbox";
import { FormShell } from "../../components/form-shell";
import { useFormFailure } from "../../components/use-form-failure";
import { useCheckboxField, useFormField, useSchemaForm } from "../../components/schema-form";
import { TextField } from "../../components/text-field";
import { useAttemptKey } from "../../lib/idempotency-key";
import { createDirectDebit, verifyBankDetails } from "./payment-requests";
import styles from "./payment.module.css";

const schema = bankDetailsSchema.extend({
  isSoleSignatory: z.boolean().refine((confirmed) => confirmed, purchaseMessages.soleSignatoryNeeded),
});
type Fields = z.input<typeof schema>;
type BankDetailsAnswer = z.output<typeof schema>;

const labels = {
  accountHolderName: "Name of the account holder",
  sortCode: "Sort code",
  accountNumber: "Account number",
  isSoleSignatory: "Account holder",
} as const;
const defaultValues: Fields = {
  accountHolderName: "",
  sortCode: "",
  accountNumber: "",
  isSoleSignatory: false,
};

/**
 * The Direct Debit for the monthly payments (issue 10 item 2): the account holder's name, sort
 * code and account number, and their word that nobody else is needed to authorise debits. The
 * details are checked (`/api/direct-debit-v2/verify`), then the mandate is set up
 * (`/api/direct-debit-v2/create`, with the attempt's Idempotency-Key). What the API says is wrong
 * goes under the field it is about; everything typed stays as it was. The details live only in
 * this form: never in storage, the query cache or a log.
 */
export function DirectDebitForm({
  planId,
  onCreated,
}: {
  planId: string;
  onCreated: (created: CreateDirectDebitResponse) => void;
}) {
  const form = useSchemaForm<Fields, BankDetailsAnswer>({
    schema,
    idPrefix: "direct-debit",
    labels,
    defaultValues,
  });
  const accountHolderName = useFormField(form, "accountHolderName");
  const sortCode = useFormField(form, "sortCode");
  const accountNumber = useFormField(form, "accountNumber");
  const soleSignatory = useCheckboxField(form, "isSoleSignatory");
  const key = useAttemptKey();
  const failure = useFormFailure(form.form, Object.keys(labels));

  // Different details are a different request: they go with a new key.
  useEffect(() => {
    const subscription = form.form.watch(() => key.renew());
    return () => subscription.unsubscribe();
  }, [form.form, key]);

  async function setUp(details: BankDetailsAnswer) {
    const { accountHolderName, sortCode, accountNumber } = details;
    failure.clear();
    const verified = await verifyBankDetails({ accountHolderName, sortCode, accountNumber });
    if (!verified.ok) return failure.fail(verified.data.violations);
    const created = await createDirectDebit(
      { planId, accountHolderName, sortCode, accountNumber, isSoleSignatory: true },
      key.current(),
    );
    if (!created.ok) {
      // Refused: nothing was set up, so trying again is a new attempt. A lost answer keeps its key.
      if (created.status >= 400 && created.status < 500) key.renew();
      return failure.fail(created.data.violations);
    }
    onCreated(created.data);
  }

  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={setUp}
      submitLabel="Set up Direct Debit"
      busyLabel="Setting up your Direct Debit…"
      before={failure.box(
        "We could not set up your Direct Debit",
        <p>Please check the details and try again, or call us and we will help.</p>,
      )}
    >
      <TextField
        {...accountHolderName}
        label="Name of the account holder"
        hint="As it is on the account, for example on a bank statement"
        autoComplete="name"
      />
      <div className={styles.narrowField}>
        <TextField
          {...sortCode}
          label="Sort code"
          hint="6 digits, for example 20-00-00"
          autoComplete="off"
          inputMode="numeric"
        />
      </div>
      <TextField
        {...accountNumber}
        label="Account number"
        hint="6 to 8 digits"
        autoComplete="off"
        inputMode="numeric"
      />
      <Checkbox
        {...soleSignatory}
        label="I am the account holder and the only person needed to authorise debits from this account"
        hint="If the account needs more than one person to authorise payments, please call us to set up your Direct Debit."
      />
    </FormShell>
  );
}
