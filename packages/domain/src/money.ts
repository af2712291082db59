/** Money is held as integer pence everywhere; it becomes pounds only when shown to a person. */
export type Pence = number;

/** Whole pounds with a comma between each three figures, as a British reader writes them: "1,234,567". */
function withThousands(pounds: number): string {
  return String(pounds).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Formats an amount of pence as GBP for a British reader: "£2,950" for whole pounds,
 * "£12.50" when there are pence, so no price is ever rounded away; "-£12.50" below nothing.
 * Written out rather than left to `Intl.NumberFormat`: its first use on a page costs the browser
 * 15 to 20 ms (on a slowed phone, a long task of its own) to load the locale's data, for a format
 * this simple (decision 033). The tests hold it to `Intl.NumberFormat`'s en-GB output.
 */
export function formatPrice(pence: Pence): string {
  if (!Number.isInteger(pence)) {
    throw new RangeError(`A price must be a whole number of pence, got ${pence}`);
  }
  const sign = pence < 0 ? "-" : "";
  const held = Math.abs(pence);
  const pennies = held % 100;
  const pounds = withThousands((held - pennies) / 100);
  return `${sign}£${pounds}${pennies === 0 ? "" : `.${String(pennies).padStart(2, "0")}`}`;
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

/**
 * Monthly payments in words, as the payment page and the emails say them (issue 50 item 6): "12
 * monthly payments of £100", or, with the pennies that do not divide on the first, "12 monthly
 * payments: £100.05, then 11 of £100"; "one payment of £100" for one.
 */
export function monthlyPaymentsInWords(instalments: readonly Pence[]): string {
  const [first, ...rest] = instalments;
  if (first === undefined) return "";
  const later = rest[0];
  if (later === undefined) return `one payment of ${formatPrice(first)}`;
  if (rest.every((amount) => amount === first)) {
    return `${instalments.length} monthly payments of ${formatPrice(first)}`;
  }
  return `${instalments.length} monthly payments: ${formatPrice(first)}, then ${rest.length} of ${formatPrice(later)}`;
}
