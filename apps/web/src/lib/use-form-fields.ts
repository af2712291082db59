import { useState, type FocusEvent } from "react";

/**
 * A small form's text fields: their values, which ones the person has left (touched), and what is
 * wrong with each, worked out by rule functions (the domain's `passwordProblems`, `emailProblems`
 * and so on, so the browser and the API say the same thing). A field's problems are shown once the
 * person has left it, or after they have tried to submit; a field shows its tick once it has been
 * left and is right.
 */

/** Each field's rule: every problem with it, given all the values (repeats compare with others). */
export type FieldRules<Name extends string> = {
  readonly [Field in Name]: (values: Readonly<Record<Name, string>>) => readonly string[];
};

/** What a TextField or PasswordField needs from the form. */
export interface FormFieldBinding {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: (event?: FocusEvent<HTMLElement>) => void;
  error: readonly string[] | undefined;
  valid: boolean;
}

/** One line per field that needs fixing, for the error summary: its label and first problem. */
export interface FieldSummaryItem {
  fieldId: string;
  text: string;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

export function useFormFields<Name extends string>({
  idPrefix,
  initialValues,
  rules,
  labels,
}: {
  /** Keeps ids unique when two forms share a page: `${idPrefix}-first-name`. */
  idPrefix: string;
  initialValues: Readonly<Record<Name, string>>;
  /** In the order the fields appear: the error summary follows it. */
  rules: FieldRules<Name>;
  /** Each field's label: the error summary says which field each message is about. */
  labels?: Readonly<Partial<Record<Name, string>>>;
}) {
  const [values, setValues] = useState<Readonly<Record<Name, string>>>(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<Name>>(() => new Set());
  const [attempt, setAttempt] = useState(0);

  const names = Object.keys(rules) as Name[];
  const problemsOf = (name: Name, from: Readonly<Record<Name, string>> = values) => rules[name](from);
  const isShown = (name: Name) => attempt > 0 || touched.has(name);
  const fieldId = (name: Name) => `${idPrefix}-${kebab(name)}`;

  function setValue(name: Name, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
  }

  function markTouched(name: Name) {
    setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
  }

  function field(name: Name): FormFieldBinding {
    const problems = problemsOf(name);
    return {
      id: fieldId(name),
      name,
      value: values[name],
      onChange: (value) => setValue(name, value),
      onBlur: (event) => {
        const next = event?.relatedTarget;
        // Leaving for a button (Create account, Show password): errors appearing now would push the
        // button from under the pointer before the click lands. They appear once the button is left
        // instead (and a submit shows every field's anyway).
        if (next instanceof HTMLButtonElement) {
          next.addEventListener("focusout", () => markTouched(name), { once: true });
        } else {
          markTouched(name);
        }
      },
      error: isShown(name) && problems.length > 0 ? problems : undefined,
      valid: isShown(name) && problems.length === 0,
    };
  }

  const summary: FieldSummaryItem[] =
    attempt > 0
      ? names.flatMap((name) => {
          const [first] = problemsOf(name);
          if (first === undefined) return [];
          const label = labels?.[name];
          return [{ fieldId: fieldId(name), text: label ? `${label}: ${first}` : first }];
        })
      : [];

  return {
    values,
    setValue,
    field,
    fieldId,
    /** Lines for the error summary; empty until the person has tried to submit. */
    summary,
    /** How many times the person has tried to submit (the error summary takes focus after each). */
    attempt,
    /** Records an attempt and shows every field's problems; true when there are none. */
    attemptSubmit(): boolean {
      setAttempt((count) => count + 1);
      setTouched(new Set(names));
      return names.every((name) => problemsOf(name).length === 0);
    },
  };
}
