"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import type { PlanOptionsResponse } from "@kindred/contracts";
import { formatPrice, journeyStepPath, missingStepHeading, missingStepQuestion } from "@kindred/domain";
import { ErrorSummary } from "../../components/error-summary";
import { RadioCards } from "../../components/radio-cards";
import { RunningPrice } from "../../components/running-price";
import { requiredFieldMessage } from "../../lib/field-messages";
import { chooseAttendance } from "./journey-store";
import { useJourney } from "./use-journey";

const fieldName = "attendance";

/**
 * The journey's first question: what kind of funeral. Its heading, hint and question come from the
 * server's step with handle "attendance"; choosing an option changes the running price at once.
 */
export function AttendanceQuestion({ planOptions }: { planOptions: PlanOptionsResponse }) {
  const router = useRouter();
  const { journeyData, priceData } = useJourney();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const step = planOptions.steps.find((candidate) => candidate.handle === "attendance");
  const heading = step?.title.trim() || missingStepHeading;
  const question =
    step?.questions.find((candidate) => candidate.fieldName === fieldName)?.question.trim() ||
    missingStepQuestion;
  const hint = step?.description.trim() || null;
  const options = planOptions.attendance.filter((option) => option.visible);
  const chosenCode = journeyData.attendance?.option.code ?? null;

  // One question on the page: when it says the same as the heading, it is the heading (GOV.UK).
  const questionIsHeading = heading === question;

  function choose(code: string) {
    const option = options.find((candidate) => candidate.code === code);
    if (!option) return;
    chooseAttendance(option);
    setError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosenCode === null) {
      setError(requiredFieldMessage);
      setAttempt((count) => count + 1);
      return;
    }
    router.push(journeyStepPath("funeral-director"));
  }

  return (
    <div className="journey-layout">
      <div className="journey-layout__main">
        {error ? <ErrorSummary errors={[{ fieldId: fieldName, text: error }]} attempt={attempt} /> : null}
        <p className="caption">Planning your funeral</p>
        {questionIsHeading ? null : <h1>{heading}</h1>}
        <form noValidate onSubmit={submit}>
          <RadioCards
            name={fieldName}
            legend={questionIsHeading ? heading : question}
            legendIsPageHeading={questionIsHeading}
            hint={hint}
            options={options.map((option) => ({
              value: option.code,
              label: option.name,
              description: option.description,
              price: formatPrice(option.price),
            }))}
            value={chosenCode}
            onChange={choose}
            error={error ?? undefined}
          />
          <button type="submit" className="button">
            Continue
          </button>
        </form>
      </div>
      <RunningPrice priceData={priceData} />
    </div>
  );
}
