import { maximumCarsOf } from "./catalogue";
import { findById, type JourneyCatalogue } from "./journey-catalogue";
import { contributionToPence, type JourneyData } from "./journey-data";
import { journeyPath } from "./journey-path";
import { journeyStepLabels, type JourneyStepHandle } from "./journey-steps";
import {
  basicPriceKey,
  pallbearersContributionPriceKey,
  transportationContributionPriceKey,
  wishPriceKeys,
} from "./price-keys";
import type { Pence } from "./money";

/** One line of a plan: what was chosen and what it costs (SPEC.md's plan sections). */
export interface PlanSectionLine {
  key: string;
  step: JourneyStepHandle;
  title: string;
  answer: string;
  price: Pence;
  /** Where the line's price counts in the running price; null for a line that costs nothing. */
  priceKey: string | null;
  /** Contributions are money set aside for loved ones, not guaranteed like the rest. */
  guaranteed: boolean;
}

/**
 * Whether a line is a contribution: money set aside, not guaranteed. A wish written down with no
 * money set aside (or readings) is neither a contribution nor priced: it is shown with no price.
 */
export function isContribution(line: Pick<PlanSectionLine, "guaranteed" | "price">): boolean {
  return !line.guaranteed && line.price > 0;
}

export interface PlanSectionNames {
  funeralDirector?: (id: number) => string | undefined;
}

const withNotes = (answer: string, notes: string | undefined) =>
  notes?.trim() ? (answer ? `${answer}. ${notes.trim()}` : notes.trim()) : answer;

/** What attendee transport costs: each type's catalogue price times the number wanted. */
function attendeeTransportPrice(
  journeyData: JourneyData,
  catalogue: Pick<JourneyCatalogue, "transportationForAttendeesTypes">,
): Pence {
  return (journeyData.attendeesTransportation?.selectedTransportationTypes ?? []).reduce(
    (total, selected) =>
      total +
      (findById(catalogue.transportationForAttendeesTypes, selected.transportationType.id)?.price ?? 0) *
        selected.quantity,
    0,
  );
}

/**
 * Every answered topic of the journey on the person's path, in journey order, with what it
 * costs from the catalogue. This is the one walk over a journey's prices: the running price
 * (`priceJourney`), the summary and the API's stored price are all made from these lines, so
 * the lines always add up to the total.
 */
