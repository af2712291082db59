"use client";

import { crematoriaNearestFirst, formatPostalAddress } from "@kindred/domain";
import { LoadingSpinner } from "../../components/loading-spinner";
import { RadioCards } from "../../components/radio-cards";
import { useHydrated } from "../../lib/use-hydrated";
import { answer } from "./journey-store";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { headingAsksTheQuestion, stepQuestion } from "./step-text";
import { useFuneralDirectorBranch } from "./use-funeral-director-branch";
import { screenFromContext } from "./step-screen-context";

const formatMiles = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });

/**
 * Which crematorium: the one the funeral director arranges (the default) first, then named ones
 * nearest the chosen funeral director first, each with its distance from them.
 */
export function CrematoriaStep({ planOptions, journey, step, onContinue, continueLabel }: StepScreenProps) {
  const hydrated = useHydrated();
  const chosenId = journey.journeyData.crematoria?.id ?? null;
  const branch = useFuneralDirectorBranch(journey.journeyData.funeralDirector?.id ?? null);
  const crematoria = crematoriaNearestFirst(
    planOptions.crematoria.map((crematory) => ({
      ...crematory,
      isDefault: crematory.id === planOptions.defaultCrematory.id || crematory.isDefault,
    })),
    branch?.coordinate ?? null,
  );
  const validation = useStepValidation(() => stepErrors("crematoria", journey.journeyData, planOptions));
  // Until the funeral director's position is known (on the server, and while it is asked), the
  // list keeps its place unseen under a spinner, in the shape it will have, so that neither the
  // list nor anything below it moves when it is shown, and it never reorders under the pointer.
  const positionKnown = hydrated && branch !== undefined;

  const form = (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      <RadioCards
        name="crematoria"
        legend={stepQuestion(step, "crematoria")}
        legendHidden={headingAsksTheQuestion(step)}
        options={crematoria.map((crematory) => ({
          value: String(crematory.id),
          label: crematory.name,
          // The default is not one place: the funeral director chooses the nearest when the time comes.
          description: crematory.isDefault
            ? "Your funeral director will arrange the nearest suitable crematorium when the time comes."
            : [
                formatPostalAddress(crematory.address),
                positionKnown && crematory.distanceMiles === null
                  ? null
                  : `${formatMiles.format(crematory.distanceMiles ?? 0)} miles from your funeral director`,
              ]
                .filter(Boolean)
                .join(". "),
        }))}
        value={chosenId === null ? null : String(chosenId)}
        onChange={(value) => answer(planOptions, "crematoria", { id: Number(value) })}
        error={validation.errorFor("crematoria")}
      />
    </StepForm>
  );
  if (positionKnown) return form;
  return (
    <div className="held-in-place">
      <LoadingSpinner label="Finding the crematoria nearest your funeral director…" />
      <div className="held-in-place__shape" inert aria-hidden="true">
        {form}
      </div>
    </div>
  );
}

/** The screen as its route renders it, inside the step page. */
export const CrematoriaStepScreen = screenFromContext(CrematoriaStep);
