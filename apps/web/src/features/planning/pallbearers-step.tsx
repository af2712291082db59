"use client";

import { offersContribution } from "@kindred/domain";
import { RadioCards } from "../../components/radio-cards";
import { ContributionAndNotes, noContribution, useSetAside } from "./contribution-and-notes";
import { answer } from "./journey-store";
import { pricedOptionCards } from "./priced-option-cards";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { headingAsksTheQuestion, stepQuestion } from "./step-text";
import { screenFromContext } from "./step-screen-context";

/**
 * Who carries the coffin. Family or friends may be thanked with money set aside for them (a
 * contribution, not guaranteed), which needs a note saying what it is for.
 */
export function PallbearersStep({ planOptions, journey, step, onContinue, continueLabel }: StepScreenProps) {
  const current = journey.journeyData.pallbearers ?? { pallbearerType: null, ...noContribution };
  const ownBearers = offersContribution("pallbearers", journey.journeyData, planOptions);
  const setAside = useSetAside();
  const validation = useStepValidation(() => stepErrors("pallbearers", journey.journeyData, planOptions));

  function chooseType(id: number) {
    const nextIsOwn = offersContribution(
      "pallbearers",
      { pallbearers: { ...current, pallbearerType: id } },
      planOptions,
    );
    if (ownBearers && !nextIsOwn) setAside.keep(current);
    const extras = nextIsOwn ? (ownBearers ? current : setAside.restore()) : noContribution;
    answer(planOptions, "pallbearers", {
      pallbearerType: id,
      notes: extras.notes,
      contribution: extras.contribution,
    });
  }

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      <RadioCards
        name="pallbearers"
        legend={stepQuestion(step, "pallbearers")}
        legendHidden={headingAsksTheQuestion(step)}
        options={pricedOptionCards(planOptions.pallbearerTypes)}
        value={current.pallbearerType === null ? null : String(current.pallbearerType)}
        onChange={(value) => chooseType(Number(value))}
        error={validation.errorFor("pallbearers")}
      />
      {ownBearers ? (
        <ContributionAndNotes
          idPrefix="pallbearers"
          value={current}
          onChange={(extras) => answer(planOptions, "pallbearers", { ...current, ...extras })}
          errorFor={validation.errorFor}
          notesLabel="Who would you like to carry the coffin? (optional)"
          notesHint="For example, their names, or “my grandsons and nephews”."
          contributionLabel="Would you like to set aside money for them? (optional)"
        />
      ) : null}
    </StepForm>
  );
}

/** The screen as its route renders it, inside the step page. */
export const PallbearersStepScreen = screenFromContext(PallbearersStep);
