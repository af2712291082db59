"use client";

import { RadioCards } from "../../components/radio-cards";
import { chooseRemains } from "./journey-store";
import { pricedOptionCards } from "./priced-option-cards";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { stepQuestion } from "./step-text";

/** Burial or cremation. Choosing one clears any answers given for the other. */
export function BurialCremationStep({
  planOptions,
  journey,
  step,
  onContinue,
  continueLabel,
}: StepScreenProps) {
  const chosenId = journey.journeyData.burialCremation?.option.id ?? null;
  const validation = useStepValidation(() =>
    stepErrors("burial-cremation", journey.journeyData, planOptions),
  );

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      <RadioCards
        name="burialCremation"
        legend={stepQuestion(step, "burialCremation")}
        options={pricedOptionCards(planOptions.remains)}
        value={chosenId === null ? null : String(chosenId)}
        onChange={(value) => chooseRemains(planOptions, Number(value))}
        error={validation.errorFor("burialCremation")}
      />
    </StepForm>
  );
}
