"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import type { ErrorSummaryItem } from "../../components/error-summary";
import { FormShell } from "../../components/form-shell";

/**
 * A step's form on the one form engine (components/form-shell.tsx). A step's answers live in the
 * journey store, not in the form, and its rules are the domain's (`stepErrors`: they need the
 * catalogue and ask for unanswered questions, which a saved plan may leave open), so the form is
 * checked by a resolver over `validate` rather than a zod schema. Checked when Continue is
 * pressed; after that the errors follow the answers, so an error goes as soon as it is put right.
 */
/** One line per field, the first problem with each (as the resolver holds them). */
function firstPerField(items: readonly ErrorSummaryItem[]): ErrorSummaryItem[] {
  return items.filter((item, index) => items.findIndex((other) => other.fieldId === item.fieldId) === index);
}

export function useStepValidation(validate: () => ErrorSummaryItem[]) {
  const latest = useRef(validate);
  useEffect(() => {
    latest.current = validate;
  });
  const form = useForm({
    mode: "onSubmit",
    shouldFocusError: false,
    resolver: (async () => {
      const errors: FieldErrors = {};
      for (const item of firstPerField(latest.current())) {
        errors[item.fieldId] = { type: "step", message: item.text };
      }
      return { values: {}, errors };
    }) as Resolver,
  });
  const { errors: held, isSubmitted } = form.formState;
  const errors: ErrorSummaryItem[] = Object.entries(held).map(([fieldId, error]) => ({
    fieldId,
    text: typeof error?.message === "string" ? error.message : "",
  }));

  // Answers change in the store, not through the form: check again whenever what is wrong changes.
  const now = isSubmitted ? JSON.stringify(firstPerField(validate())) : null;
  const shown = JSON.stringify(errors);
  const checking = useRef<string | null>(null);
  useEffect(() => {
    if (now === null || now === shown || now === checking.current) return;
    checking.current = now;
    void form.trigger().finally(() => {
      checking.current = null;
    });
  });

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
