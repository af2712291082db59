import { describe, expect, it } from "vitest";
import { crematoriaNearestFirst, milesBetween } from "../src";

const birmingham = { latitude: 52.4862, longitude: -1.8904 };
const crematoria = [
  { code: "nearest", isDefault: true, coordinate: null },
  { code: "goldersGreen", isDefault: false, coordinate: { latitude: 51.5785, longitude: -0.1935 } },
  { code: "lodgeHill", isDefault: false, coordinate: { latitude: 52.44, longitude: -1.962 } },
  { code: "mortonhall", isDefault: false, coordinate: { latitude: 55.901, longitude: -3.171 } },
  { code: "unplaced", isDefault: false, coordinate: null },
];

describe("milesBetween", () => {
  it("measures London to Edinburgh as the crow flies, about 330 miles", () => {
    const london = { latitude: 51.5074, longitude: -0.1278 };
    const edinburgh = { latitude: 55.9533, longitude: -3.1883 };
    expect(milesBetween(london, edinburgh)).toBeGreaterThan(325);
    expect(milesBetween(london, edinburgh)).toBeLessThan(335);
    expect(milesBetween(london, london)).toBe(0);
  });
});

describe("crematoriaNearestFirst", () => {
  it("puts the default first, then the named crematoria nearest the funeral director, with distances", () => {
    const ordered = crematoriaNearestFirst(crematoria, birmingham);

    expect(ordered.map((crematory) => crematory.code)).toEqual([
      "nearest",
      "lodgeHill",
      "goldersGreen",
      "mortonhall",
      "unplaced",
    ]);
    expect(ordered[0]?.distanceMiles).toBeNull();
    expect(ordered[1]?.distanceMiles).toBe(4.4);
    expect(ordered.at(-1)?.distanceMiles).toBeNull();
  });

  it("keeps the catalogue's order, default first, when no funeral director is chosen", () => {
    const defaultLast = [...crematoria.slice(1), crematoria[0]!];

    const ordered = crematoriaNearestFirst(defaultLast, null);

    expect(ordered.map((crematory) => crematory.code)).toEqual([
      "nearest",
      "goldersGreen",
      "lodgeHill",
      "mortonhall",
      "unplaced",
    ]);
    expect(ordered.every((crematory) => crematory.distanceMiles === null)).toBe(true);
  });
});
