"use client";

import { useState, type ReactNode } from "react";
import type { ErrorSummaryItem } from "../../components/error-summary";
import { FormShell, type ShellForm } from "../../components/form-shell";

/** One line per field, the first problem with each. */
function firstPerField(items: readonly ErrorSummaryItem[]): ErrorSummaryItem[] {
  return items.filter((item, index) => items.findIndex((other) => other.fieldId === item.fieldId) === index);
}

/**
 * A step's form, laid out by the one form shell (components/form-shell.tsx) but without a form
 * engine: a step's answers live in the journey store, not in the form, and its rules are the
 * domain's (`stepErrors`: they need the catalogue and ask for unanswered questions, which a saved
 * plan may leave open), so there are no field values to hold and no schema to check, and this
 * small hook over `validate` is all a step needs (docs/decisions/011-web-plumbing.md). Checked
 * when Continue is pressed; after that the errors follow the answers, so an error goes as soon
 * as it is put right.
 */
export function useStepValidation(validate: () => ErrorSummaryItem[]) {
  const [submitCount, setSubmitCount] = useState(0);
  const errors = submitCount > 0 ? firstPerField(validate()) : [];
  const form: ShellForm<void> = {
    formState: { submitCount, isSubmitting: false },
    handleSubmit: (onValid) => async (event) => {
      event.preventDefault();
      setSubmitCount((count) => count + 1);
      if (validate().length === 0) await onValid();
    },
  };

  return {
    form,
    errors,
    errorFor: (fieldId: string) => errors.find((error) => error.fieldId === fieldId)?.text,
  };
}

/** A step's form: the error summary at the top, the questions, and Continue. */
export function StepForm({
  validation,
  onContinue,
  continueLabel = "Continue",
  after,
  children,
}: {
  validation: ReturnType<typeof useStepValidation>;
  onContinue: () => void;
  continueLabel?: string;
  /** Shown under Continue: another way on, such as the packages. */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <FormShell
      form={validation.form}
      summary={validation.errors}
      onValid={onContinue}
      submitLabel={continueLabel}
      className="step-form"
      after={after}
    >
      {children}
    </FormShell>
  );
}
