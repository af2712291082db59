"use client";

import type { ReactNode } from "react";
import { FormField } from "./form-field";
import styles from "./text-field.module.css";
import { useEnteredBeforeHydration } from "./entered-before-hydration";

type TextFieldType = "text" | "email" | "password";

export interface TextFieldProps {
  id: string;
  /** The form field's name; the id unless given. */
  name?: string;
  label: string;
  hint?: ReactNode;
  type?: TextFieldType;
  autoComplete: string;
  /** "numeric" brings up the number keypad on phones (sort codes, account and card numbers). */
  inputMode?: "numeric";
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** What is wrong, shown under the box; several problems are listed one under another. */
  error?: string | readonly string[];
  /** Shows the green tick: the caller sets it once the field has been left and is right. */
  valid?: boolean;
  /** A control beside the box, such as the password field's Show password button. */
  action?: ReactNode;
}

/**
 * A labelled text box (DESIGN.md "Forms"): the label above, then the hint, the box, and under it
 * either what is wrong (read out as "Error: ...") or, once it has been filled in correctly, a tick.
 */
export function TextField({
  id,
  name,
  label,
  hint,
  type = "text",
  autoComplete,
  inputMode,
  value,
  onChange,
  onBlur,
  error,
  valid = false,
  action,
}: TextFieldProps) {
  const box = useEnteredBeforeHydration<HTMLInputElement>(value, onChange);
  const errors = error === undefined ? [] : typeof error === "string" ? [error] : error;
  const hasError = errors.length > 0;
  const showTick = valid && !hasError;
  const validId = `${id}-valid`;
  const inputClass = [
    "input",
    styles.input,
    hasError ? "input--error" : null,
    showTick ? styles.inputValid : null,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      error={errors}
      inputWrapperClassName={styles.row}
      afterInput={
        <>
          {showTick ? (
            <span className={styles.tick} id={validId}>
              <span aria-hidden="true">✓</span>
              <span className="visually-hidden">Looks good</span>
            </span>
          ) : null}
          {action}
        </>
      }
    >
      {(describedBy) => (
        <input
          ref={box}
          className={inputClass}
          id={id}
          name={name ?? id}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          autoCapitalize={type === "text" ? undefined : "none"}
          spellCheck={type === "text" && !inputMode ? undefined : false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-describedby={[describedBy, showTick ? validId : null].filter(Boolean).join(" ") || undefined}
          aria-invalid={hasError ? true : undefined}
        />
      )}
    </FormField>
  );
}
