/** Dates as a British reader reads them: "5 January 2027". */
const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

/**
 * An ISO date ("2027-01-05", a UK day, as the domain's schedules give them) or a moment
 * ("2027-01-05T09:30:00Z") in words. A date alone is read at midday UTC, so it is the same day
 * in London whatever the time of year.
 */
export function formatLongDate(iso: string): string {
  const moment = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso;
  return longDate.format(new Date(moment));
}
