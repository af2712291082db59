/** Money is held as integer pence everywhere; it becomes pounds only when shown to a person. */
export type Pence = number;

const wholePounds = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const poundsAndPence = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats an amount of pence as GBP for a British reader: "£2,950" for whole pounds,
 * "£12.50" when there are pence, so no price is ever rounded away.
 */
export function formatPrice(pence: Pence): string {
  if (!Number.isInteger(pence)) {
    throw new RangeError(`A price must be a whole number of pence, got ${pence}`);
  }
  return pence % 100 === 0 ? wholePounds.format(pence / 100) : poundsAndPence.format(pence / 100);
}

/** Adds amounts of pence; an empty list is £0. */
export function sumPence(amounts: readonly Pence[]): Pence {
  return amounts.reduce((total, amount) => total + amount, 0);
}
