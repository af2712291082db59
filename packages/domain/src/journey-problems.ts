import {
  findAnswerProblems,
  findUnknownChoices,
  inJourneyOrder,
  type JourneyProblem,
} from "./answer-problems";
import type { JourneyCatalogue } from "./journey-catalogue";
import type { JourneyData } from "./journey-data";
import { findPathProblems } from "./path-problems";

/**
 * What is wrong with a journey, step by step in journey order, with SPEC.md section 5's
 * messages: every answer's problems (`findAnswerProblems`) and, once every choice is one the
 * catalogue holds, whatever is not on the journey's own path (`findPathProblems`). The step
 * screens show a step's problems, and autosave, the contracts and the API refuse to save the
 * invalid ones. Without a catalogue (the contracts have none) only the rules that need none are
 * checked.
 */
export function findJourneyProblems(
  journeyData: JourneyData,
  catalogue?: JourneyCatalogue,
): JourneyProblem[] {
  const problems = findAnswerProblems(journeyData, catalogue);
  if (catalogue && findUnknownChoices(journeyData, catalogue).length === 0) {
    problems.push(...findPathProblems(journeyData, catalogue));
  }
  return inJourneyOrder(problems);
}

/** The problems that stop a journey being saved: all but unanswered questions, as a plan may be unfinished. */
export function findSaveProblems(journeyData: JourneyData, catalogue?: JourneyCatalogue): JourneyProblem[] {
  return findJourneyProblems(journeyData, catalogue).filter((problem) => problem.kind === "invalid");
}
