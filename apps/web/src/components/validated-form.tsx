"use client";

import { useCallback, useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { ErrorSummary, type ErrorSummaryItem } from "./error-summary";
import styles from "./validated-form.module.css";

/**
 * A form with GOV.UK's error summary above it after a failed submit (it takes focus once per
 * attempt, never while the person types) and its main button at the end. `onSubmit` decides
 * whether the attempt was good (usually with `useFormFields().attemptSubmit()`).
 */
export function ValidatedForm({
  summary,
  attempt,
  onSubmit,
  submitLabel,
  busy = false,
  busyLabel,
  before,
  after,
  children,
}: {
  summary: readonly ErrorSummaryItem[];
  attempt: number;
  onSubmit: () => void;
  submitLabel: string;
  /** While a request is on its way: the button says so and further presses do nothing. */
  busy?: boolean;
  busyLabel?: string;
  /** Shown between the error summary and the fields, such as a failed request's box. */
  before?: ReactNode;
  /** Shown under the button, such as a "Forgotten your password?" link. */
  after?: ReactNode;
  children: ReactNode;
}) {
  // The attempt whose errors have been given focus: each failed submit focuses the summary once.
  const focusedAttempt = useRef(0);
  const markFocused = useCallback(() => {
    focusedAttempt.current = attempt;
  }, [attempt]);
  // An attempt with nothing to fix counts as seen: errors that appear later, while the person
  // types (after a request failed, say), must not pull focus away from their field.
  useEffect(() => {
    if (summary.length === 0) focusedAttempt.current = attempt;
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSubmit();
  }

  return (
    <>
      {summary.length > 0 ? (
        <ErrorSummary errors={summary} focus={attempt !== focusedAttempt.current} onFocused={markFocused} />
      ) : null}
      {before}
      <form noValidate onSubmit={submit} className={styles.form} aria-busy={busy || undefined}>
        {children}
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? (busyLabel ?? submitLabel) : submitLabel}
        </button>
        {after}
      </form>
    </>
  );
}
