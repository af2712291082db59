import type { ReactNode } from "react";
import styles from "./choice.module.css";
import { useEnteredBeforeHydration } from "./entered-before-hydration";
import { FormField } from "./form-field";

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled drop-down list; `placeholder` is the first, empty choice ("Choose a title"). */
export function SelectField({
  id,
  label,
  hint,
  options,
  placeholder,
  placeholderValue = "",
  value,
  onChange,
  onBlur,
  error,
  autoComplete,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  options: readonly SelectOption[];
  placeholder: string;
  placeholderValue?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: readonly string[];
  autoComplete?: string;
}) {
  const box = useEnteredBeforeHydration<HTMLSelectElement>(value, onChange);
  return (
    <FormField id={id} label={label} hint={hint} error={error?.[0]}>
      {(describedBy) => (
        <select
          ref={box}
          id={id}
          name={id}
          className={`input ${styles.select}${error ? " input--error" : ""}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        >
          <option value={placeholderValue}>{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
