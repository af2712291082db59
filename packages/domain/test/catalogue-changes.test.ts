import { describe, expect, it } from "vitest";
import { catalogueChangeDateProblems, staffMessages } from "@kindred/domain";

describe("the day a catalogue or branch change takes effect", () => {
  it("may be today or any day within the next 2 years, and no other", () => {
    const today = "2026-11-27";
    expect(catalogueChangeDateProblems("2026-11-27", today)).toEqual([]);
    expect(catalogueChangeDateProblems("2028-11-27", today)).toEqual([]);
    expect(catalogueChangeDateProblems("2026-11-26", today)).toEqual([staffMessages.catalogueChangeDatePast]);
    expect(catalogueChangeDateProblems("2028-11-28", today)).toEqual([
      staffMessages.catalogueChangeDateTooFar,
    ]);
  });

  it("counts 2 years from 29 February to 29 February two years on, which does not exist, so to 28 February", () => {
    expect(catalogueChangeDateProblems("2030-02-28", "2028-02-29")).toEqual([]);
    expect(catalogueChangeDateProblems("2030-03-01", "2028-02-29")).toEqual([
      staffMessages.catalogueChangeDateTooFar,
    ]);
  });
});
