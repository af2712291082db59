import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPrice, monthlyPaymentsInWords, sumPence } from "@kindred/domain";

describe("formatPrice", () => {
  it.each([
    [0, "£0"],
    [295000, "£2,950"],
    [1250, "£12.50"],
    [5, "£0.05"],
    [123456789, "£1,234,567.89"],
    [100000, "£1,000"],
    [99999, "£999.99"],
    [-1250, "-£12.50"],
  ])("shows %i pence as %s", (pence, shown) => {
    expect(formatPrice(pence)).toBe(shown);
  });

  it("refuses a fraction of a penny", () => {
    expect(() => formatPrice(10.5)).toThrow(RangeError);
  });

  it("writes every amount as the en-GB currency format does, pounds and pence or whole pounds", () => {
    const wholePounds = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency: "GBP",
      maximumFractionDigits: 0,
    });
    const poundsAndPence = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency: "GBP",
      minimumFractionDigits: 2,
    });
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), (pence) => {
        const intl = pence % 100 === 0 ? wholePounds : poundsAndPence;
        expect(formatPrice(pence)).toBe(intl.format(pence / 100));
      }),
      { numRuns: 2000 },
    );
  });

  it("never loses a penny: the digits shown are the pence held", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (pence) => {
        const shown = formatPrice(pence).replace(/[£,]/g, "");
        const [pounds = "0", pennies = "00"] = shown.split(".");
        expect(Number(pounds) * 100 + Number(pennies.padEnd(2, "0"))).toBe(pence);
      }),
    );
  });
});

describe("sumPence", () => {
  it("adds amounts, and nothing is £0", () => {
    expect(sumPence([100, 250, 5])).toBe(355);
    expect(sumPence([])).toBe(0);
  });
});

describe("monthlyPaymentsInWords (issue 50 item 6)", () => {
  it("says the monthly payments as the page and the emails do, the odd pennies on the first", () => {
    expect(monthlyPaymentsInWords([10_000, 10_000, 10_000])).toBe("3 monthly payments of £100");
    expect(monthlyPaymentsInWords([30_200, 30_195, 30_195])).toBe(
      "3 monthly payments: £302, then 2 of £301.95",
    );
    expect(monthlyPaymentsInWords([10_000])).toBe("one payment of £100");
    expect(monthlyPaymentsInWords([])).toBe("");
  });
});
