"use client";

import { useEnteredBeforeHydration } from "./entered-before-hydration";
import { FormField } from "./form-field";

/** A whole number with a minus and a plus button either side, large enough to press easily. */
export function QuantityField({
  id,
  label,
  hint,
  value,
  onChange,
  min = 0,
  max,
}: {
  id: string;
  label: string;
  hint?: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max: number;
}) {
  const clamp = (next: number) => Math.min(max, Math.max(min, next));
  const typedNumber = (typed: string) => {
    const number = Number.parseInt(typed, 10);
    onChange(Number.isNaN(number) ? min : clamp(number));
  };
  const box = useEnteredBeforeHydration<HTMLInputElement>(String(value), typedNumber);
  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      inputWrapperClassName="quantity-input"
      beforeInput={
        <button
          type="button"
          className="button button--secondary quantity-input__step"
          onClick={() => onChange(clamp(value - 1))}
          disabled={value <= min}
          aria-label={`One fewer: ${label}`}
        >
          −
        </button>
      }
      afterInput={
        <button
          type="button"
          className="button button--secondary quantity-input__step"
          onClick={() => onChange(clamp(value + 1))}
          disabled={value >= max}
          aria-label={`One more: ${label}`}
        >
          +
        </button>
      }
    >
      {(describedBy) => (
        <input
          ref={box}
          className="input input--quantity"
          id={id}
          name={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          onChange={(event) => typedNumber(event.target.value)}
          aria-describedby={describedBy}
        />
      )}
    </FormField>
  );
}
