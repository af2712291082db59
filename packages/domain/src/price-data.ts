import { sumPence, type Pence } from "./money";

/**
 * The running price: an amount of pence per journey topic. The attendance amount is the
 * basic price; everything else is additional.
 */
export type PriceData = Readonly<Record<string, Pence>>;

export const basicPriceKey = "attendance";

export interface PriceSummary {
  basic: Pence;
  additional: Pence;
  total: Pence;
}

export function summarisePrice(priceData: PriceData): PriceSummary {
  const basic = priceData[basicPriceKey] ?? 0;
  const additional = sumPence(
    Object.entries(priceData)
      .filter(([key]) => key !== basicPriceKey)
      .map(([, amount]) => amount),
  );
  return { basic, additional, total: basic + additional };
}
