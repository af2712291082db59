"use client";

import { RadioCards } from "../../components/radio-cards";
import { TextAreaField } from "../../components/text-area-field";
import { answer } from "./journey-store";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { headingAsksTheQuestion, stepQuestion } from "./step-text";
import { screenFromContext } from "./step-screen-context";

const yes = "yes";
const no = "no";

/** Whether there is already a burial plot (a yes or a no is needed), and where it is. */
export function BurialPlotStep({ planOptions, journey, step, onContinue, continueLabel }: StepScreenProps) {
  const hasBurialPlot = journey.journeyData.burial?.hasBurialPlot ?? null;
  const notes = journey.journeyData.burial?.notes ?? "";
  const validation = useStepValidation(() => stepErrors("burial", journey.journeyData, planOptions));

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      <RadioCards
        name="burial"
        legend={stepQuestion(step, "burial")}
        legendHidden={headingAsksTheQuestion(step)}
        options={[
          {
            value: yes,
            label: "Yes, there is a plot",
            description: "For example, a plot you have bought, or space in a family grave.",
          },
          {
            value: no,
            label: "No, not yet",
            description:
              "Your funeral director can help your family arrange one when the time comes. The cost of a plot is not included in your plan.",
          },
        ]}
        value={hasBurialPlot === null ? null : hasBurialPlot ? yes : no}
        onChange={(value) => answer(planOptions, "burial", { hasBurialPlot: value === yes, notes })}
        error={validation.errorFor("burial")}
      />
      <TextAreaField
        id="burial-notes"
        label="Where is the plot, or where would you like to be buried? (optional)"
        hint="For example, the name of the cemetery or churchyard, and the grave number if you know it."
        value={notes}
        onChange={(value) => answer(planOptions, "burial", { hasBurialPlot, notes: value })}
      />
    </StepForm>
  );
}

/** The screen as its route renders it, inside the step page. */
export const BurialPlotStepScreen = screenFromContext(BurialPlotStep);
