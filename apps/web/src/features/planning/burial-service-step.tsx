"use client";

import { TextAreaField } from "../../components/text-area-field";
import { answer } from "./journey-store";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { stepQuestion } from "./step-text";
import { screenFromContext } from "./step-screen-context";

/** Where and how the burial service should be held, in the person's own words (needed). */
export function BurialServiceStep({
  planOptions,
  journey,
  step,
  onContinue,
  continueLabel,
}: StepScreenProps) {
  const notes = journey.journeyData.burialService?.notes ?? "";
  const validation = useStepValidation(() => stepErrors("service-burial", journey.journeyData, planOptions));

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      <TextAreaField
        id="burialService"
        label={stepQuestion(step, "burialService")}
        hint="For example, where people should gather, who you would like to speak, and any prayers, readings or music at the graveside. If you have no wishes, you can say so."
        value={notes}
        rows={6}
        onChange={(value) => answer(planOptions, "burialService", { notes: value })}
        error={validation.errorFor("burialService")}
      />
    </StepForm>
  );
}

/** The screen as its route renders it, inside the step page. */
export const BurialServiceStepScreen = screenFromContext(BurialServiceStep);
