import type { ReactNode } from "react";
import { CheckboxInput } from "./choice-inputs";
import styles from "./choice.module.css";
import { ErrorMessage, formGroupClass } from "./form-field";

/** One large checkbox with its label beside it, what it means under the label, and what is wrong. */
export function Checkbox({
  id,
  label,
  hint,
  checked,
  onChange,
  error,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: readonly string[];
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const box = (
    <div className={styles.checkbox}>
      <CheckboxInput
        id={id}
        name={id}
        checked={checked}
        onTick={onChange}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
      />
      <label htmlFor={id}>
        {label}
        {hint ? (
          <span className={styles.checkboxHint} id={hintId}>
            {hint}
          </span>
        ) : null}
      </label>
    </div>
  );
  if (!error) return box;
  return (
    <div className={formGroupClass(true)}>
      <ErrorMessage id={errorId} messages={error[0] ?? ""} />
      {box}
    </div>
  );
}
