"use client";

import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { messages, planTypes } from "@kindred/domain";
import { z } from "zod";
import { BackLink } from "../../components/back-link";
import { FormShell } from "../../components/form-shell";
import { RadioCards } from "../../components/radio-cards";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { readPurchaseDraft, updatePurchaseDraft } from "./purchase-draft";
import { purchasePaths } from "./purchase-paths";

const schema = z.object({ planType: z.string().pipe(z.enum(planTypes, { error: messages.required })) });
const labels = { planType: "Who the plan is for" };

const options = [
  {
    value: "myself",
    label: "Me",
    description: "You are arranging your own funeral.",
  },
  {
    value: "someone-else",
    label: "Someone else",
    description: "You are arranging it for someone close to you, such as a parent or partner.",
  },
] as const;

/** `/purchase`: the first purchase question, who the plan is for (SPEC.md's planType). */
export function WhoForScreen() {
  const router = useRouter();
  const defaultValues = useMemo(() => ({ planType: readPurchaseDraft().planType ?? "" }), []);
  const form = useSchemaForm({ schema, idPrefix: "purchase", labels, defaultValues });
  const planType = useFormField(form, "planType");

  function next(values: z.infer<typeof schema>) {
    updatePurchaseDraft({ planType: values.planType });
    router.push(purchasePaths.customer);
  }

  return (
    <div className="page-width journey-page">
      <BackLink href="/planning/documents" />
      <p className="caption">Buying your plan</p>
      <FormShell form={form.form} summary={form.summary} onValid={next} submitLabel="Continue">
        <RadioCards
          name={planType.id}
          legend="Who is this funeral plan for?"
          legendIsPageHeading
          hint="Next we will ask for your details, then about anyone else involved. It takes about 10 minutes."
          options={options}
          value={planType.value === "" ? null : planType.value}
          onChange={planType.onChange}
          error={planType.error?.[0]}
        />
      </FormShell>
    </div>
  );
}
