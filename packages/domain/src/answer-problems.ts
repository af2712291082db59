import { maximumCarsOf, maximumCarsOfOneKind, nominatingMyOwnCode } from "./catalogue";
import { findById, type JourneyCatalogue } from "./journey-catalogue";
import {
  contributionAmountProblem,
  contributionToPence,
  contributionWishTopics,
  minimumContributionNotesLength,
  type JourneyData,
  type JourneyTopic,
} from "./journey-data";
import { journeyPath } from "./journey-path";
import { journeyStepHandles, stepOfTopic, type JourneyStepHandle } from "./journey-steps";
import * as messages from "./messages";

/**
 * Something wrong with one answer of the journey, on the step that asks for it. An unanswered
 * question leaves a plan unfinished, which can still be saved; an invalid answer cannot be.
 */
export interface JourneyProblem {
  step: JourneyStepHandle;
  topic: JourneyTopic;
  /** Which part of the topic: its answer (the choice), its notes or its contribution. */
  field: "answer" | "notes" | "contribution";
  /** Where it is in the journey payload, as a violation names it: `pallbearers.notes`. */
  propertyPath: string;
  title: string;
  kind: "unanswered" | "invalid";
}

/** Where each topic's answer is in the journey payload. */
const answerPaths: Partial<Record<JourneyTopic, string>> = {
  attendance: "attendance.option.id",
  funeralDirector: "funeralDirector.id",
  burialCremation: "burialCremation.option.id",
  burial: "burial.hasBurialPlot",
  burialService: "burialService.notes",
  crematoria: "crematoria.id",
  celebrant: "celebrant.celebrant",
  pallbearers: "pallbearers.pallbearerType",
  deceaseTransportation: "deceaseTransportation.transportationType",
  attendeesTransportation: "attendeesTransportation.selectedTransportationTypes",
  procession: "procession.personalisedProcession",
  coffin: "coffin.id",
  ashes: "ashes.treatmentType",
  package: "package.id",
};

/** The step that asks about a topic; a package is chosen on the first step, beside the kinds of funeral. */
export function stepOfAnswer(topic: JourneyTopic): JourneyStepHandle {
  return stepOfTopic(topic) ?? "attendance";
}

function problem(
  topic: JourneyTopic,
  field: JourneyProblem["field"],
  kind: JourneyProblem["kind"],
  title: string,
  propertyPath = field === "answer" ? (answerPaths[topic] ?? topic) : `${topic}.${field}`,
): JourneyProblem {
  return { step: stepOfAnswer(topic), topic, field, propertyPath, title, kind };
}

/** SPEC.md section 5, Step completeness: the questions a step on the path cannot leave unanswered. */
const requiredAnswers: [JourneyTopic, (journeyData: JourneyData) => boolean][] = [
  ["attendance", (data) => data.attendance !== undefined],
  ["funeralDirector", (data) => data.funeralDirector !== undefined],
  ["burialCremation", (data) => data.burialCremation !== undefined],
  ["burial", (data) => (data.burial?.hasBurialPlot ?? null) !== null],
  ["burialService", (data) => (data.burialService?.notes.trim() ?? "") !== ""],
  ["crematoria", (data) => data.crematoria !== undefined],
  ["celebrant", (data) => (data.celebrant?.celebrant ?? null) !== null],
  ["pallbearers", (data) => (data.pallbearers?.pallbearerType ?? null) !== null],
  ["deceaseTransportation", (data) => (data.deceaseTransportation?.transportationType ?? null) !== null],
  ["coffin", (data) => data.coffin !== undefined],
  ["ashes", (data) => (data.ashes?.treatmentType ?? null) !== null],
];

function unansweredProblems(journeyData: JourneyData): JourneyProblem[] {
  const path = journeyPath(journeyData);
  return requiredAnswers
    .filter(([topic, isAnswered]) => path.includes(stepOfTopic(topic)!) && !isAnswered(journeyData))
    .map(([topic]) => problem(topic, "answer", "unanswered", messages.required));
}

/** The topics that may carry money set aside (a contribution), in journey order. */
const contributionTopics = [
  "pallbearers",
  "deceaseTransportation",
  "attendeesTransportation",
  ...contributionWishTopics,
] as const satisfies readonly JourneyTopic[];

/**
 * SPEC.md section 5: a contribution is in order when there is none (empty or zero), or when its
 * notes say in at least two characters what it is for. It must be an amount of money.
 */
function contributionProblems(journeyData: JourneyData): JourneyProblem[] {
  return contributionTopics.flatMap((topic): JourneyProblem[] => {
    const value = journeyData[topic];
    if (!value) return [];
    const amountProblem = contributionAmountProblem(value.contribution);
    if (amountProblem) return [problem(topic, "contribution", "invalid", amountProblem)];
    const pence = contributionToPence(value.contribution) ?? 0;
    if (pence > 0 && value.notes.trim().length < minimumContributionNotesLength) {
      return [problem(topic, "notes", "invalid", messages.contributionNeedsNotes)];
    }
    return [];
  });
}

/** The choices that can carry money only when the person makes their own arrangements. */
const ownArrangementChoices = {
  pallbearers: {
    options: (catalogue: JourneyCatalogue) => catalogue.pallbearerTypes,
    chosen: (journeyData: JourneyData) => journeyData.pallbearers?.pallbearerType,
    notOffered: messages.pallbearerContributionNotOffered,
  },
  deceaseTransportation: {
    options: (catalogue: JourneyCatalogue) => catalogue.transportationForTheDeceasedTypes,
    chosen: (journeyData: JourneyData) => journeyData.deceaseTransportation?.transportationType,
    notOffered: messages.transportContributionNotOffered,
  },
} as const;

