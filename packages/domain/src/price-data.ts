import type { JourneyCatalogue } from "./journey-catalogue";
import type { JourneyData } from "./journey-data";
import { sumPence, type Pence } from "./money";
import { planSections, type PlanSectionLine, type PlanSectionNames } from "./plan-sections";
import { basicPriceKey, contributionPriceKeys } from "./price-keys";

/**
 * The running price: an amount of pence per price key (see price-keys.ts). Guaranteed amounts
 * are keyed by step; contributions have keys of their own.
 */
export type PriceData = Readonly<Record<string, Pence>>;

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

/** In edit mode: the amounts that differ from the stored ones. Equal amounts are no change. */
export function pendingPriceChanges(storedPriceData: PriceData, priceData: PriceData): PriceData {
  const keys = new Set([...Object.keys(storedPriceData), ...Object.keys(priceData)]);
  return Object.fromEntries(
    [...keys]
      .filter((key) => (storedPriceData[key] ?? 0) !== (priceData[key] ?? 0))
      .map((key) => [key, priceData[key] ?? 0]),
  );
}

/** The running price of a plan's lines: each line's price added under its price key. */
function priceDataOf(lines: readonly PlanSectionLine[]): PriceData {
  const priceData: Record<string, Pence> = {};
  for (const line of lines) {
    if (line.priceKey === null || line.price === 0) continue;
    priceData[line.priceKey] = (priceData[line.priceKey] ?? 0) + line.price;
  }
  return priceData;
}

/** A journey priced: its lines, its running price and the summary of it, all from one walk. */
export interface PricedPlan {
  sections: PlanSectionLine[];
  priceData: PriceData;
  price: PriceSummary;
}

/**
 * Prices a journey from the catalogue: the one function that does. The browser runs it for the
 * running price and the summary, and the API runs it again before storing a plan and whenever
 * it shows one, so a price sent by a browser is never trusted. Only steps on the person's path
 * count: ashes are not charged for a burial.
 */
export function pricePlan(
  journeyData: JourneyData,
  catalogue: JourneyCatalogue,
  names: PlanSectionNames = {},
): PricedPlan {
  const sections = planSections(journeyData, catalogue, names);
  const priceData = priceDataOf(sections);
  return { sections, priceData, price: summarisePrice(priceData) };
}

/** The running price of a journey (see `pricePlan`). */
export function priceJourney(journeyData: JourneyData, catalogue: JourneyCatalogue): PriceData {
  return pricePlan(journeyData, catalogue).priceData;
}
