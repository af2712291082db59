"use client";

import { staffRefundTransferBodySchema, type StaffRefundTransferBody } from "@kindred/contracts";
import { formatPrice } from "@kindred/domain";
import { useContext } from "react";
import { FormShell } from "../../components/form-shell";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { TextField } from "../../components/text-field";
import { useFormFailure } from "../../components/use-form-failure";
import { ConfirmFirst, useOneAtATime } from "./confirm-first";
import { PromptButton } from "./prompt-button";
import { SayDone, useQueuesReload } from "./staff-queue-parts";
import { recordRefundPaidByTransfer, sendRefundAgain, type StaffRefund } from "./staff-requests";
import styles from "./staff.module.css";

/**
 * What finance does with a refund in the refunds queue: send it to the provider again (one the
 * provider's call gave up on, or one that failed at the provider, as a new attempt), or, for one that
 * failed at the provider, record it repaid by bank transfer with the transfer's reference (issue 46
 * item 3). One press sends once; a refusal is said in the API's words.
 */
export function RefundActions({ refund }: { refund: StaffRefund }) {
  if (!refund.maySendAgain && !refund.mayRecordTransfer) return <>–</>;
  return (
    <div className={styles.actions}>
      {refund.maySendAgain ? <SendRefundAgain refund={refund} /> : null}
      {refund.mayRecordTransfer ? <RecordTransfer refund={refund} /> : null}
    </div>
  );
}

function SendRefundAgain({ refund: owed }: { refund: StaffRefund }) {
  const reload = useQueuesReload();
  const who = owed.customerName ?? "this customer";
  const how =
    owed.status === "failed_at_provider"
      ? "The last refund failed at the bank, so this is a new refund to the same card or account."
      : "It is sent once, however often the button is pressed.";
  return (
    <ConfirmFirst
      label="Send the refund again"
      busyLabel="Sending…"
      question="Send the refund again?"
      explanation={`This asks the payment provider again to refund ${formatPrice(owed.amountPence)} to ${who}. ${how}`}
      failureTitle="The refund was not sent again"
      id={`send-again-${owed.refundId}`}
      onConfirm={async () => {
        await sendRefundAgain(owed.refundId);
        await reload();
      }}
    />
  );
}

const transferLabels = { reference: "The bank transfer's reference" } as const;

function RecordTransfer({ refund }: { refund: StaffRefund }) {
  return (
    <PromptButton label="Record a bank transfer" title="Record a refund repaid by bank transfer">
      {(close) => <TransferForm refund={refund} onDone={close} />}
    </PromptButton>
  );
}

function TransferForm({ refund, onDone }: { refund: StaffRefund; onDone: () => void }) {
  const form = useSchemaForm({
    schema: staffRefundTransferBodySchema,
    idPrefix: `transfer-${refund.refundId}`,
    labels: transferLabels,
    defaultValues: { reference: "" },
  });
  const reference = useFormField(form, "reference");
  const failure = useFormFailure(form.form, ["reference"]);
  const reload = useQueuesReload();
  const sayDone = useContext(SayDone);
  const { run } = useOneAtATime();
  const who = refund.customerName ?? "the customer";

  const record = (body: StaffRefundTransferBody) =>
    run(async () => {
      failure.clear();
      await recordRefundPaidByTransfer(refund.refundId, body);
      onDone();
      sayDone(
        `Recorded: ${formatPrice(refund.amountPence)} repaid to ${who} by bank transfer ${body.reference}.`,
      );
      await reload();
    }, failure.fail);

  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={record}
      submitLabel="Record the transfer"
      busyLabel="Saving…"
      before={
        <>
          <p>
            Record this only once the bank has sent {formatPrice(refund.amountPence)} to {who}. The refund is
            then made, and the payment provider is not asked again.
          </p>
          {failure.box("The transfer was not recorded")}
        </>
      }
    >
      <TextField
        {...reference}
        label={transferLabels.reference}
        hint="As your bank gave it, so the customer's bank statement can be matched to it."
        autoComplete="off"
      />
    </FormShell>
  );
}
