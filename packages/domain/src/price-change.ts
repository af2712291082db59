import type { Pence } from "./money";
import { summarisePrice, type PriceData } from "./price-data";

/**
 * A change in what a plan costs that the person did not make: the catalogue's prices moved
 * between the price they last saw (`was`) and the price that will be charged (`now`).
 */
export interface PriceChange {
  was: Pence;
  now: Pence;
  /** When the plan was saved at the old price; null when the change was seen in this visit. */
  savedAt: string | null;
}

/** The change in total between two pricings of the same journey, or null when there is none. */
export function priceChangeBetween(
  before: PriceData,
  after: PriceData,
  savedAt: string | null = null,
): PriceChange | null {
  const was = summarisePrice(before).total;
  const now = summarisePrice(after).total;
  return was === now ? null : { was, now, savedAt };
}
