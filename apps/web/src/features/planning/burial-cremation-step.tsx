"use client";

import { RadioCards } from "../../components/radio-cards";
import { pricedOptionCards } from "./priced-option-cards";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import { useClearingConfirmation } from "./use-clearing-confirmation";
import type { StepScreenProps } from "./step-screen-props";
import { headingAsksTheQuestion, stepQuestion } from "./step-text";
import { screenFromContext } from "./step-screen-context";

/** Burial or cremation. Choosing one clears any answers given for the other, after asking. */
function BurialCremationStep({ planOptions, journey, step, onContinue, continueLabel }: StepScreenProps) {
  const chosenId = journey.journeyData.burialCremation?.option.id ?? null;
  const { choose, dialog } = useClearingConfirmation(planOptions);
  const validation = useStepValidation(() =>
    stepErrors("burial-cremation", journey.journeyData, planOptions),
  );

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      <RadioCards
        name="burialCremation"
        legend={stepQuestion(step, "burialCremation")}
        legendHidden={headingAsksTheQuestion(step)}
        options={pricedOptionCards(planOptions.remains)}
        value={chosenId === null ? null : String(chosenId)}
        onChange={(value) =>
          choose(
            { kind: "remains", id: Number(value) },
            planOptions.remains.find((option) => option.id === Number(value))?.name.toLowerCase() ?? "this",
          )
        }
        error={validation.errorFor("burialCremation")}
      />
      {dialog}
    </StepForm>
  );
}

/** The screen as its route renders it, inside the step page. */
export const BurialCremationStepScreen = screenFromContext(BurialCremationStep);
