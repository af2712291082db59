import type { ReactNode } from "react";
import styles from "./form-field.module.css";

/**
 * The one field frame (DESIGN.md "Forms"; GOV.UK Frontend's form group): a label (or a legend
 * for a group), the hint, what is wrong and the control, each with the ids the control names in
 * `aria-describedby`. Every field of the site is laid out by `FormField` or `FormFieldset`, so the
 * error markup exists once, here.
 */

/** Where what is wrong is said: under the control (DESIGN.md), or between the hint and the control. */
type ErrorPlacement = "below" | "above";

/**
 * What is wrong with a field, read out as "Error: ...". Several problems are listed one under
 * another, each read out with its own "Error:".
 */
export function ErrorMessage({
  id,
  messages,
  placement = "above",
}: {
  id: string;
  messages: string | readonly string[];
  placement?: ErrorPlacement;
}) {
  if (typeof messages !== "string") {
    return (
      <div className={`error-message ${styles.errorList}`} id={id}>
        {messages.map((text) => (
          <p key={text} className={styles.errorLine}>
            <span className="visually-hidden">Error:</span> {text}
          </p>
        ))}
      </div>
    );
  }
  return (
    <p className={placement === "below" ? "error-message form-group__error" : "error-message"} id={id}>
      <span className="visually-hidden">Error:</span> {messages}
    </p>
  );
}

/** `form-group`, marked in red down its side while something in it is wrong. */
export function formGroupClass(hasError: boolean, className?: string): string {
  return [hasError ? "form-group form-group--error" : "form-group", className].filter(Boolean).join(" ");
}

function hasAny(error: string | readonly string[] | undefined): error is string | readonly string[] {
  return error !== undefined && error.length > 0;
}

/** The ids a control (or a fieldset) names for its description: the hint's, then the error's. */
function describedByOf(id: string, hint: ReactNode, hasError: boolean): string | undefined {
  return [hint ? `${id}-hint` : null, hasError ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

interface FrameSlots {
  hint?: ReactNode;
  /** What is wrong: one message, or several listed one under another. */
  error?: string | readonly string[];
  /** Under the control (the default, DESIGN.md), or above it, straight after the hint. */
  errorPlacement?: ErrorPlacement;
  /** Beside the control, before it (a "£"). */
  beforeInput?: ReactNode;
  /** Beside the control, after it (a tick, a Show password or Find address button). */
  afterInput?: ReactNode;
  /** Lays out the control with what is before and after it (a row); without it they simply follow. */
  inputWrapperClassName?: string;
  /** Added to the form group's own classes. */
  className?: string;
}

function Frame({
  id,
  heading,
  hint,
  error,
  errorPlacement = "below",
  beforeInput,
  afterInput,
  inputWrapperClassName,
  control,
}: FrameSlots & { id: string; heading: ReactNode; control: ReactNode }) {
  const errorMessage = hasAny(error) ? (
    <ErrorMessage id={`${id}-error`} messages={error} placement={errorPlacement} />
  ) : null;
  const input = (
    <>
      {beforeInput}
      {control}
      {afterInput}
    </>
  );
  return (
    <>
      {heading}
      {hint ? (
        <div className="hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      {errorPlacement === "above" ? errorMessage : null}
      {inputWrapperClassName ? <div className={inputWrapperClassName}>{input}</div> : input}
      {errorPlacement === "below" ? errorMessage : null}
    </>
  );
}

/**
 * One control with its label. `children` is given the ids the control should name in
 * `aria-describedby` (`${id}-hint`, `${id}-error`), and whether something is wrong.
 */
export function FormField({
  id,
  label,
  children,
  ...slots
}: FrameSlots & {
  /** The control's id, which the label points at and the hint's and error's ids start with. */
  id: string;
  label: ReactNode;
  children: (describedBy: string | undefined, hasError: boolean) => ReactNode;
}) {
  const hasError = hasAny(slots.error);
  return (
    <div className={formGroupClass(hasError, slots.className)}>
      <Frame
        {...slots}
        id={id}
        heading={
          <label className="label" htmlFor={id}>
            {label}
          </label>
        }
        control={children(describedByOf(id, slots.hint, hasError), hasError)}
      />
    </div>
  );
}

/**
 * A question of several controls (radios, the parts of a date) in a fieldset, its legend the
 * question. The fieldset names the hint and the error in `aria-describedby`; what is wrong is
 * said above the controls.
 */
export function FormFieldset({
  id,
  legend,
  legendClassName = "legend",
  role,
  children,
  ...slots
}: Omit<FrameSlots, "errorPlacement"> & {
  /** Starts the hint's and error's ids: usually the first control's id, which error links point at. */
  id: string;
  legend: ReactNode;
  /** "visually-hidden" when the page's heading already asks the question. */
  legendClassName?: string;
  /** "group" for the parts of one answer (a date), read out together. */
  role?: "group";
  children: ReactNode;
}) {
  const hasError = hasAny(slots.error);
  return (
    <div className={formGroupClass(hasError, slots.className)}>
      <fieldset className="fieldset" role={role} aria-describedby={describedByOf(id, slots.hint, hasError)}>
        <Frame
          {...slots}
          id={id}
          errorPlacement="above"
          heading={<legend className={legendClassName}>{legend}</legend>}
          control={children}
        />
      </fieldset>
    </div>
  );
}