/**
 * Whether money can be set aside towards pallbearers or transport for the person who has died:
 * only when family or friends carry the coffin, or the person chooses their own vehicle.
 */
export function offersContribution(
  topic: keyof typeof ownArrangementChoices,
  journeyData: JourneyData,
  catalogue: JourneyCatalogue,
): boolean {
  const choice = ownArrangementChoices[topic];
  return findById(choice.options(catalogue), choice.chosen(journeyData))?.code === nominatingMyOwnCode;
}

function contributionNotOfferedProblems(journeyData: JourneyData, catalogue: JourneyCatalogue) {
  return (["pallbearers", "deceaseTransportation"] as const).flatMap((topic): JourneyProblem[] => {
    const pence = contributionToPence(journeyData[topic]?.contribution ?? "");
    if (!pence || offersContribution(topic, journeyData, catalogue)) return [];
    return [problem(topic, "contribution", "invalid", ownArrangementChoices[topic].notOffered)];
  });
}

const carsPath = answerPaths.attendeesTransportation!;

/** Cars for family and friends: each kind once, and no more of a kind than can be asked for. */
function carProblems(journeyData: JourneyData, catalogue: JourneyCatalogue | undefined): JourneyProblem[] {
  const cars = journeyData.attendeesTransportation?.selectedTransportationTypes ?? [];
  const problems: JourneyProblem[] = [];
  const kinds = cars.map((selected) => selected.transportationType.id);
  if (new Set(kinds).size !== kinds.length) {
    problems.push(problem("attendeesTransportation", "answer", "invalid", messages.carKindChosenTwice));
  }
  cars.forEach((selected, index) => {
    const option = catalogue
      ? findById(catalogue.transportationForAttendeesTypes, selected.transportationType.id)
      : undefined;
    if (catalogue && !option) {
      problems.push(
        problem(
          "attendeesTransportation",
          "answer",
          "invalid",
          messages.optionNotAvailable,
          `${carsPath}[${index}].transportationType.id`,
        ),
      );
    }
    const maximum = option ? maximumCarsOf(option) : maximumCarsOfOneKind;
    if (selected.quantity > maximum) {
      problems.push(
        problem(
          "attendeesTransportation",
          "answer",
          "invalid",
          messages.atMost(maximum),
          `${carsPath}[${index}].quantity`,
        ),
      );
    }
  });
  return problems;
}

/** Choices the catalogue does not hold, or whose code does not match their id. */
function catalogueChoiceProblems(journeyData: JourneyData, catalogue: JourneyCatalogue): JourneyProblem[] {
  const choices: [
    JourneyTopic,
    readonly { id: number; code?: string }[],
    number | null | undefined,
    string?,
  ][] = [
    [
      "attendance",
      catalogue.attendance,
      journeyData.attendance?.option.id,
      journeyData.attendance?.option.code,
    ],
    [
      "burialCremation",
      catalogue.remains,
      journeyData.burialCremation?.option.id,
      journeyData.burialCremation?.option.code,
    ],
    ["crematoria", catalogue.crematoria, journeyData.crematoria?.id],
    ["celebrant", catalogue.celebrantTypes, journeyData.celebrant?.celebrant],
    ["pallbearers", catalogue.pallbearerTypes, journeyData.pallbearers?.pallbearerType],
    [
      "deceaseTransportation",
      catalogue.transportationForTheDeceasedTypes,
      journeyData.deceaseTransportation?.transportationType,
    ],
    ["coffin", catalogue.coffins, journeyData.coffin?.id],
    ["ashes", catalogue.ashesTreatmentTypes, journeyData.ashes?.treatmentType],
    ["package", catalogue.packages, journeyData.package?.id],
  ];
  return choices
    .filter(([, options, id, code]) => {
      if (id === null || id === undefined) return false;
      const found = findById(options, id);
      return !found || (code !== undefined && found.code !== code);
    })
    .map(([topic]) => problem(topic, "answer", "invalid", messages.optionNotAvailable));
}

/** Choices the catalogue does not hold (cars included), or whose code does not match their id. */
export function findUnknownChoices(journeyData: JourneyData, catalogue: JourneyCatalogue): JourneyProblem[] {
  return [
    ...catalogueChoiceProblems(journeyData, catalogue),
    ...carProblems(journeyData, catalogue).filter((found) => found.title === messages.optionNotAvailable),
  ];
}

/**
 * What is wrong with each answer of a journey, step by step in journey order: questions on the
 * path left unanswered, money that is not money or says nothing of what it is for, too many
 * cars, and (given the catalogue) choices it does not hold and money set aside where none is
 * offered. Without a catalogue only the rules that need none are checked.
 */
export function findAnswerProblems(journeyData: JourneyData, catalogue?: JourneyCatalogue): JourneyProblem[] {
  const problems = [
    ...unansweredProblems(journeyData),
    ...(catalogue ? catalogueChoiceProblems(journeyData, catalogue) : []),
    ...carProblems(journeyData, catalogue),
    ...contributionProblems(journeyData),
    ...(catalogue ? contributionNotOfferedProblems(journeyData, catalogue) : []),
  ];
  return inJourneyOrder(problems);
}

/** Problems sorted by the order of their steps in the journey (a stable sort). */
export function inJourneyOrder(problems: JourneyProblem[]): JourneyProblem[] {
  const order = (found: JourneyProblem) => journeyStepHandles.indexOf(found.step);
  return problems.sort((first, second) => order(first) - order(second));
}
