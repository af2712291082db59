import { describe, expect, it } from "vitest";
import {
  addWorkingDays,
  advanceNoticeWorkingDays,
  bankHolidayCalendar,
  englandAndWalesCalendar,
  firstCollectionDate,
  isWorkingDay,
  ukToday,
} from "../src";

describe("working days in England and Wales", () => {
  it("are Monday to Friday", () => {
    expect(isWorkingDay("2026-11-23")).toBe(true); // Monday
    expect(isWorkingDay("2026-11-27")).toBe(true); // Friday
    expect(isWorkingDay("2026-11-28")).toBe(false); // Saturday
    expect(isWorkingDay("2026-11-29")).toBe(false); // Sunday
  });

  it.each([
    ["2025-04-18", "Good Friday"],
    ["2026-04-06", "Easter Monday"],
    ["2026-05-04", "the early May bank holiday"],
    ["2026-08-31", "the summer bank holiday"],
    ["2026-12-25", "Christmas Day"],
    ["2026-12-28", "Boxing Day's substitute, as 26 December 2026 is a Saturday"],
    ["2027-03-26", "Good Friday"],
    ["2027-12-27", "Christmas Day's substitute"],
    ["2028-01-03", "New Year's Day's substitute"],
    ["2028-05-29", "the spring bank holiday"],
  ])("leave out %s, %s", (date) => {
    expect(isWorkingDay(date)).toBe(false);
  });

  it("keep the days that are holidays only in Scotland or Northern Ireland", () => {
    expect(isWorkingDay("2026-01-02")).toBe(true); // 2 January, Scotland
    expect(isWorkingDay("2026-03-17")).toBe(true); // St Patrick's Day, Northern Ireland
    expect(isWorkingDay("2026-11-30")).toBe(true); // St Andrew's Day, Scotland
  });

  it("are known for whole years, 2025 to at least 2028, and refuse a date beyond rather than guess", () => {
    expect(englandAndWalesCalendar.from).toBe("2025-01-01");
    expect(englandAndWalesCalendar.to >= "2028-12-31").toBe(true);
    expect(() => isWorkingDay("2024-12-31")).toThrow(/refresh content\/bank-holidays/);
    const dayAfter = `${Number(englandAndWalesCalendar.to.slice(0, 4)) + 1}-01-02`;
    expect(() => isWorkingDay(dayAfter)).toThrow(RangeError);
  });

  it("have at least eight bank holidays in each year the data covers", () => {
    const years = new Map<string, number>();
    for (const date of englandAndWalesCalendar.holidays) {
      years.set(date.slice(0, 4), (years.get(date.slice(0, 4)) ?? 0) + 1);
    }
    const first = Number(englandAndWalesCalendar.from.slice(0, 4));
    const last = Number(englandAndWalesCalendar.to.slice(0, 4));
    for (let year = first; year <= last; year += 1) expect(years.get(String(year))).toBeGreaterThanOrEqual(8);
  });

  it("are known for at least a year from today, so the data is refreshed in good time", () => {
    const today = ukToday();
    const aYearOn = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;

    expect(englandAndWalesCalendar.to >= aYearOn).toBe(true);
  });

  it("refuse a date that is not a real ISO date", () => {
    expect(() => isWorkingDay("2026-02-30")).toThrow(RangeError);
    expect(() => isWorkingDay("23/11/2026")).toThrow(RangeError);
  });
});

describe("adding working days", () => {
  it("skips weekends", () => {
    expect(addWorkingDays("2026-11-27", 1)).toBe("2026-11-30"); // Friday + 1 is Monday
    expect(addWorkingDays("2026-11-28", 1)).toBe("2026-11-30"); // from a Saturday too
    expect(addWorkingDays("2026-11-23", 5)).toBe("2026-11-30");
  });

  it("skips bank holidays: Christmas 2026 takes 25 and 28 December", () => {
    expect(addWorkingDays("2026-12-24", 1)).toBe("2026-12-29");
    expect(addWorkingDays("2026-12-23", 3)).toBe("2026-12-30");
  });

  it("gives the day itself for none, and refuses a part or negative count", () => {
    expect(addWorkingDays("2026-11-28", 0)).toBe("2026-11-28");
    expect(() => addWorkingDays("2026-11-23", -1)).toThrow(RangeError);
    expect(() => addWorkingDays("2026-11-23", 1.5)).toThrow(RangeError);
  });

  it("works with any calendar passed in", () => {
    const calendar = bankHolidayCalendar([{ date: "2030-06-03" }]);
    expect(addWorkingDays("2030-05-31", 1, calendar)).toBe("2030-06-04");
  });
});

describe("the first collection of a Direct Debit", () => {
  it("is at least 10 working days after the advance notice", () => {
    expect(advanceNoticeWorkingDays).toBe(10);
    // Monday 23 November 2026: ten working days on is Monday 7 December.
    expect(firstCollectionDate("2026-11-23")).toBe("2026-12-07");
  });

  it("counts England and Wales bank holidays: notice on 17 December 2026 collects on 5 January 2027", () => {
    // Working days after 17 Dec: 18, 21, 22, 23, 24, 29, 30, 31 December, 4, 5 January.
    expect(firstCollectionDate("2026-12-17")).toBe("2027-01-05");
  });

  it("counts from the next working day when notice is given at a weekend or on a holiday", () => {
    // Friday 27 and Saturday 28 November 2026 both count from Monday 30 November.
    expect(firstCollectionDate("2026-11-27")).toBe("2026-12-11");
    expect(firstCollectionDate("2026-11-28")).toBe("2026-12-11");
    expect(firstCollectionDate("2027-03-26")).toBe("2027-04-12"); // Good Friday, then Easter Monday
  });

  it("takes another minimum", () => {
    expect(firstCollectionDate("2026-11-23", 3)).toBe("2026-11-26");
  });
});
