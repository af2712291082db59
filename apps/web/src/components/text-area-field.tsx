"use client";

/** A labelled text box for notes, with an optional hint and the error under the label. */
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
      <textarea
        className={error ? "textarea textarea--error" : "textarea"}
        id={id}
        name={id}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
      />
    </div>
  );
}
