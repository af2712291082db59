import { findAnswerProblems, inJourneyOrder, stepOfAnswer, type JourneyProblem } from "./answer-problems";
import { withCatalogueCars, type JourneyCatalogue, type JourneyCataloguePackage } from "./journey-catalogue";
import {
  answer,
  chooseAttendance,
  choosePackage,
  chooseRemains,
  packageJourney,
  packageStepHandles,
} from "./journey-choices";
import type { JourneyData, JourneyTopic } from "./journey-data";
import { isOnPath, journeyPath } from "./journey-path";
import { initialJourneyState } from "./journey-state";
import { journeyStepHandles, stepTopics } from "./journey-steps";
import * as messages from "./messages";

type AnsweredTopic = Exclude<JourneyTopic, "attendance" | "burialCremation" | "package">;

/** Every topic a person answers on a step of its own, in journey order. */
const answeredTopics = journeyStepHandles
  .flatMap((handle) => stepTopics[handle] as readonly JourneyTopic[])
  .filter((topic): topic is AnsweredTopic => topic !== "attendance" && topic !== "burialCremation");

/**
 * The journey the rules make of these answers, given as a person gives them: the package or the
 * kind of funeral first, then burial or cremation, then every other answer. The rules refuse an
 * answer off the path or on a step chosen for the person, and fill in what a kind of funeral or
 * a package chooses, so the result is always a journey someone could have made.
 */
function replayJourney(journeyData: JourneyData, catalogue: JourneyCatalogue): JourneyData {
  let state = initialJourneyState();
  if (journeyData.package) state = choosePackage(state, catalogue, journeyData.package.id);
  else if (journeyData.attendance) {
    state = chooseAttendance(state, catalogue, journeyData.attendance.option.id);
  }
  if (journeyData.burialCremation) {
    state = chooseRemains(state, catalogue, journeyData.burialCremation.option.id);
  }
  for (const topic of answeredTopics) {
    const value = journeyData[topic];
    if (value !== undefined)
      state = answer(state, catalogue, topic, value as NonNullable<JourneyData[typeof topic]>);
  }
  // A package set aside (`null`) leaves its answers as the person's own, like no package at all.
  return journeyData.package === null ? { ...state.journeyData, package: null } : state.journeyData;
}

/** A whole topic that cannot be saved as it is. */
function wrongAnswer(topic: JourneyTopic, title: string): JourneyProblem {
  return { step: stepOfAnswer(topic), topic, field: "answer", propertyPath: topic, title, kind: "invalid" };
}

function sameAnswer(first: unknown, second: unknown): boolean {
  if (first === second) return true;
  if (typeof first !== "object" || typeof second !== "object" || first === null || second === null) {
    return false;
  }
  if (Array.isArray(first) !== Array.isArray(second)) return false;
  const firstKeys = Object.keys(first).filter((key) => (first as Record<string, unknown>)[key] !== undefined);
  const secondKeys = Object.keys(second).filter(
    (key) => (second as Record<string, unknown>)[key] !== undefined,
  );
  return (
    firstKeys.length === secondKeys.length &&
    firstKeys.every((key) =>
      sameAnswer((first as Record<string, unknown>)[key], (second as Record<string, unknown>)[key]),
    )
  );
}

/**
 * Whether a journey is on its own path: every answer is one the rules would have kept, and
 * everything the kind of funeral or the package chose is as it chose it. Answers that are not
 * are named by topic: a burial plot on a cremation, cars or a procession on an unattended
 * funeral, a coffin changed on a package, a package whose contents differ from the answers.
 * Its choices are taken to be in the catalogue (see `findAnswerProblems`).
 */
export function findPathProblems(journeyData: JourneyData, catalogue: JourneyCatalogue): JourneyProblem[] {
  // Cars are compared as the catalogue names and prices them: a browser's copy may be out of date.
  const sent = withCatalogueCars(journeyData, catalogue);
  const made = withCatalogueCars(replayJourney(journeyData, catalogue), catalogue);
  const chosenForYou = made.package ? messages.partOfYourPackage : messages.includedInKindOfFuneral;
  const topics = new Set([...Object.keys(sent), ...Object.keys(made)] as JourneyTopic[]);
  const problems = [...topics]
    .filter((topic) => !sameAnswer(sent[topic] ?? null, made[topic] ?? null))
    .map((topic) => {
      const offPath =
        sent[topic] !== undefined &&
        (!isOnPath(made, stepOfAnswer(topic)) ||
          (topic === "procession" && made.attendance?.option.code !== "attended"));
      return wrongAnswer(topic, offPath ? messages.notPartOfThisFuneral : chosenForYou);
    });
  return inJourneyOrder(problems);
}

/**
 * What is wrong with a package as the catalogue defines it: every step it chooses must be
 * answered and in order (a cremation package names a crematorium and ashes), and it may hold
 * nothing off its own path (a burial package names neither).
 */
export function findPackageProblems(
  planPackage: JourneyCataloguePackage,
  catalogue: JourneyCatalogue,
): JourneyProblem[] {
  const journeyData = packageJourney(planPackage);
  const path = journeyPath(journeyData);
  const chosenSteps = packageStepHandles.filter((handle) => path.includes(handle));
  const offPath = (Object.keys(journeyData) as JourneyTopic[])
    .filter((topic) => !isOnPath(journeyData, stepOfAnswer(topic)))
    .map((topic) => wrongAnswer(topic, messages.notPartOfThisFuneral));
  const unfinished = findAnswerProblems(journeyData, catalogue).filter((found) =>
    chosenSteps.includes(found.step),
  );
  return inJourneyOrder([...unfinished, ...offPath]);
}
