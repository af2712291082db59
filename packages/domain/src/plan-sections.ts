import { findById, type JourneyCatalogue } from "./journey-catalogue";
import { contributionToPence, isContributionValid, type JourneyData } from "./journey-data";
import { journeyPath } from "./journey-path";
import type { JourneyStepHandle } from "./journey-steps";
import { messages } from "./messages";
import { attendeeTransportPrice } from "./price-data";

/** One line of a plan: what was chosen and what it costs (SPEC.md's plan sections). */
export interface PlanSectionLine {
  key: string;
  step: JourneyStepHandle;
  title: string;
  answer: string;
  price: number;
  /** Contributions are money set aside for loved ones, not guaranteed like the rest. */
  guaranteed: boolean;
}

export interface PlanSectionNames {
  funeralDirector?: (id: number) => string | undefined;
}

const withNotes = (answer: string, notes: string | undefined) =>
  notes?.trim() ? (answer ? `${answer}. ${notes.trim()}` : notes.trim()) : answer;

/** Every answered topic of the journey, in journey order, with its price. */
export function planSections(
  journeyData: JourneyData,
  catalogue: JourneyCatalogue,
  names: PlanSectionNames = {},
): PlanSectionLine[] {
  const lines: PlanSectionLine[] = [];
  const add = (line: Omit<PlanSectionLine, "guaranteed"> & { guaranteed?: boolean }) =>
    lines.push({ guaranteed: true, ...line });
  const nameOf = (options: readonly { id: number; name: string }[], id: number | null | undefined) =>
    findById(options, id)?.name ?? "Not chosen";
  const priceOf = (options: readonly { id: number; price: number }[], id: number | null | undefined) =>
    findById(options, id)?.price ?? 0;
  const contribution = (
    key: string,
    step: JourneyStepHandle,
    title: string,
    topic: { notes: string; contribution: string } | undefined,
  ) => {
    const amount = topic ? (contributionToPence(topic.contribution) ?? 0) : 0;
    if (amount > 0)
      add({ key, step, title, answer: topic?.notes.trim() ?? "", price: amount, guaranteed: false });
  };

  const { attendance, burialCremation, burial, burialService, celebrant, pallbearers, procession } =
    journeyData;
  if (attendance) {
    add({
      key: "funeralAttendance",
      step: "attendance",
      title: "Kind of funeral",
      answer: nameOf(catalogue.attendance, attendance.option.id),
      price: priceOf(catalogue.attendance, attendance.option.id),
    });
  }
  if (journeyData.funeralDirector) {
    add({
      key: "funeralDirectorBranch",
      step: "funeral-director",
      title: "Funeral director",
      answer: names.funeralDirector?.(journeyData.funeralDirector.id) ?? "Chosen",
      price: 0,
    });
  }
  if (burialCremation) {
    add({
      key: "remains",
      step: "burial-cremation",
      title: "Burial or cremation",
      answer: nameOf(catalogue.remains, burialCremation.option.id),
      price: priceOf(catalogue.remains, burialCremation.option.id),
    });
  }
  if (burial && burial.hasBurialPlot !== null) {
    add({
      key: "burialOptions",
      step: "burial",
      title: "Burial plot",
      answer: withNotes(
        burial.hasBurialPlot ? "Yes, there is a burial plot" : "No burial plot yet",
        burial.notes,
      ),
      price: 0,
    });
  }
  if (burialService?.notes.trim()) {
    add({
      key: "burialServiceOptions",
      step: "service-burial",
      title: "Burial service",
      answer: burialService.notes.trim(),
      price: 0,
    });
  }
  if (journeyData.crematoria && burialCremation?.option.code !== "buried") {
    add({
      key: "crematory",
      step: "crematoria",
      title: "Crematorium",
      answer: nameOf(catalogue.crematoria, journeyData.crematoria.id),
      price: 0,
    });
  }
  if (celebrant?.celebrant) {
    add({
      key: "celebrantOptions",
      step: "celebrant",
      title: "Who leads the service",
      answer: withNotes(nameOf(catalogue.celebrantTypes, celebrant.celebrant), celebrant.notes),
      price: priceOf(catalogue.celebrantTypes, celebrant.celebrant),
    });
  }
  if (pallbearers?.pallbearerType) {
    add({
      key: "pallbearerOptions",
      step: "pallbearers",
      title: "Pallbearers",
      answer: withNotes(nameOf(catalogue.pallbearerTypes, pallbearers.pallbearerType), pallbearers.notes),
      price: priceOf(catalogue.pallbearerTypes, pallbearers.pallbearerType),
    });
    contribution("pallbearerContribution", "pallbearers", "Pallbearers contribution", pallbearers);
  }
  const deceased = journeyData.deceaseTransportation;
  if (deceased?.transportationType) {
    add({
      key: "transportationOptions",
      step: "transportation",
      title: "Transport for the person who has died",
      answer: withNotes(
        nameOf(catalogue.transportationForTheDeceasedTypes, deceased.transportationType),
        deceased.notes,
      ),
      price: priceOf(catalogue.transportationForTheDeceasedTypes, deceased.transportationType),
    });
    contribution("transportationContribution", "transportation", "Transport contribution", deceased);
  }
  const attendees = journeyData.attendeesTransportation;
  const chosenCars = attendees?.selectedTransportationTypes.filter((selected) => selected.quantity > 0) ?? [];
  if (attendees && chosenCars.length > 0) {
    add({
      key: "attendeesTransportationOptions",
      step: "transportation",
      title: "Transport for family and friends",
      answer: withNotes(
        chosenCars
          .map(
            (selected) =>
              `${selected.quantity} × ${nameOf(catalogue.transportationForAttendeesTypes, selected.transportationType.id)}`,
          )
          .join(", "),
        attendees.notes,
      ),
      price: attendeeTransportPrice(journeyData, catalogue),
    });
    contribution(
      "attendeesTransportationContribution",
      "transportation",
      "Family transport contribution",
      attendees,
    );
  }
  if (procession && procession.personalisedProcession !== null) {
    add({
      key: "processionOptions",
      step: "transportation",
      title: "Personalised procession",
      answer: withNotes(procession.personalisedProcession ? "Yes" : "No", procession.notes),
      price: 0,
    });
  }
  if (journeyData.coffin) {
    add({
      key: "coffin",
      step: "coffin",
      title: "Coffin",
      answer: nameOf(catalogue.coffins, journeyData.coffin.id),
      price: priceOf(catalogue.coffins, journeyData.coffin.id),
    });
  }
  if (journeyData.ashes?.treatmentType) {
    add({
      key: "ashesTreatmentOptions",
      step: "ashes",
      title: "Ashes",
      answer: withNotes(
        nameOf(catalogue.ashesTreatmentTypes, journeyData.ashes.treatmentType),
        journeyData.ashes.notes,
      ),
      price: priceOf(catalogue.ashesTreatmentTypes, journeyData.ashes.treatmentType),
    });
  }
  const wishes = [
    ["stationaryOptions", "Order of service and stationery", journeyData.stationery],
    ["flowerOptions", "Flowers", journeyData.flowers],
    ["memorialOptions", "Memorial", journeyData.memorial],
    ["photographyAndVideoOptions", "Photography and video", journeyData.photoVideo],
    ["musicOptions", "Music", journeyData.music],
    ["additionalOptions", "Other requests", journeyData.otherRequests],
  ] as const;
  for (const [key, title, topic] of wishes) {
    if (!topic) continue;
    const amount = contributionToPence(topic.contribution) ?? 0;
    if (amount === 0 && !topic.notes.trim()) continue;
    add({ key, step: "additional", title, answer: topic.notes.trim(), price: amount, guaranteed: false });
  }
  if (journeyData.readings?.notes.trim()) {
    add({
      key: "readingsOptions",
      step: "additional",
      title: "Readings",
      answer: journeyData.readings.notes.trim(),
      price: 0,
      guaranteed: false,
    });
  }
  const path = journeyPath(journeyData);
  return lines.filter((line) => path.includes(line.step));
}

