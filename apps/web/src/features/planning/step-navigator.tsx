"use client";

import Link from "next/link";
import type { JourneyStep } from "@kindred/contracts";
import {
  journeyPath,
  journeyStepLabels,
  journeyStepPath,
  stepNumber,
  type JourneyState,
  type JourneyStepHandle,
  type StepFlags,
} from "@kindred/domain";

/** How each step of the path stands, as the list says it. */
function statusOf(flags: StepFlags): { text: string; modifier: string } {
  if (flags.prefilled) return { text: "Chosen for you", modifier: "chosen" };
  if (flags.completed) return { text: "Done", modifier: "done" };
  return flags.enabled
    ? { text: "Available", modifier: "available" }
    : { text: "Not started", modifier: "not-started" };
}

/**
 * Where the person is: every step of their path, marked done, available, not yet reached, or
 * chosen for them. The steps they are shown are numbered, and the summary line says "Step 4 of
 * 10" by the same count (`stepNumber`): steps chosen for them are passed over by Continue, so
 * they have no number and are not in the total. Steps they can go to are links; on phones the
 * list folds away behind the summary line.
 */
export function StepNavigator({
  journey,
  current,
  serverSteps,
  onLeave,
}: {
  journey: JourneyState;
  current: JourneyStepHandle;
  serverSteps: readonly JourneyStep[];
  /** Called when the person leaves this step by the navigator (in edit mode, applies the change). */
  onLeave?: () => void;
}) {
  const path = journeyPath(journey.journeyData);
  const numberOf = (handle: JourneyStepHandle) =>
    stepNumber(journey.journeyData, handle, (each) => journey.steps[each].prefilled);
  const here = numberOf(current);
  const nameOf = (handle: JourneyStepHandle) =>
    serverSteps.find((step) => step.handle === handle)?.name.trim() || journeyStepLabels[handle];

  return (
    <nav className="step-navigator" aria-label="Your progress">
      <details className="step-navigator__details">
        <summary className="step-navigator__summary">
          {here
            ? `Step ${here.number} of ${here.total}: ${nameOf(current)}`
            : `${nameOf(current)}: chosen for you`}
        </summary>
        <ol className="step-navigator__list">
          {path.map((handle) => {
            const flags = journey.steps[handle];
            const status = statusOf(flags);
            const number = numberOf(handle)?.number;
            const isCurrent = handle === current;
            const label = (
              <>
                <span className="step-navigator__name">
                  {number === undefined ? nameOf(handle) : `${number}. ${nameOf(handle)}`}
                </span>
                <span className={`step-navigator__status step-navigator__status--${status.modifier}`}>
                  {status.text}
                </span>
              </>
            );
            return (
              <li
                key={handle}
                className={
                  isCurrent ? "step-navigator__item step-navigator__item--current" : "step-navigator__item"
                }
              >
                {flags.enabled && !isCurrent ? (
                  <Link href={journeyStepPath(handle)} className="step-navigator__link" onClick={onLeave}>
                    {label}
                  </Link>
                ) : (
                  <span className="step-navigator__link" aria-current={isCurrent ? "step" : undefined}>
                    {label}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </details>
    </nav>
  );
}
