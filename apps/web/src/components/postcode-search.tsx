"use client";

import type { KeyboardEvent, ReactNode } from "react";
import { useEnteredBeforeHydration } from "./entered-before-hydration";
import { FormField } from "./form-field";
import styles from "./postcode-search.module.css";

/**
 * A postcode box with a button beside it that searches ("Find address", "Search"): the address
 * finder's and the funeral director step's. Enter searches too, and never sends the form around
 * it. What is wrong with the postcode is said above the box.
 */
export function PostcodeSearch({
  id,
  label,
  hint,
  buttonLabel,
  value,
  onChange,
  onSearch,
  error,
}: {
  id: string;
  label: string;
  hint: ReactNode;
  buttonLabel: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  error?: string;
}) {
  const box = useEnteredBeforeHydration<HTMLInputElement>(value, onChange);
  function searchOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSearch();
  }

  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      error={error}
      errorPlacement="above"
      inputWrapperClassName={styles.search}
      afterInput={
        <button type="button" className="button button--secondary" onClick={onSearch}>
          {buttonLabel}
        </button>
      }
    >
      {(describedBy, hasError) => (
        <input
          ref={box}
          className={hasError ? `input input--error ${styles.postcode}` : `input ${styles.postcode}`}
          id={id}
          name={id}
          type="text"
          autoComplete="postal-code"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={searchOnEnter}
          aria-describedby={describedBy}
          aria-invalid={hasError ? true : undefined}
        />
      )}
    </FormField>
  );
}