export interface ChoiceProblem {
  propertyPath: string;
  title: string;
}

/**
 * What in a journey payload the catalogue cannot honour: ids it does not hold, a code that
 * does not match its id, a contribution that is not an amount of money or has no notes.
 */
export function findChoiceProblems(journeyData: JourneyData, catalogue: JourneyCatalogue): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  const expectOption = (
    path: string,
    options: readonly { id: number; code?: string }[],
    id: number | null | undefined,
    code?: string,
  ) => {
    if (id === null || id === undefined) return;
    const found = findById(options, id);
    if (!found || (code !== undefined && found.code !== code)) {
      problems.push({ propertyPath: path, title: messages.optionNotAvailable });
    }
  };
  expectOption(
    "attendance.option.id",
    catalogue.attendance,
    journeyData.attendance?.option.id,
    journeyData.attendance?.option.code,
  );
  expectOption(
    "burialCremation.option.id",
    catalogue.remains,
    journeyData.burialCremation?.option.id,
    journeyData.burialCremation?.option.code,
  );
  expectOption("crematoria.id", catalogue.crematoria, journeyData.crematoria?.id);
  expectOption("celebrant.celebrant", catalogue.celebrantTypes, journeyData.celebrant?.celebrant);
  expectOption(
    "pallbearers.pallbearerType",
    catalogue.pallbearerTypes,
    journeyData.pallbearers?.pallbearerType,
  );
  expectOption(
    "deceaseTransportation.transportationType",
    catalogue.transportationForTheDeceasedTypes,
    journeyData.deceaseTransportation?.transportationType,
  );
  journeyData.attendeesTransportation?.selectedTransportationTypes.forEach((selected, index) =>
    expectOption(
      `attendeesTransportation.selectedTransportationTypes[${index}].transportationType.id`,
      catalogue.transportationForAttendeesTypes,
      selected.transportationType.id,
    ),
  );
  const cars = journeyData.attendeesTransportation?.selectedTransportationTypes ?? [];
  const carTypes = cars.map((selected) => selected.transportationType.id);
  if (new Set(carTypes).size !== carTypes.length) {
    problems.push({
      propertyPath: "attendeesTransportation.selectedTransportationTypes",
      title: messages.optionNotAvailable,
    });
  }
  const maximumCars = 10;
  if (cars.reduce((sum, selected) => sum + selected.quantity, 0) > maximumCars) {
    problems.push({
      propertyPath: "attendeesTransportation.selectedTransportationTypes",
      title: messages.atMost(maximumCars),
    });
  }
  expectOption("coffin.id", catalogue.coffins, journeyData.coffin?.id);
  expectOption("ashes.treatmentType", catalogue.ashesTreatmentTypes, journeyData.ashes?.treatmentType);
  expectOption("package.id", catalogue.packages, journeyData.package?.id);

  problems.push(...findContributionProblems(journeyData));
  return problems;
}

/** True when the payload holds at least one answer worth saving. */
export function hasJourneyData(journeyData: JourneyData): boolean {
  return Object.entries(journeyData).some(([, value]) => value !== undefined && value !== null);
}

/**
 * Contributions that cannot be saved yet: not an amount of money, or money with no notes saying
 * what it is for. The web app waits for these to be put right before saving.
 */
export function findContributionProblems(journeyData: JourneyData): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  const contributionTopics = [
    "pallbearers",
    "deceaseTransportation",
    "attendeesTransportation",
    "stationery",
    "flowers",
    "memorial",
    "photoVideo",
    "music",
    "otherRequests",
  ] as const;
  for (const topic of contributionTopics) {
    const value = journeyData[topic];
    if (!value) continue;
    if (contributionToPence(value.contribution) === null) {
      problems.push({ propertyPath: `${topic}.contribution`, title: messages.contributionNotMoney });
    } else if (!isContributionValid(value)) {
      problems.push({ propertyPath: `${topic}.notes`, title: messages.contributionNeedsNotes });
    }
  }
  return problems;
}
