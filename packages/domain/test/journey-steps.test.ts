import { describe, expect, it } from "vitest";
import {
  burialOnlyStepHandles,
  cremationOnlyStepHandles,
  imageUrlForSize,
  isJourneyStepHandle,
  journeyStepHandles,
  journeyStepPath,
  shorterJourneyStepHandles,
} from "@kindred/domain";

describe("journey steps", () => {
  it("run in the specification's order from attendance to summary", () => {
    expect(journeyStepHandles[0]).toBe("attendance");
    expect(journeyStepHandles.at(-1)).toBe("summary");
    expect(journeyStepHandles).toHaveLength(13);
  });

  it("keep the shorter path in the same order as the full one", () => {
    const positions = shorterJourneyStepHandles.map((handle) => journeyStepHandles.indexOf(handle));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(shorterJourneyStepHandles).not.toContain("celebrant");
  });

  it("name the burial and cremation pairs", () => {
    expect(burialOnlyStepHandles).toEqual(["burial", "service-burial"]);
    expect(cremationOnlyStepHandles).toEqual(["crematoria", "ashes"]);
  });

  it("have a page under /planning", () => {
    expect(journeyStepPath("funeral-director")).toBe("/planning/funeral-director");
    expect(isJourneyStepHandle("coffin")).toBe(true);
    expect(isJourneyStepHandle("purchase")).toBe(false);
  });
});

describe("image addresses", () => {
  it("fill the size placeholders, 464 by 336 unless asked otherwise", () => {
    expect(imageUrlForSize("/images/coffins/park.svg?width={width}&height={height}")).toBe(
      "/images/coffins/park.svg?width=464&height=336",
    );
    expect(imageUrlForSize("/x?w={width}&h={height}", { width: 232, height: 168 })).toBe("/x?w=232&h=168");
  });
});
