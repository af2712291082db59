"use client";

import { useCallback, useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "../lib/use-hydrated";
import { ErrorSummary, type ErrorSummaryItem } from "./error-summary";
import styles from "./form.module.css";

/**
 * What the shell needs of a form: how often it was submitted, whether a submit is still running,
 * and a submit handler that checks it and calls `onValid` when it passes. react-hook-form's
 * `useForm` (schema-form.ts) gives this; a journey step gives it from its own small hook
 * (features/planning/step-form.tsx), so the step pages do not download a form engine.
 */
export interface ShellForm<Output> {
  formState: { submitCount: number; isSubmitting: boolean };
  handleSubmit: (
    onValid: (values: Output) => void | Promise<void>,
  ) => (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/**
 * A form with GOV.UK's error summary above it (it takes focus once after each failed submit, never
 * while the person types) and its main button at the end; while `onValid`'s promise is pending the
 * button says so and further presses do nothing.
 */
export function FormShell<Output>({
  form,
  summary,
  onValid,
  submitLabel,
  busyLabel,
  className = styles.form,
  before,
  after,
  needsScript = false,
  children,
}: {
  form: ShellForm<Output>;
  summary: readonly ErrorSummaryItem[];
  onValid: (values: Output) => void | Promise<void>;
  submitLabel: string;
  busyLabel?: string;
  className?: string;
  /** Shown between the error summary and the fields, such as a failed request's box. */
  before?: ReactNode;
  /** Shown under the button, such as a "Forgotten your password?" link. */
  after?: ReactNode;
  /**
   * For a form that cannot work without the page's script (the back office's sign-in keeps its
   * token in the tab): its button is disabled until the page has come to life, so a press before
   * then does nothing, instead of sending the form to a page that refuses it (405).
   */
  needsScript?: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const { submitCount, isSubmitting } = form.formState;
  // The attempt whose errors have been given focus: each failed submit focuses the summary once.
  const focusedAttempt = useRef(0);
  const markFocused = useCallback(() => {
    focusedAttempt.current = submitCount;
  }, [submitCount]);
  // An attempt with nothing to fix counts as seen: errors that appear later, while the person
  // types, must not pull focus away from their field.
  useEffect(() => {
    if (summary.length === 0) focusedAttempt.current = submitCount;
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    if (isSubmitting) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(onValid)(event);
  }

  return (
    <>
      {summary.length > 0 ? (
        <ErrorSummary
          errors={summary}
          focus={submitCount !== focusedAttempt.current}
          onFocused={markFocused}
        />
      ) : null}
      {before}
      {/* method="post": pressed before the page has come to life, a form without one is sent by
          the browser itself as a GET, with every answer (a password too) in the address and so in
          the servers' logs. A POST to a page is refused (405) and carries nothing into a log. */}
      <form
        method="post"
        noValidate
        onSubmit={submit}
        className={className}
        aria-busy={isSubmitting || undefined}
      >
        {children}
        <button
          type="submit"
          className="button"
          aria-disabled={isSubmitting || undefined}
          disabled={needsScript && !hydrated}
        >
          {isSubmitting ? (busyLabel ?? submitLabel) : submitLabel}
        </button>
        {after}
      </form>
    </>
  );
}
