import type { JourneyData } from "./journey-data";
import {
  burialOnlyStepHandles,
  cremationOnlyStepHandles,
  endJourneyStepHandle,
  journeyStepHandles,
  shorterJourneyStepHandles,
  type JourneyStepHandle,
} from "./journey-steps";

/**
 * The steps this person walks through, in order (SPEC.md section 4, Path): unattended and
 * private farewell take the shorter path; an attended funeral takes the full path without the
 * burial-only steps for a cremation, without the cremation-only steps for a burial, and without
 * both until the choice is made.
 */
export function journeyPath(journeyData: JourneyData): JourneyStepHandle[] {
  const attendance = journeyData.attendance?.option.code;
  if (attendance === "unattended" || attendance === "privateFarewell") {
    return [...shorterJourneyStepHandles];
  }
  const remains = journeyData.burialCremation?.option.code;
  const left = new Set<JourneyStepHandle>([
    ...(remains === "buried" ? [] : burialOnlyStepHandles),
    ...(remains === "cremated" ? [] : cremationOnlyStepHandles),
  ]);
  return journeyStepHandles.filter((handle) => !left.has(handle));
}

export function isOnPath(journeyData: JourneyData, handle: JourneyStepHandle): boolean {
  return journeyPath(journeyData).includes(handle);
}

/**
 * Where a step stands among those the person is shown, for "Step 4 of 10" (issue 25 item 8): the
 * steps of their path as it stands, without those chosen for them (prefilled by the kind of
 * funeral or a package), which Continue and Back pass over. So the number goes up by one with
 * each screen they see, and the total is what is left to see, not steps they never will. The
 * total changes only when an answer changes the path itself: the kind of funeral or a package
 * (fewer steps), burial or cremation (its own two steps), or stepping out of a package.
 * Undefined for a step chosen for them, or off the path: it has no number.
 */
export function stepNumber(
  journeyData: JourneyData,
  handle: JourneyStepHandle,
  isPrefilled: (handle: JourneyStepHandle) => boolean,
): { number: number; total: number } | undefined {
  const shown = journeyPath(journeyData).filter((each) => !isPrefilled(each));
  const index = shown.indexOf(handle);
  return index < 0 ? undefined : { number: index + 1, total: shown.length };
}

/**
 * The step Continue leads to: the next step on the path that is not prefilled.
 * The summary is the end, so it has no next step.
 */
export function nextStep(
  journeyData: JourneyData,
  from: JourneyStepHandle,
  isPrefilled: (handle: JourneyStepHandle) => boolean,
): JourneyStepHandle | undefined {
  const path = journeyPath(journeyData);
  const start = path.indexOf(from);
  return path.slice(start + 1).find((handle) => !isPrefilled(handle));
}

/** The step Back leads to: the previous step on the path that is not prefilled. */
export function previousStep(
  journeyData: JourneyData,
  from: JourneyStepHandle,
  isPrefilled: (handle: JourneyStepHandle) => boolean,
): JourneyStepHandle | undefined {
  const path = journeyPath(journeyData);
  const start = path.indexOf(from);
  if (start <= 0) return undefined;
  return path
    .slice(0, start)
    .reverse()
    .find((handle) => !isPrefilled(handle));
}

/**
 * Where Continue leads while an answer is being changed from the summary: the next step on the
 * (possibly new) path that still needs an answer, such as the crematorium and the ashes once a
 * burial becomes a cremation; undefined when the plan is whole again and the summary is next.
 */
export function nextStepToAnswer(
  journeyData: JourneyData,
  from: JourneyStepHandle,
  steps: Readonly<Record<JourneyStepHandle, { prefilled: boolean; completed: boolean }>>,
): JourneyStepHandle | undefined {
  const path = journeyPath(journeyData);
  return path
    .slice(path.indexOf(from) + 1)
    .find(
      (handle) => handle !== endJourneyStepHandle && !steps[handle].prefilled && !steps[handle].completed,
    );
}
