import { formatLongDate } from "./long-date";
import { formatPrice } from "./money";
import type { PriceChange } from "./price-change";

// Apart from price-change.ts, whose comparison every journey step runs: these words are only for
// the notice, which a page loads when there is a change to tell (decision 033).

/** What a person is told of a price change before they buy: when, from what, to what. */
export function describePriceChange(change: PriceChange): string {
  const since = change.savedAt
    ? `Since you saved your plan on ${formatLongDate(change.savedAt)}`
    : "Since you started your plan";
  const direction = change.now > change.was ? "gone up" : "come down";
  return (
    `${since}, our prices have changed and the price of your plan has ${direction}. ` +
    `It was ${formatPrice(change.was)} and is now ${formatPrice(change.now)}. ` +
    "This is the price you would pay, and every total you see here is up to date."
  );
}
