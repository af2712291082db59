import { findById, type JourneyCatalogue } from "./journey-catalogue";
import { contributionToPence, type ContributionWishTopic, type JourneyData } from "./journey-data";
import { journeyPath } from "./journey-path";
import type { JourneyStepHandle } from "./journey-steps";
import { sumPence, type Pence } from "./money";

/**
 * The running price: an amount of pence per price key. Guaranteed amounts are keyed by step;
 * contributions (money set aside for loved ones, not guaranteed) have keys of their own.
 */
export type PriceData = Readonly<Record<string, Pence>>;

export const basicPriceKey = "attendance";

/** The price key of each "Record your wishes" contribution (SPEC.md's additional step keys). */
export const wishPriceKeys = {
  stationery: "stationary",
  flowers: "flowers",
  memorial: "memorial",
  photoVideo: "photography-videography",
  music: "music",
  otherRequests: "other-requests",
} as const satisfies Record<ContributionWishTopic, string>;

/** The step each price key belongs to: a key is priced only while its step is on the path. */
const stepOfPriceKey: Record<string, JourneyStepHandle> = {
  attendance: "attendance",
  "burial-cremation": "burial-cremation",
  celebrant: "celebrant",
  pallbearers: "pallbearers",
  "pallbearers-contribution": "pallbearers",
  transportation: "transportation",
  "transportation-contribution": "transportation",
  coffin: "coffin",
  ashes: "ashes",
  ...Object.fromEntries(Object.values(wishPriceKeys).map((key) => [key, "additional" as const])),
};

export const contributionPriceKeys: readonly string[] = [
  "pallbearers-contribution",
  "transportation-contribution",
  ...Object.values(wishPriceKeys),
];

export interface PriceSummary {
  /** The attendance amount. */
  basic: Pence;
  /** Everything else, contributions included. */
  additional: Pence;
  /** The part of `additional` that is contributions, which are not guaranteed. */
  contributions: Pence;
  total: Pence;
}

export function summarisePrice(priceData: PriceData): PriceSummary {
  const entries = Object.entries(priceData);
  const basic = priceData[basicPriceKey] ?? 0;
  const additional = sumPence(entries.filter(([key]) => key !== basicPriceKey).map(([, amount]) => amount));
  const contributions = sumPence(
    entries.filter(([key]) => contributionPriceKeys.includes(key)).map(([, amount]) => amount),
  );
  return { basic, additional, contributions, total: basic + additional };
}

export class UnknownStepError extends Error {
  constructor() {
    super("The step name is not defined");
    this.name = "UnknownStepError";
  }
}

function requireStepName(step: string | undefined | null): string {
  if (!step) throw new UnknownStepError();
  return step;
}

/** Sets one step's amount. */
export function setStepPrice(
  priceData: PriceData,
  step: string | undefined | null,
  amount: Pence,
): PriceData {
  return { ...priceData, [requireStepName(step)]: amount };
}

/**
 * Resets one step's amount: to 0 normally; in edit mode, back to the stored amount, which
 * removes the pending change.
 */
export function resetStepPrice(
  priceData: PriceData,
  step: string | undefined | null,
  storedPriceData?: PriceData,
): PriceData {
  const name = requireStepName(step);
  return { ...priceData, [name]: storedPriceData ? (storedPriceData[name] ?? 0) : 0 };
}

/** In edit mode: the amounts that differ from the stored ones. Equal amounts are no change. */
export function pendingPriceChanges(storedPriceData: PriceData, priceData: PriceData): PriceData {
  const keys = new Set([...Object.keys(storedPriceData), ...Object.keys(priceData)]);
  return Object.fromEntries(
    [...keys]
      .filter((key) => (storedPriceData[key] ?? 0) !== (priceData[key] ?? 0))
      .map((key) => [key, priceData[key] ?? 0]),
  );
}

function contributionPence(topic: { contribution: string } | undefined): Pence {
  return topic ? (contributionToPence(topic.contribution) ?? 0) : 0;
}

/** What attendee transport costs: each type's price times the number wanted. */
export function attendeeTransportPrice(
  journeyData: JourneyData,
  catalogue: Pick<JourneyCatalogue, "transportationForAttendeesTypes">,
): Pence {
  return sumPence(
    (journeyData.attendeesTransportation?.selectedTransportationTypes ?? []).map(
      (selected) =>
        (findById(catalogue.transportationForAttendeesTypes, selected.transportationType.id)?.price ?? 0) *
        selected.quantity,
    ),
  );
}

/**
 * Prices every answer from the catalogue. The browser runs it for the running price and the
 * API runs it again before storing a plan, so a price sent by a browser is never trusted.
 * Only steps on the person's path count: ashes are not charged for a burial.
 */
export function priceJourney(journeyData: JourneyData, catalogue: JourneyCatalogue): PriceData {
  const priceOf = (options: readonly { id: number; price: number }[], id: number | null | undefined) =>
    findById(options, id)?.price ?? 0;
  const priced: Record<string, Pence> = {
    attendance: priceOf(catalogue.attendance, journeyData.attendance?.option.id),
    "burial-cremation": priceOf(catalogue.remains, journeyData.burialCremation?.option.id),
    celebrant: priceOf(catalogue.celebrantTypes, journeyData.celebrant?.celebrant),
    pallbearers: priceOf(catalogue.pallbearerTypes, journeyData.pallbearers?.pallbearerType),
    transportation:
      priceOf(
        catalogue.transportationForTheDeceasedTypes,
        journeyData.deceaseTransportation?.transportationType,
      ) + attendeeTransportPrice(journeyData, catalogue),
    coffin: priceOf(catalogue.coffins, journeyData.coffin?.id),
    ashes: priceOf(catalogue.ashesTreatmentTypes, journeyData.ashes?.treatmentType),
    "pallbearers-contribution": contributionPence(journeyData.pallbearers),
    "transportation-contribution":
      contributionPence(journeyData.deceaseTransportation) +
      contributionPence(journeyData.attendeesTransportation),
  };
  for (const [topic, key] of Object.entries(wishPriceKeys)) {
    priced[key] = contributionPence(journeyData[topic as ContributionWishTopic]);
  }
  const path = journeyPath(journeyData);
  return Object.fromEntries(
    Object.entries(priced).filter(([key, amount]) => amount !== 0 && path.includes(stepOfPriceKey[key]!)),
  );
}
