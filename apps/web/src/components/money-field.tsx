"use client";

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
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={error ? "form-group form-group--error" : "form-group"}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <div className="hint" id={hintId}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p className="error-message" id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <div className="money-input">
        <span className="money-input__prefix" aria-hidden="true">
          £
        </span>
        <input
          className={error ? "input input--money input--error" : "input input--money"}
          id={id}
          name={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
        />
      </div>
    </div>
  );
}
