const monthNames = [
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

/**
 * Dates as a British reader reads them: "5 January 2027". An ISO date ("2027-01-05", a UK day, as
 * the domain's schedules give them) is written out as it stands; a moment ("2027-01-05T09:30:00Z")
 * is the day it was in London. A day is written by hand because `Intl`'s first use on a page costs
 * a browser 15 to 20 ms to load the locale's data (decision 033); the tests hold both to
 * `Intl.DateTimeFormat`'s en-GB output.
 */
export function formatLongDate(iso: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    // A day that is not in the calendar ("2027-02-30") is refused below, as Intl refuses it.
    if (new Date(Date.UTC(year, month - 1, date)).getUTCMonth() === month - 1 && date >= 1) {
      return `${date} ${monthNames[month - 1]} ${day[1]}`;
    }
    return londonDates().format(new Date(Number.NaN));
  }
  return londonDates().format(new Date(iso));
}
