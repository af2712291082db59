"use client";

import { referralCodeFieldsSchema, type ReferralCodeFields } from "@kindred/contracts";
import { violationsOf } from "../lib/api-query";
import { useApplyReferralCode } from "../lib/referral-queries";
import { FormShell } from "./form-shell";
import { useFormField, useSchemaForm } from "./schema-form";
import { TextField } from "./text-field";
import { useFormFailure } from "./use-form-failure";

const labels = { code: "Referral code" } as const;

/** What the API says about the code or the plan, shown under the field; anything else goes in a box. */
const aboutTheCode = new Set(["code", "referreePlanId"]);

/** The code's field and "Apply code"; once the API takes the code, the plan's referral says it is added. */
export function ReferralCodeEntry({ planId, idPrefix }: { planId: string; idPrefix: string }) {
  const applyCode = useApplyReferralCode(planId);
  const form = useSchemaForm({
    schema: referralCodeFieldsSchema,
    idPrefix,
    labels,
    defaultValues: { code: "" },
  });
  const code = useFormField(form, "code");
  const failure = useFormFailure(form.form, ["code"]);

  async function apply({ code: typed }: ReferralCodeFields) {
    failure.clear();
    try {
      await applyCode.mutateAsync(typed);
    } catch (error) {
      failure.fail(
        violationsOf(error).map((violation) =>
          aboutTheCode.has(violation.propertyPath) ? { ...violation, propertyPath: "code" } : violation,
        ),
      );
    }
  }

  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={apply}
      submitLabel="Apply code"
      busyLabel="Checking your code…"
      before={failure.box("We could not add your referral code")}
    >
      {/* No tick: a code is only known to be right once the API has checked it. */}
      <TextField
        {...code}
        valid={false}
        label={labels.code}
        hint="It looks like KIND-7K4P-Q2. Capital letters, spaces and dashes do not matter."
        autoComplete="off"
      />
    </FormShell>
  );
}
