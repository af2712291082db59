"use client";

import { FormField } from "./form-field";
import { useEnteredBeforeHydration } from "./entered-before-hydration";

/** An amount in pounds, typed as text ("25" or "25.50") with a £ before the box. */
export function MoneyField({
  id,
  label,
  hint,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const box = useEnteredBeforeHydration<HTMLInputElement>(value, onChange);
  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      error={error}
      inputWrapperClassName="money-input"
      beforeInput={
        <span className="money-input__prefix" aria-hidden="true">
          £
        </span>
      }
    >
      {(describedBy) => (
        <input
          ref={box}
          className={error ? "input input--money input--error" : "input input--money"}
          id={id}
          name={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        />
      )}
    </FormField>
  );
}
