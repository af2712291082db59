"use client";

import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { referralCodeFieldsSchema, type ReferralCodeFields } from "@kindred/contracts";
import { violationsOf } from "../lib/api-query";
import { referralQueries, useApplyReferralCode } from "../lib/referral-queries";
import { FormShell } from "./form-shell";
import { LoadingSpinner } from "./loading-spinner";
import styles from "./referral.module.css";
import { useFormField, useSchemaForm } from "./schema-form";
import { SuccessBox } from "./success-box";
import { TextField } from "./text-field";
import { useFormFailure } from "./use-form-failure";

const labels = { code: "Referral code" } as const;

/** What the API says about the code or the plan, shown under the field; anything else goes in a box. */
const aboutTheCode = new Set(["code", "referreePlanId"]);

/**
 * "Have a referral code?" (`POST /api/referral-code/apply`): optional, for a plan not yet paid
 * for, folded away behind its question until opened. Says what a referral gives (the catalogue's words) before the code is applied, and once it
 * is, says so in a green box instead of the form. A code the API refuses is explained under the
 * field. Reads the plan's referral first, so a code applied earlier shows as applied.
 */
export function ReferralCodeForm({ planId, idPrefix = "referral" }: { planId: string; idPrefix?: string }) {
  const headingId = useId();
  const referral = useQuery(referralQueries.plan(planId));
  // The form is made when the question is opened, not with the page: most people never open it,
  // and a form costs a slow phone its share of the page's first work (issue 28).
  const [opened, setOpened] = useState(false);

  if (referral.status === "pending") return <LoadingSpinner label="Checking for a referral code…" />;

  // Without the plan's referral (it could not be read), the form still works; the words of the
  // reward come back with the applied code.
  const description = referral.data?.description;
  const applied = referral.data?.applied;
  if (applied) {
    return (
      <section className={styles.referral} aria-labelledby={headingId}>
        <SuccessBox>
          <h2 className="success-box__title" id={headingId}>
            Your referral code is added
          </h2>
          <p>
            We have added the referral code <strong>{applied.code}</strong> to your plan.
          </p>
          {description ? <p>{description}</p> : null}
        </SuccessBox>
      </section>
    );
  }

  // Optional, so it stays folded away (one line) until the person opens it: the page's main
  // action is not pushed down by a form most people do not need (issue 25 item 8).
  return (
    <details
      className={`${styles.referral} ${styles.disclosure}`}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>Have a referral code?</summary>
      <p>If a friend or relative gave you a referral code, you can add it here. You do not need one.</p>
      {description ? <p>{description}</p> : null}
      {opened ? <ReferralCodeEntry planId={planId} idPrefix={idPrefix} /> : null}
    </details>
  );
}

/** The code's field and "Apply code"; once the API takes the code, the plan's referral says it is added. */
function ReferralCodeEntry({ planId, idPrefix }: { planId: string; idPrefix: string }) {
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
