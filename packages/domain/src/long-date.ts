/** The months of the year, as they are written in full. */
export const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

let londonDatesMade: Intl.DateTimeFormat | undefined;

/** Made at the first moment shown, not when a page loads: see `formatLongDate`. */
function londonDates(): Intl.DateTimeFormat {
  londonDatesMade ??= new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  });
  return londonDatesMade;
}

/** A day of the calendar in words: "5 January 2027" (`month` counted from 1). */
function dayInWords(year: string, month: number, date: number): string {
  return `${date} ${monthNames[month - 1]} ${year}`;
}

/**
 * An ISO date written out as people in the UK write it: "1938-11-02" is "2 November 1938"; what
 * is not one is left as it is (the documents' dates of birth and days).
 */
export function longUkDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match || !monthNames[Number(match[2]) - 1]) return iso;
  return dayInWords(match[1]!, Number(match[2]), Number(match[3]));
}

/**
 * Dates as a British reader reads them: "5 January 2027". An ISO date ("2027-01-05", a UK day, as
 * the domain's schedules give them) is written out as it stands; a moment ("2027-01-05T09:30:00Z")
 * is the day it was in London. London has kept GMT or BST (one hour ahead) since 1972, so its day
 * is the UTC day but in the last hour before midnight UTC, which in summer is already the next
 * day there: `Intl` (the time zone's rules) decides only that hour, and moments before 1972.
 * The rest is written by hand because `Intl`'s first use on a page costs a browser 15 to 20 ms to
 * load the locale's data (decision 033); the tests hold both to `Intl.DateTimeFormat`'s output.
 */
export function formatLongDate(iso: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    // A day that is not in the calendar ("2027-02-30") is refused, as Intl refuses it.
    if (new Date(Date.UTC(year, month - 1, date)).getUTCMonth() !== month - 1 || date < 1) {
      throw new RangeError(`Not a day of the calendar: ${iso}`);
    }
    return dayInWords(day[1]!, month, date);
  }
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) throw new RangeError(`Not a date: ${iso}`);
  if (moment.getUTCHours() < 23 && moment.getUTCFullYear() >= 1972) {
    return dayInWords(String(moment.getUTCFullYear()), moment.getUTCMonth() + 1, moment.getUTCDate());
  }
  return londonDates().format(moment);
}
