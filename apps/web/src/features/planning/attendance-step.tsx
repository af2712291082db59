"use client";

import { formatPrice, withIndefiniteArticle } from "@kindred/domain";
import { RadioCards } from "../../components/radio-cards";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { headingAsksTheQuestion, stepQuestion } from "./step-text";
import { useClearingConfirmation } from "./use-clearing-confirmation";
import { screenFromContext } from "./step-screen-context";

/**
 * What kind of funeral: attended, unattended cremation or private farewell. Choosing starts the
 * plan afresh. A package can be chosen instead, which fills in most of the journey at once.
 */
function AttendanceStep({ planOptions, journey, step, onContinue, continueLabel }: StepScreenProps) {
  const options = planOptions.attendance.filter((option) => option.visible);
  const packages = planOptions.packages.filter((planPackage) => planPackage.visible);
  const chosenId = journey.journeyData.attendance?.option.id ?? null;
  const chosenPackageId = journey.journeyData.package?.id ?? null;
  const { choose, dialog } = useClearingConfirmation(planOptions);
  const validation = useStepValidation(() => stepErrors("attendance", journey.journeyData, planOptions));

  const packageSection = (
    <section className="packages" aria-labelledby="packages-title">
      <h2 id="packages-title">Or start from one of our packages</h2>
      <p className="hint">
        A package chooses the main parts of an attended funeral for you, at the price shown. You can still
        change any part of it afterwards.
      </p>
      <ul className="package-list">
        {packages.map((planPackage) => {
          const selected = planPackage.id === chosenPackageId;
          return (
            <li
              key={planPackage.id}
              className={selected ? "package-card package-card--selected" : "package-card"}
            >
              <h3 className="package-card__name">
                {planPackage.name}{" "}
                <span className="package-card__price">{formatPrice(planPackage.price)}</span>
              </h3>
              <p>{planPackage.description}</p>
              <ul className="package-card__contents">
                <li>{planPackage.remains.name}</li>
                <li>{planPackage.coffin.name}</li>
                <li>{planPackage.deceaseTransportation.name}</li>
                <li>{planPackage.celebrant.name}</li>
                {planPackage.attendeesTransportation.map((item) => (
                  <li key={item.transportationType.id}>
                    {item.quantity} × {item.transportationType.name}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="button button--secondary"
                aria-pressed={selected}
                onClick={() =>
                  choose(
                    { kind: "package", id: planPackage.id },
                    `the ${planPackage.name} package`,
                    onContinue,
                  )
                }
              >
                {selected ? `${planPackage.name} package chosen` : `Choose the ${planPackage.name} package`}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );

  return (
    <StepForm
      validation={validation}
      onContinue={onContinue}
      continueLabel={continueLabel}
      after={packages.length > 0 ? packageSection : null}
    >
      <RadioCards
        name="attendance"
        legend={stepQuestion(step, "attendance")}
        legendHidden={headingAsksTheQuestion(step)}
        options={options.map((option) => ({
          value: String(option.id),
          label: option.name,
          description: option.description,
          price: formatPrice(option.price),
        }))}
        value={chosenId === null ? null : String(chosenId)}
        onChange={(value) =>
          choose(
            { kind: "attendance", id: Number(value) },
            withIndefiniteArticle(
              options.find((option) => option.id === Number(value))?.name.toLowerCase() ??
                "different funeral",
            ),
          )
        }
        error={validation.errorFor("attendance")}
      />
      {dialog}
    </StepForm>
  );
}

/** The screen as its route renders it, inside the step page. */
export const AttendanceStepScreen = screenFromContext(AttendanceStep);
