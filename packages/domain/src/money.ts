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

/**
 * An amount of money as a person types it ("25", "25.50", "£1,000") in pence, or null when it is
 * not one (negative, more than two decimal places, more than seven figures of pounds, or not a
 * number). Empty is null too: whether empty means nothing is for the caller to say.
 */
export function typedPoundsToPence(typed: string): Pence | null {
  const cleaned = typed.replace(/[£,\s]/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [pounds = "0", pence = ""] = cleaned.split(".");
  return Number(pounds) * 100 + Number(pence.padEnd(2, "0"));
}
