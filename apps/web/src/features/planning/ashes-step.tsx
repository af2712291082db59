"use client";

import { RadioCards } from "../../components/radio-cards";
import { TextAreaField } from "../../components/text-area-field";
import { answer } from "./journey-store";
import { pricedOptionCards } from "./priced-option-cards";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { headingAsksTheQuestion, stepQuestion } from "./step-text";
import { screenFromContext } from "./step-screen-context";

/** What happens to the ashes: one of the catalogue's treatments (needed), and any wishes. */
export function AshesStep({ planOptions, journey, step, onContinue, continueLabel }: StepScreenProps) {
  const chosenId = journey.journeyData.ashes?.treatmentType ?? null;
  const notes = journey.journeyData.ashes?.notes ?? "";
  const validation = useStepValidation(() => stepErrors("ashes", journey.journeyData, planOptions));

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      <RadioCards
        name="ashes"
        legend={stepQuestion(step, "ashes")}
        legendHidden={headingAsksTheQuestion(step)}
        options={pricedOptionCards(planOptions.ashesTreatmentTypes)}
        value={chosenId === null ? null : String(chosenId)}
        onChange={(value) => answer(planOptions, "ashes", { treatmentType: Number(value), notes })}
        error={validation.errorFor("ashes")}
      />
      <TextAreaField
        id="ashes-notes"
        label="Anything else about your ashes? (optional)"
        hint="For example, a place that matters to you where they could be scattered, or who you would like to look after them."
        value={notes}
        onChange={(value) => answer(planOptions, "ashes", { treatmentType: chosenId, notes: value })}
      />
    </StepForm>
  );
}

/** The screen as its route renders it, inside the step page. */
export const AshesStepScreen = screenFromContext(AshesStep);
