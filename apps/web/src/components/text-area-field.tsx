"use client";

import { FormField } from "./form-field";
import { useEnteredBeforeHydration } from "./entered-before-hydration";

/** A labelled text box for notes, with an optional hint and the error under the box. */
export function TextAreaField({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  rows = 4,
  maxLength = 2000,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  rows?: number;
  maxLength?: number;
}) {
  const box = useEnteredBeforeHydration<HTMLTextAreaElement>(value, onChange);
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <textarea
          ref={box}
          className={error ? "textarea textarea--error" : "textarea"}
          id={id}
          name={id}
          rows={rows}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        />
      )}
    </FormField>
  );
}
