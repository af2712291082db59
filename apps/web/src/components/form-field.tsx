import type { ReactNode } from "react";

/**
 * The frame every single-control field shares (DESIGN.md "Forms"): the label above, the hint,
 * the control, and what is wrong under it (read out as "Error: ..."). `children` is given the
 * ids the control should name in `aria-describedby`.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
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
      {children(describedBy)}
      {error ? (
        <p className="error-message form-group__error" id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}
