import {
  findJourneyProblems,
  type JourneyCatalogue,
  type JourneyData,
  type JourneyProblem,
  type JourneyStepHandle,
} from "@kindred/domain";
import type { ErrorSummaryItem } from "../../components/error-summary";

/**
 * The form field a problem points at: a topic's choice is the field named after the topic, its
 * notes and its money are `<topic>-notes` and `<topic>-contribution`.
 */
function fieldIdOf(problem: JourneyProblem): string {
  return problem.field === "answer" ? problem.topic : `${problem.topic}-${problem.field}`;
}

/** What is wrong on one step, as its error summary lists it: the journey's own rules, nothing more. */
export function stepErrors(
  handle: JourneyStepHandle,
  journeyData: JourneyData,
  catalogue: JourneyCatalogue,
): ErrorSummaryItem[] {
  return findJourneyProblems(journeyData, catalogue)
    .filter((problem) => problem.step === handle)
    .map((problem) => ({ fieldId: fieldIdOf(problem), text: problem.title }));
}
