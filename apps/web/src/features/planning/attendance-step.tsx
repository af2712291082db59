"use client";

import { formatPrice } from "@kindred/domain";
import { RadioCards } from "../../components/radio-cards";
import { chooseAttendance, choosePackage } from "./journey-store";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { stepQuestion } from "./step-text";

/**
 * What kind of funeral: attended, unattended cremation or private farewell. Choosing starts the
 * plan afresh. A package can be chosen instead, which fills in most of the journey at once.
 */
export function AttendanceStep({ planOptions, journey, step, onContinue, continueLabel }: StepScreenProps) {
  const options = planOptions.attendance.filter((option) => option.visible);
  const packages = planOptions.packages.filter((planPackage) => planPackage.visible);
  const chosenId = journey.journeyData.attendance?.option.id ?? null;
  const chosenPackageId = journey.journeyData.package?.id ?? null;
  const hasLaterAnswers = Object.keys(journey.journeyData).some(
    (topic) => topic !== "attendance" && topic !== "package",
  );
  const validation = useStepValidation(() => stepErrors("attendance", journey.journeyData, planOptions));

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      {hasLaterAnswers ? (
        <p className="inset-text">
          Choosing a different kind of funeral, or a package, starts your plan again: the answers you have
          given after this question will be cleared.
        </p>
      ) : null}
      <RadioCards
        name="attendance"
        legend={stepQuestion(step, "attendance")}
        options={options.map((option) => ({
          value: String(option.id),
          label: option.name,
          description: option.description,
          price: formatPrice(option.price),
        }))}
        value={chosenId === null ? null : String(chosenId)}
        onChange={(value) => chooseAttendance(planOptions, Number(value))}
        error={validation.errorFor("attendance")}
      />
      {packages.length > 0 ? (
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
                    onClick={() => choosePackage(planOptions, planPackage.id)}
                  >
                    {selected
                      ? `${planPackage.name} package chosen`
                      : `Choose the ${planPackage.name} package`}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </StepForm>
  );
}
