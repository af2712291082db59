"use client";

import { useState } from "react";
import { findById, formatPrice, imageUrlForSize } from "@kindred/domain";
import { RadioInput } from "../../components/choice-inputs";
import { FormFieldset } from "../../components/form-field";
import { answer } from "./journey-store";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { headingAsksTheQuestion, stepQuestion } from "./step-text";
import styles from "./coffin-step.module.css";
import { screenFromContext } from "./step-screen-context";

const allCollections = "all";
/** The first pictures are on screen straight away; the rest load as they are scrolled to. */
const picturesLoadedAtOnce = 4;

/**
 * The coffin, chosen from pictures. A filter shows one collection at a time; it only changes
 * what is shown, never what is chosen, and says so when the chosen coffin is not among them.
 */
export function CoffinStep({ planOptions, journey, step, onContinue, continueLabel }: StepScreenProps) {
  const [collection, setCollection] = useState(allCollections);
  const coffins = planOptions.coffins.filter((coffin) => coffin.visible);
  const collections = planOptions.coffinCollections.filter((candidate) =>
    coffins.some((coffin) => coffin.collection.code === candidate.code),
  );
  const shown =
    collection === allCollections
      ? coffins
      : coffins.filter((coffin) => coffin.collection.code === collection);
  const shownCollection = collections.find((candidate) => candidate.code === collection);
  const chosenId = journey.journeyData.coffin?.id ?? null;
  const chosen = findById(coffins, chosenId);

  const validation = useStepValidation(() => stepErrors("coffin", journey.journeyData, planOptions));
  const error = validation.errorFor("coffin");

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      {collections.length > 1 ? (
        <div className={styles.filter} role="group" aria-labelledby="coffin-filter-label">
          <p className={styles.filterLabel} id="coffin-filter-label">
            Show coffins
          </p>
          <ul className={styles.filterOptions}>
            {[{ code: allCollections, name: "All coffins" }, ...collections].map((candidate) => {
              const count =
                candidate.code === allCollections
                  ? coffins.length
                  : coffins.filter((coffin) => coffin.collection.code === candidate.code).length;
              return (
                <li key={candidate.code}>
                  <button
                    type="button"
                    className={`button button--secondary ${styles.filterButton}`}
                    aria-pressed={collection === candidate.code}
                    onClick={() => setCollection(candidate.code)}
                  >
                    {candidate.name} ({count})
                  </button>
                </li>
              );
            })}
          </ul>
          <p className={styles.filterStatus} role="status">
            {shownCollection
              ? `Showing ${shown.length} of ${coffins.length} coffins: the ${shownCollection.name} collection.`
              : `Showing all ${coffins.length} coffins.`}
          </p>
        </div>
      ) : null}
      {chosen && !shown.includes(chosen) ? (
        <div className="inset-text" data-testid="chosen-coffin-hidden">
          <p>
            You have chosen <strong>{chosen.name}</strong> ({formatPrice(chosen.price)}). It is not shown here
            because it is in the {chosen.collection.name} collection.
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setCollection(allCollections)}
          >
            Show all coffins
          </button>
        </div>
      ) : null}
      <FormFieldset
        id="coffin"
        legend={stepQuestion(step, "coffin")}
        legendClassName={headingAsksTheQuestion(step) ? "visually-hidden" : "legend"}
        error={error}
      >
        <div className={`radio-cards ${styles.grid}`}>
          {shown.map((coffin, index) => {
            // The first coffin shown carries the question's id, which the error summary links to.
            const id = index === 0 ? "coffin" : `coffin-${coffin.code}`;
            const descriptionId = `coffin-${coffin.code}-description`;
            return (
              <div key={coffin.id} className={`radio-card ${styles.card}`}>
                <img
                  className={styles.picture}
                  src={imageUrlForSize(coffin.imageUrl)}
                  width={464}
                  height={336}
                  alt={coffin.imageAlt}
                  loading={index < picturesLoadedAtOnce ? "eager" : "lazy"}
                  decoding="async"
                />
                <RadioInput
                  className={`radio-card__input ${styles.input}`}
                  id={id}
                  name="coffin"
                  value={String(coffin.id)}
                  checked={coffin.id === chosenId}
                  onChoose={() => answer(planOptions, "coffin", { id: coffin.id })}
                  aria-describedby={descriptionId}
                />
                <label className={`radio-card__label ${styles.label}`} htmlFor={id}>
                  <span className="radio-card__name">{coffin.name}</span>{" "}
                  <span className="radio-card__price">{formatPrice(coffin.price)}</span>
                </label>
                <p className={`radio-card__description ${styles.description}`} id={descriptionId}>
                  <span className={styles.collection}>{coffin.collection.name} collection.</span>{" "}
                  {coffin.description}
                </p>
              </div>
            );
          })}
        </div>
      </FormFieldset>
    </StepForm>
  );
}

/** The screen as its route renders it, inside the step page. */
export const CoffinStepScreen = screenFromContext(CoffinStep);
