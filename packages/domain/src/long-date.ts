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

let londonDaysMade: Intl.DateTimeFormat | undefined;

/** Made at the first moment that needs it, not when a page loads: see `ukToday`. */
function londonDays(): Intl.DateTimeFormat {
  londonDaysMade ??= new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "numeric",
    year: "numeric",
    timeZone: "Europe/London",
  });
  return londonDaysMade;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** An ISO date from its parts (`month` counted from 1): "2026-07-15". */
function isoDay(year: number, month: number, date: number): string {
  return `${String(year).padStart(4, "0")}-${twoDigits(month)}-${twoDigits(date)}`;
}

/**
 * The UK day of a moment, as an ISO date ("2026-07-15"): the day it was on a calendar in London,
 * which is the day a person in the UK reads and the day the business acts on (a Direct Debit's
 * notice, a statement's date, a plan's contract date). Today's when no moment is given. Every day
 * made from a moment goes through here: the UTC day (`toISOString().slice(0, 10)`) is the day
 * before in the hour after midnight in summer time, which the lint refuses (decision 042).
 *
 * London has kept GMT or BST (one hour ahead) since 1972, so its day is the UTC day but in the
 * last hour before midnight UTC, which in summer is already the next day there: `Intl` (the time
 * zone's rules) decides only that hour, and moments before 1972. The rest is worked out by hand
 * because `Intl`'s first use on a page costs a browser 15 to 20 ms to load the locale's data
 * (decision 033); the tests hold both to `Intl.DateTimeFormat`'s output.
 */
export function ukToday(moment: Date | string = new Date()): string {
  const at = typeof moment === "string" ? new Date(moment) : moment;
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not a moment: ${String(moment)}`);
  if (at.getUTCHours() < 23 && at.getUTCFullYear() >= 1972) {
    return isoDay(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(
      londonDays()
        .formatToParts(at)
        .find((each) => each.type === type)?.value,
    );
  return isoDay(part("year"), part("month"), part("day"));
}

/**
 * The day `days` after an ISO date ("2026-12-27" 5 days on is "2027-01-01"): a calendar's
 * arithmetic, on days, never on moments.
 */
export function daysAfter(isoDate: string, days: number): string {
  const [year, month, date] = isoDate.split("-").map(Number) as [number, number, number];
  const day = new Date(0);
  // setUTCFullYear, as Date.UTC would take the years 0 to 99 for 1900 to 1999.
  day.setUTCFullYear(year, month - 1, date + days);
  return isoDay(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
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
 * is its UK day (`ukToday`).
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
  return longUkDate(ukToday(moment));
}
