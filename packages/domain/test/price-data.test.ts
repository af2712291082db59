import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceJourney, summarisePrice } from "@kindred/domain";
import { idOf, testCatalogue } from "./support/catalogue";

describe("summarisePrice", () => {
  it("shows contributions apart, inside the additional price", () => {
    expect(
      summarisePrice({ attendance: 100, coffin: 50, flowers: 2000, "pallbearers-contribution": 500 }),
    ).toEqual({
      basic: 100,
      additional: 2550,
      contributions: 2500,
      total: 2650,
    });
  });

  it("takes attendance as the basic price and everything else as additional", () => {
    expect(summarisePrice({ attendance: 295000, coffin: 49500, celebrant: 22000 })).toEqual({
      basic: 295000,
      additional: 71500,
      contributions: 0,
      total: 366500,
    });
  });

  it("is £0 throughout before any choice", () => {
    expect(summarisePrice({})).toEqual({ basic: 0, additional: 0, contributions: 0, total: 0 });
  });

  it("always has total = basic + additional", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.integer({ min: 0, max: 1_000_000 })), (priceData) => {
        const { basic, additional, total } = summarisePrice(priceData);
        expect(total).toBe(basic + additional);
      }),
    );
  });
});

describe("priceJourney", () => {
  it("charges only the steps on the person's path", () => {
    const burialWithStrayAshes = {
      attendance: { option: { id: idOf(testCatalogue.attendance, "attended"), code: "attended" as const } },
      burialCremation: { option: { id: idOf(testCatalogue.remains, "buried"), code: "buried" as const } },
      ashes: { treatmentType: idOf(testCatalogue.ashesTreatmentTypes, "keepsakeUrn"), notes: "" },
    };

    expect(priceJourney(burialWithStrayAshes, testCatalogue)).toEqual({
      attendance: 295000,
      "burial-cremation": 195000,
    });
  });
});