export function planSections(
  journeyData: JourneyData,
  catalogue: JourneyCatalogue,
  names: PlanSectionNames = {},
): PlanSectionLine[] {
  const lines: PlanSectionLine[] = [];
  const add = (line: Omit<PlanSectionLine, "guaranteed" | "priceKey"> & Partial<PlanSectionLine>) =>
    lines.push({ guaranteed: true, priceKey: null, ...line });
  const nameOf = (options: readonly { id: number; name: string }[], id: number | null | undefined) =>
    findById(options, id)?.name ?? "Not chosen";
  const priceOf = (options: readonly { id: number; price: number }[], id: number | null | undefined) =>
    findById(options, id)?.price ?? 0;
  const contribution = (
    key: string,
    step: JourneyStepHandle,
    title: string,
    priceKey: string,
    topic: { notes: string; contribution: string } | undefined,
  ) => {
    const amount = topic ? (contributionToPence(topic.contribution) ?? 0) : 0;
    if (amount > 0)
      add({
        key,
        step,
        title,
        answer: topic?.notes.trim() ?? "",
        price: amount,
        priceKey,
        guaranteed: false,
      });
  };

  const { attendance, burialCremation, burial, burialService, celebrant, pallbearers, procession } =
    journeyData;
  if (attendance) {
    add({
      key: "funeralAttendance",
      step: "attendance",
      title: journeyStepLabels.attendance,
      answer: nameOf(catalogue.attendance, attendance.option.id),
      price: priceOf(catalogue.attendance, attendance.option.id),
      priceKey: basicPriceKey,
    });
  }
  if (journeyData.funeralDirector) {
    add({
      key: "funeralDirectorBranch",
      step: "funeral-director",
      title: journeyStepLabels["funeral-director"],
      answer: names.funeralDirector?.(journeyData.funeralDirector.id) ?? "Chosen",
      price: 0,
    });
  }
  if (burialCremation) {
    add({
      key: "remains",
      step: "burial-cremation",
      title: journeyStepLabels["burial-cremation"],
      answer: nameOf(catalogue.remains, burialCremation.option.id),
      price: priceOf(catalogue.remains, burialCremation.option.id),
      priceKey: "burial-cremation",
    });
  }
  if (burial && burial.hasBurialPlot !== null) {
    add({
      key: "burialOptions",
      step: "burial",
      title: journeyStepLabels.burial,
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
      title: journeyStepLabels["service-burial"],
      answer: burialService.notes.trim(),
      price: 0,
    });
  }
  if (journeyData.crematoria) {
    add({
      key: "crematory",
      step: "crematoria",
      title: journeyStepLabels.crematoria,
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
      priceKey: "celebrant",
    });
  }
  if (pallbearers?.pallbearerType) {
    add({
      key: "pallbearerOptions",
      step: "pallbearers",
      title: journeyStepLabels.pallbearers,
      answer: withNotes(nameOf(catalogue.pallbearerTypes, pallbearers.pallbearerType), pallbearers.notes),
      price: priceOf(catalogue.pallbearerTypes, pallbearers.pallbearerType),
      priceKey: "pallbearers",
    });
  }
  contribution(
    "pallbearerContribution",
    "pallbearers",
    "Pallbearers contribution",
    pallbearersContributionPriceKey,
    pallbearers,
  );
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
      priceKey: "transportation",
    });
  }
  contribution(
    "transportationContribution",
    "transportation",
    "Transport contribution",
    transportationContributionPriceKey,
    deceased,
  );
  const attendees = journeyData.attendeesTransportation;
  const chosenCars = attendees?.selectedTransportationTypes.filter((selected) => selected.quantity > 0) ?? [];
  if (attendees && chosenCars.length > 0) {
    add({
      key: "attendeesTransportationOptions",
      step: "transportation",
      title: "Transport for family and friends",
      answer: withNotes(
        chosenCars
          .map((selected) => {
            const option = findById(
              catalogue.transportationForAttendeesTypes,
              selected.transportationType.id,
            );
            const name = option?.name ?? "Not chosen";
            // Making their own way is a yes or a no, not a number of cars.
            return option && maximumCarsOf(option) === 1 ? name : `${selected.quantity} × ${name}`;
          })
          .join(", "),
        attendees.notes,
      ),
      price: attendeeTransportPrice(journeyData, catalogue),
      priceKey: "transportation",
    });
  }
  contribution(
    "attendeesTransportationContribution",
    "transportation",
    "Family transport contribution",
    transportationContributionPriceKey,
    attendees,
  );
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
      title: journeyStepLabels.coffin,
      answer: nameOf(catalogue.coffins, journeyData.coffin.id),
      price: priceOf(catalogue.coffins, journeyData.coffin.id),
      priceKey: "coffin",
    });
  }
  if (journeyData.ashes?.treatmentType) {
    add({
      key: "ashesTreatmentOptions",
      step: "ashes",
      title: journeyStepLabels.ashes,
      answer: withNotes(
        nameOf(catalogue.ashesTreatmentTypes, journeyData.ashes.treatmentType),
        journeyData.ashes.notes,
      ),
      price: priceOf(catalogue.ashesTreatmentTypes, journeyData.ashes.treatmentType),
      priceKey: "ashes",
    });
  }
  const wishes = [
    ["stationaryOptions", "Order of service and stationery", "stationery"],
    ["flowerOptions", "Flowers", "flowers"],
    ["memorialOptions", "Memorial", "memorial"],
    ["photographyAndVideoOptions", "Photography and video", "photoVideo"],
    ["musicOptions", "Music", "music"],
    ["additionalOptions", "Other requests", "otherRequests"],
  ] as const;
  for (const [key, title, topicName] of wishes) {
    const topic = journeyData[topicName];
    if (!topic) continue;
    const amount = contributionToPence(topic.contribution) ?? 0;
    if (amount === 0 && !topic.notes.trim()) continue;
    add({
      key,
      step: "additional",
      title,
      answer: topic.notes.trim(),
      price: amount,
      priceKey: wishPriceKeys[topicName],
      guaranteed: false,
    });
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
