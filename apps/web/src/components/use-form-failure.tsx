"use client";

import { useCallback, useState, type ReactNode } from "react";
import type { Violation } from "@kindred/contracts";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { violationsOf } from "../lib/api-query";
import { FocusOnArrival } from "./focus-on-arrival";
import { ViolationsBox } from "./violations-box";

/** What a form shows when the API refuses what was sent, or it never arrives. */
export interface FormFailure {
  /**
   * Shows why a submit failed: each violation about one of the form's fields goes under that field
   * (and so in the error summary), the first one about a field only; the rest go in the box above
   * the form. Takes the violations of a refused request, or what a mutation threw (a refusal, or a
   * request that never arrived).
   */
  fail(refusal: readonly Violation[] | unknown): void;
  /** Takes the box away (before trying again, or once it has worked). */
  clear(): void;
  /** The box above the form, or nothing; it takes focus each time a submit fails. */
  box(title: string, children?: ReactNode): ReactNode;
}

/**
 * The one way a form turns a failed request into what the person sees (SPEC.md section 8,
 * STYLE.md "Forms"): the server's violations map back onto fields by `propertyPath`; whatever is
 * not about a field is listed in a highlighted box. `fields` names the paths shown under a field
 * of the same name; a form with none shows everything in the box.
 */
export function useFormFailure<Input extends FieldValues, Output>(
  form: UseFormReturn<Input, unknown, Output>,
  fields: Iterable<string> = [],
): FormFailure {
  const [failure, setFailure] = useState<{ violations: readonly Violation[]; count: number } | null>(null);
  const onFields = new Set(fields);

  const fail = (refusal: readonly Violation[] | unknown) => {
    const violations = Array.isArray(refusal) ? (refusal as readonly Violation[]) : violationsOf(refusal);
    const placed = new Set<string>();
    const elsewhere = violations.filter((violation) => {
      if (!onFields.has(violation.propertyPath)) return true;
      if (!placed.has(violation.propertyPath)) {
        placed.add(violation.propertyPath);
        form.setError(violation.propertyPath as Path<Input>, { type: "server", message: violation.title });
      }
      return false;
    });
    if (elsewhere.length > 0) {
      setFailure((previous) => ({ violations: elsewhere, count: (previous?.count ?? 0) + 1 }));
    }
  };

  const clear = useCallback(() => setFailure(null), []);

  const box = (title: string, children?: ReactNode) =>
    failure ? (
      <FocusOnArrival key={failure.count}>
        <ViolationsBox title={title} violations={failure.violations}>
          {children}
        </ViolationsBox>
      </FocusOnArrival>
    ) : null;

  return { fail, clear, box };
}
