"use client";

import { RadioCards } from "../../components/radio-cards";
import { formatPostalAddress } from "../../lib/postal-address";
import { answer } from "./journey-store";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { stepQuestion } from "./step-text";

/** Which crematorium: the one the funeral director arranges (the default) first, then named ones. */
export function CrematoriaStep({ planOptions, journey, step, onContinue, continueLabel }: StepScreenProps) {
  const chosenId = journey.journeyData.crematoria?.id ?? null;
  const isDefault = (crematory: { id: number; isDefault: boolean }) =>
    crematory.id === planOptions.defaultCrematory.id || crematory.isDefault;
  const crematoria = [
    ...planOptions.crematoria.filter(isDefault),
    ...planOptions.crematoria.filter((crematory) => !isDefault(crematory)),
  ];
  const validation = useStepValidation(() => stepErrors("crematoria", journey.journeyData, planOptions));

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      <RadioCards
        name="crematoria"
        legend={stepQuestion(step, "crematoria")}
        options={crematoria.map((crematory) => ({
          value: String(crematory.id),
          label: crematory.name,
          // The default is not one place: the funeral director chooses the nearest when the time comes.
          description: crematory.isDefault
            ? "Your funeral director will arrange the nearest suitable crematorium when the time comes."
            : formatPostalAddress(crematory.address),
        }))}
        value={chosenId === null ? null : String(chosenId)}
        onChange={(value) => answer(planOptions, "crematoria", { id: Number(value) })}
        error={validation.errorFor("crematoria")}
      />
    </StepForm>
  );
}
