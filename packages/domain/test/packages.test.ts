import { describe, expect, it } from "vitest";
import {
  choosePackage,
  initialJourneyState,
  journeyPath,
  packagePrice,
  planSections,
  summarisePrice,
  sumPence,
} from "@kindred/domain";
import { idOf, testCatalogue as catalogue } from "./support/catalogue";

const cremationPackage = 500;
const burialPackage = 501;

describe("a package's advertised price", () => {
  it("is what its cremation journey costs, line by line", () => {
    // attended 2950 + cremation 990 + scattered 85 + minister 220 + northumberland 495
    // + hearse 295 + bearers 300 + two limousines 650
    expect(packagePrice(catalogue, cremationPackage)).toBe(
      295000 + 99000 + 8500 + 22000 + 49500 + 29500 + 30000 + 2 * 32500,
    );
  });

  it("charges a burial package for no ashes and no crematorium", () => {
    // attended 2950 + burial 1950 + funeral director 0 + northumberland 495 + hearse 295
    // + bearers 300 + one limousine 325
    expect(packagePrice(catalogue, burialPackage)).toBe(295000 + 195000 + 0 + 49500 + 29500 + 30000 + 32500);
  });

  it("is the total the person sees once they choose it, and the sum of their summary's lines", () => {
    for (const { id } of catalogue.packages) {
      const state = choosePackage(initialJourneyState(), catalogue, id);
      const lines = planSections(state.journeyData, catalogue);

      expect(summarisePrice(state.priceData).total).toBe(packagePrice(catalogue, id));
      expect(sumPence(lines.map((line) => line.price))).toBe(packagePrice(catalogue, id));
    }
  });
});

describe("a burial package", () => {
  const state = () => choosePackage(initialJourneyState(), catalogue, burialPackage);

  it("walks the burial path, leaving the plot and the burial service to the person", () => {
    expect(journeyPath(state().journeyData)).toContain("burial");
    expect(journeyPath(state().journeyData)).not.toContain("crematoria");
    expect(state().steps.burial.prefilled).toBe(false);
    expect(state().steps["service-burial"].prefilled).toBe(false);
    expect(state().steps.coffin.prefilled).toBe(true);
    expect(state().steps["burial-cremation"].prefilled).toBe(true);
  });

  it("holds no crematorium and no ashes, and marks neither step prefilled", () => {
    expect(state().journeyData.crematoria).toBeUndefined();
    expect(state().journeyData.ashes).toBeUndefined();
    expect(state().steps.crematoria.prefilled).toBe(false);
    expect(state().steps.ashes.prefilled).toBe(false);
    expect(state().journeyData.burialCremation?.option.id).toBe(idOf(catalogue.remains, "buried"));
  });
});
