"use client";

import { useCallback, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ErrorSummary, type ErrorSummaryItem } from "../../components/error-summary";

/**
 * Checks a step's answers when Continue is pressed. After the first attempt the errors follow
 * the answers as they change, so an error goes as soon as it is put right.
 */
export function useStepValidation(validate: () => ErrorSummaryItem[]) {
  const [attempt, setAttempt] = useState(0);
  const errors = attempt > 0 ? validate() : [];
  const errorFor = (fieldId: string) => errors.find((error) => error.fieldId === fieldId)?.text;
  return {
    errors,
    attempt,
    errorFor,
    /** Records an attempt; true when there is nothing to put right. */
    attemptContinue(): boolean {
      setAttempt((count) => count + 1);
      return validate().length === 0;
    },
  };
}

/** A step's form: the error summary at the top, the questions, and Continue. */
export function StepForm({
  validation,
  onContinue,
  continueLabel = "Continue",
  children,
}: {
  validation: ReturnType<typeof useStepValidation>;
  onContinue: () => void;
  continueLabel?: string;
  children: ReactNode;
}) {
  // The attempt whose errors have been given focus: each failed Continue focuses the summary once.
  const focusedAttempt = useRef(0);
  const markFocused = useCallback(() => {
    focusedAttempt.current = validation.attempt;
  }, [validation.attempt]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (validation.attemptContinue()) onContinue();
  }
  return (
    <>
      {validation.errors.length > 0 ? (
        <ErrorSummary
          errors={validation.errors}
          focus={validation.attempt !== focusedAttempt.current}
          onFocused={markFocused}
        />
      ) : null}
      <form noValidate onSubmit={submit} className="step-form">
        {children}
        <button type="submit" className="button">
          {continueLabel}
        </button>
      </form>
    </>
  );
}
