import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { daysAfter, formatLongDate, longUkDate, ukToday } from "@kindred/domain";

const londonDates = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

/** Intl's own answer: the day a moment was in London, as an ISO date ("en-CA" writes them so). */
const londonIsoDays = new Intl.DateTimeFormat("en-CA", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/London",
});

const moments = fc.date({
  min: new Date("1900-01-01T00:00:00Z"),
  max: new Date("2199-12-31T23:59:59Z"),
  noInvalidDate: true,
});

describe("formatLongDate", () => {
  it.each([
    ["2027-01-05", "5 January 2027"],
    ["2026-12-31", "31 December 2026"],
    // A moment is the day it was in London: after 11pm UTC in summer it is already the next day.
    ["2026-07-31T23:30:00Z", "1 August 2026"],
    ["2026-12-31T23:30:00Z", "31 December 2026"],
    // The hours around the clocks changing: BST began at 01:00 UTC on 29 March 2026, ends 25 October.
    ["2026-03-28T23:59:59Z", "28 March 2026"],
    ["2026-03-29T23:00:00Z", "30 March 2026"],
    ["2026-10-24T23:30:00Z", "25 October 2026"],
    ["2026-10-25T23:30:00Z", "25 October 2026"],
  ])("writes %s as %s", (iso, shown) => {
    expect(formatLongDate(iso)).toBe(shown);
  });

  it("writes every UK day as the en-GB long date format does", () => {
    fc.assert(
      fc.property(moments, (moment) => {
        const day = ukToday(moment);
        expect(formatLongDate(day)).toBe(londonDates.format(new Date(`${day}T12:00:00Z`)));
      }),
      { numRuns: 2000 },
    );
  });

  it("writes every moment as the day it was in London", () => {
    fc.assert(
      fc.property(moments, (moment) => {
        expect(formatLongDate(moment.toISOString())).toBe(londonDates.format(moment));
      }),
      { numRuns: 2000 },
    );
  });

  it("writes every moment of the last hour before midnight UTC as the day it was in London, summer or winter", () => {
    fc.assert(
      fc.property(moments, fc.integer({ min: 0, max: 3599 }), (moment, second) => {
        const lastHour = new Date(
          Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate(), 23, 0, second),
        );
        expect(formatLongDate(lastHour.toISOString())).toBe(londonDates.format(lastHour));
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses what is not a date, as before", () => {
    expect(() => formatLongDate("2027-13-01")).toThrow(RangeError);
    expect(() => formatLongDate("2027-02-30")).toThrow(RangeError);
    expect(() => formatLongDate("not a date")).toThrow(RangeError);
  });
});

describe("longUkDate", () => {
  it("writes a date of birth out in full, as people in the UK do, and leaves what is not an ISO date as it is", () => {
    expect(longUkDate("1938-11-02")).toBe("2 November 1938");
    expect(longUkDate("1948-03-07")).toBe("7 March 1948");
    expect(longUkDate("1948-13-07")).toBe("1948-13-07");
    expect(longUkDate("Not yet")).toBe("Not yet");
  });

  it("writes every ISO day as formatLongDate writes it", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1900-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        (moment) => {
          const day = ukToday(moment);
          expect(longUkDate(day)).toBe(formatLongDate(day));
        },
      ),
    );
  });
});

describe("ukToday, the UK day of a moment", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    // After 11pm UTC in summer it is already the next day in the UK; in winter it is not.
    ["2026-07-14T23:30:00Z", "2026-07-15"],
    ["2026-07-14T22:59:59Z", "2026-07-14"],
    ["2026-12-31T23:30:00Z", "2026-12-31"],
    ["2027-01-01T00:30:00Z", "2027-01-01"],
    ["2026-06-30T23:30:00Z", "2026-07-01"],
    // BST began at 01:00 UTC on 29 March 2026 and ends at 01:00 UTC on 25 October.
    ["2026-03-28T23:30:00Z", "2026-03-28"],
    ["2026-03-29T23:30:00Z", "2026-03-30"],
    ["2026-10-24T23:30:00Z", "2026-10-25"],
    ["2026-10-25T23:30:00Z", "2026-10-25"],
  ])("gives %s as %s", (moment, day) => {
    expect(ukToday(new Date(moment))).toBe(day);
    expect(ukToday(moment)).toBe(day);
  });

  it("is today's UK day when no moment is given: at 23:30 UTC on 14 July it is 15 July, on 31 December still 31 December", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-07-14T23:30:00Z"));
    expect(ukToday()).toBe("2026-07-15");
    expect(formatLongDate(new Date().toISOString())).toBe("15 July 2026");
    vi.setSystemTime(new Date("2026-12-31T23:30:00Z"));
    expect(ukToday()).toBe("2026-12-31");
    expect(formatLongDate(new Date().toISOString())).toBe("31 December 2026");
  });

  it("gives every moment the day it was in London, as Intl does", () => {
    fc.assert(
      fc.property(moments, (moment) => {
        expect(ukToday(moment)).toBe(londonIsoDays.format(moment));
      }),
      { numRuns: 2000 },
    );
  });

  it("gives every moment of the last hour before midnight UTC the day it was in London, summer or winter", () => {
    fc.assert(
      fc.property(moments, fc.integer({ min: 0, max: 3599 }), (moment, second) => {
        const lastHour = new Date(
          Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate(), 23, 0, second),
        );
        expect(ukToday(lastHour)).toBe(londonIsoDays.format(lastHour));
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses what is not a moment", () => {
    expect(() => ukToday("not a date")).toThrow(RangeError);
    expect(() => ukToday(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("daysAfter", () => {
  it("counts calendar days across months, years and leap days, and the clocks changing", () => {
    expect(daysAfter("2026-12-27", 5)).toBe("2027-01-01");
    expect(daysAfter("2028-02-28", 1)).toBe("2028-02-29");
    expect(daysAfter("2026-03-28", 1)).toBe("2026-03-29");
    expect(daysAfter("2026-03-29", 1)).toBe("2026-03-30");
    expect(daysAfter("2026-07-15", -15)).toBe("2026-06-30");
    expect(daysAfter("0050-01-01", 0)).toBe("0050-01-01");
  });

  it("rolls a day that is not in the calendar into the next month", () => {
    expect(daysAfter("2027-02-30", 0)).toBe("2027-03-02");
  });
});
