import { englandAndWalesBankHolidays } from "./generated/bank-holidays-england-and-wales";
import { daysAfter } from "./long-date";

/**
 * Working days as Bacs counts them for a Direct Debit: Monday to Friday, except bank holidays in
 * England and Wales. Dates are ISO dates ("2026-12-24"), UK days, as `ukToday()` gives them. The
 * holidays are bundled from content/bank-holidays-england-and-wales.json, which covers whole
 * years; a date outside them is refused rather than guessed (see its .md for how to refresh it).
 */

/** The Direct Debit Guarantee's advance notice: the first collection is this many working days ahead. */
export const advanceNoticeWorkingDays = 10;

const millisecondsInADay = 86_400_000;

export interface BankHolidayCalendar {
  holidays: ReadonlySet<string>;
  /** The first and last day the holidays are known for: 1 January of the first year, 31 December of the last. */
  from: string;
  to: string;
}

/** A calendar from a list of holidays in GOV.UK's form, knowing the whole years they fall in. */
export function bankHolidayCalendar(holidays: readonly { date: string }[]): BankHolidayCalendar {
  const dates = holidays.map((holiday) => holiday.date).sort();
  const [first, last] = [dates[0], dates.at(-1)];
  if (!first || !last) throw new Error("A bank holiday calendar needs at least one holiday");
  dates.forEach(checkedDay);
  return { holidays: new Set(dates), from: `${first.slice(0, 4)}-01-01`, to: `${last.slice(0, 4)}-12-31` };
}

/** England and Wales, from the bundled data. */
export const englandAndWalesCalendar: BankHolidayCalendar = bankHolidayCalendar(englandAndWalesBankHolidays);

/** The day as a count of days, refusing anything that is not a real ISO date. */
function checkedDay(date: string): number {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  // 31 February rolls over into March: only a date that reads back the same is real.
  if (Number.isNaN(time) || daysAfter(date, 0) !== date) {
    throw new RangeError(`Not an ISO date: ${JSON.stringify(date)}`);
  }
  return time / millisecondsInADay;
}

/** The ISO date of a count of days, day 0 being 1 January 1970. */
function isoDate(day: number): string {
  return daysAfter("1970-01-01", day);
}

export function isWorkingDay(date: string, calendar: BankHolidayCalendar = englandAndWalesCalendar): boolean {
  const day = checkedDay(date);
  if (date < calendar.from || date > calendar.to) {
    throw new RangeError(
      `The bank holidays are known from ${calendar.from} to ${calendar.to}, not for ${date}: refresh content/bank-holidays-england-and-wales.json`,
    );
  }
  // 1 January 1970, day 0, was a Thursday: (day + 4) % 7 is 0 on Sundays and 6 on Saturdays.
  const weekday = (((day + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6 && !calendar.holidays.has(date);
}

/** The `count`th working day after `date` (`date` itself for 0), counting only working days. */
export function addWorkingDays(
  date: string,
  count: number,
  calendar: BankHolidayCalendar = englandAndWalesCalendar,
): string {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`Working days are added in whole numbers from 0, not ${count}`);
  }
  let day = checkedDay(date);
  for (let added = 0; added < count;) {
    day += 1;
    if (isWorkingDay(isoDate(day), calendar)) added += 1;
  }
  return isoDate(day);
}

/**
 * The earliest first collection of a new Direct Debit whose advance notice is given `today`: at
 * least `minimumWorkingDays` working days ahead, itself a working day.
 */
export function firstCollectionDate(
  today: string,
  minimumWorkingDays: number = advanceNoticeWorkingDays,
  calendar: BankHolidayCalendar = englandAndWalesCalendar,
): string {
  return addWorkingDays(today, minimumWorkingDays, calendar);
}
