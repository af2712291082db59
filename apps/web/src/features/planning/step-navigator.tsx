"use client";

import Link from "next/link";
import type { JourneyStep } from "@kindred/contracts";
import {
  journeyPath,
  journeyStepLabels,
  journeyStepPath,
  type JourneyState,
  type JourneyStepHandle,
} from "@kindred/domain";

/**
 * Where the person is: every step of their path, marked done, available or not yet reached.
 * Steps they can go to are links; on phones the list folds away behind a summary line.
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
  const position = path.indexOf(current) + 1;
  const nameOf = (handle: JourneyStepHandle) =>
    serverSteps.find((step) => step.handle === handle)?.name.trim() || journeyStepLabels[handle];

  return (
    <nav className="step-navigator" aria-label="Your progress">
      <details className="step-navigator__details">
        <summary className="step-navigator__summary">
          Step {position} of {path.length}: {nameOf(current)}
        </summary>
        <ol className="step-navigator__list">
          {path.map((handle) => {
            const flags = journey.steps[handle];
            const status = flags.completed ? "Done" : flags.enabled ? "Available" : "Not started";
            const isCurrent = handle === current;
            const label = (
              <>
                <span className="step-navigator__name">{nameOf(handle)}</span>
                <span
                  className={`step-navigator__status step-navigator__status--${status.toLowerCase().replace(" ", "-")}`}
                >
                  {status}
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
