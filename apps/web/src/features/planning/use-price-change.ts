import { useSyncExternalStore } from "react";
import type { PriceChange } from "@kindred/domain";
import { getPriceChange, subscribeToPriceChange } from "./price-change-notice-store";

/** The price change the person has yet to be told about, if any; the server renders none. */
export function usePriceChange(): PriceChange | null {
  return useSyncExternalStore(subscribeToPriceChange, getPriceChange, () => null);
}
