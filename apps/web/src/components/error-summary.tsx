"use client";

import { useEffect, useId, useRef, type MouseEvent } from "react";

export interface ErrorSummaryItem {
  /** The id of the field to move to (for radios, the first radio's id). */
  fieldId: string;
  text: string;
}

/**
 * GOV.UK's error summary: at the top of the page, linking to each field that needs an answer.
 * It takes focus when `focus` is set (after a failed Continue), and says so with `onFocused`;
 * errors that appear while the person is typing do not pull focus away from their field.
 */
export function ErrorSummary({
  errors,
  focus,
  onFocused,
}: {
  errors: readonly ErrorSummaryItem[];
  focus: boolean;
  onFocused?: () => void;
}) {
  const summary = useRef<HTMLDivElement>(null);
  // Two forms can show a summary at once (the sign-in modal's), so the title's id is unique.
  const titleId = useId();

  useEffect(() => {
    if (!focus) return;
    summary.current?.focus();
    onFocused?.();
  }, [focus, onFocused]);

  function moveToField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    // Bring the question into view with the field, as the legend says what it is.
    (field.closest("fieldset") ?? field).scrollIntoView?.({ block: "start" });
    field.focus({ preventScroll: true });
  }

  return (
    <div className="error-summary" ref={summary} tabIndex={-1} role="alert" aria-labelledby={titleId}>
      <h2 className="error-summary__title" id={titleId}>
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a href={`#${error.fieldId}`} onClick={(event) => moveToField(event, error.fieldId)}>
              {error.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
