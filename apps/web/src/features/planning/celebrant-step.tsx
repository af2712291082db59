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

/** Who leads the service, with any notes (a minister's name, say). */
export function CelebrantStep({ planOptions, journey, step, onContinue, continueLabel }: StepScreenProps) {
  const current = journey.journeyData.celebrant ?? { celebrant: null, notes: "" };
  const validation = useStepValidation(() => stepErrors("celebrant", journey.journeyData, planOptions));

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      <RadioCards
        name="celebrant"
        legend={stepQuestion(step, "celebrant")}
        legendHidden={headingAsksTheQuestion(step)}
        options={pricedOptionCards(planOptions.celebrantTypes)}
        value={current.celebrant === null ? null : String(current.celebrant)}
        onChange={(value) => answer(planOptions, "celebrant", { ...current, celebrant: Number(value) })}
        error={validation.errorFor("celebrant")}
      />
      <TextAreaField
        id="celebrant-notes"
        label="Anything you would like us to know, such as a minister's name (optional)"
        value={current.notes}
        onChange={(notes) => answer(planOptions, "celebrant", { ...current, notes })}
      />
    </StepForm>
  );
}

/** The screen as its route renders it, inside the step page. */
export const CelebrantStepScreen = screenFromContext(CelebrantStep);
