"use client";

import { useState } from "react";
import {
  resendConfirmationBodySchema,
  type MessageResponse,
  type ResendConfirmationBody,
  type Violation,
} from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { apiRequest } from "../lib/api-client";
import { FormShell } from "./form-shell";
import { useFormField, useSchemaForm } from "./schema-form";
import { SuccessBox } from "./success-box";
import { TextField } from "./text-field";
import { ViolationsBox } from "./violations-box";

const labels = { email: "Email address" } as const;

type Outcome = { kind: "sent"; message: string } | { kind: "failed"; violations: readonly Violation[] };

/**
 * "Send the confirmation email again" (`POST /api/account/resend-confirmation`): the answer is
 * the same whether or not the address has an account to confirm, so it tells nobody who has one.
 */
export function ResendConfirmationForm({ email = "", idPrefix }: { email?: string; idPrefix: string }) {
  const form = useSchemaForm({
    schema: resendConfirmationBodySchema,
    idPrefix,
    labels,
    defaultValues: { email },
  });
  const field = useFormField(form, "email");
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function send(values: ResendConfirmationBody) {
    const result = await apiRequest<MessageResponse>("/api/account/resend-confirmation", {
      method: "POST",
      body: { email: values.email.trim() },
    });
    setOutcome(
      result.ok
        ? { kind: "sent", message: result.data.message || messages.confirmLinkResent }
        : { kind: "failed", violations: result.data.violations },
    );
  }

  if (outcome?.kind === "sent") {
    return (
      <SuccessBox>
        <p>{outcome.message}</p>
      </SuccessBox>
    );
  }
  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={send}
      submitLabel="Send me a new link"
      busyLabel="Sending…"
      before={
        outcome?.kind === "failed" ? (
          <ViolationsBox title="We could not send a new link" violations={outcome.violations} />
        ) : null
      }
    >
      <TextField {...field} label={labels.email} type="email" autoComplete="email" />
    </FormShell>
  );
}
