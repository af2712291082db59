"use client";

import type { ReactNode } from "react";
import { RadioInput } from "./choice-inputs";
import { FormFieldset } from "./form-field";

export interface RadioCardOption {
  value: string;
  label: string;
  description?: string;
  /** Already formatted for reading, for example "£2,950". */
  price?: string;
}

interface RadioCardsProps {
  /** The form field's name; the first radio's id, which error links point at. */
  name: string;
  legend: ReactNode;
  /** When the question is the page's only question, its legend is the page heading (GOV.UK). */
  legendIsPageHeading?: boolean;
  /** The page's heading already asks the question: the legend is for screen readers only. */
  legendHidden?: boolean;
  hint?: ReactNode;
  options: readonly RadioCardOption[];
  value: string | null;
  onChange: (value: string) => void;
  error?: string;
}

/** Large radio cards in a fieldset: each shows the option's name, what it means and its price. */
export function RadioCards({
  name,
  legend,
  legendIsPageHeading = false,
  legendHidden = false,
  hint,
  options,
  value,
  onChange,
  error,
}: RadioCardsProps) {
  return (
    <FormFieldset
      id={name}
      legend={legendIsPageHeading ? <h1 className="legend__heading">{legend}</h1> : legend}
      legendClassName={
        legendHidden ? "visually-hidden" : legendIsPageHeading ? "legend legend--page-heading" : "legend"
      }
      hint={hint}
      error={error}
    >
      <div className="radio-cards">
        {options.map((option, index) => {
          const id = index === 0 ? name : `${name}-${index + 1}`;
          const descriptionId = `${id}-description`;
          return (
            // The label stretches over the whole card, so anywhere on it chooses the option.
            <div key={option.value} className="radio-card">
              <RadioInput
                className="radio-card__input"
                id={id}
                name={name}
                value={option.value}
                checked={value === option.value}
                onChoose={() => onChange(option.value)}
                aria-describedby={option.description ? descriptionId : undefined}
              />
              <label className="radio-card__label" htmlFor={id}>
                <span className="radio-card__name">{option.label}</span>{" "}
                {option.price ? <span className="radio-card__price">{option.price}</span> : null}
              </label>
              {option.description ? (
                <p className="radio-card__description" id={descriptionId}>
                  {option.description}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </FormFieldset>
  );
}
