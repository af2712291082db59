import { findAnswerProblems } from "./answer-problems";
import type { JourneyCatalogue } from "./journey-catalogue";
import type { JourneyData } from "./journey-data";
import type { JourneyStepHandle } from "./journey-steps";

/**
 * Whether a step has everything it needs (SPEC.md section 5, Step completeness): none of its
 * answers has a problem. Contributions are optional, but one that is given needs notes of at
 * least two characters.
 */
export function isStepComplete(
  handle: JourneyStepHandle,
  journeyData: JourneyData,
  catalogue?: JourneyCatalogue,
): boolean {
  return !findAnswerProblems(journeyData, catalogue).some((problem) => problem.step === handle);
}

/** The steps whose answers have a problem (see `isStepComplete`), all worked out at once. */
export function incompleteSteps(
  journeyData: JourneyData,
  catalogue?: JourneyCatalogue,
): Set<JourneyStepHandle> {
  return new Set(findAnswerProblems(journeyData, catalogue).map((problem) => problem.step));
}
