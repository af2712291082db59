import { describe, expect, it } from "vitest";
import { messages, normalisePostcode, postcodeOutcode, postcodeProblems } from "../src";

describe("postcodes", () => {
  it("formats a postcode typed any way into Royal Mail's form", () => {
    expect(normalisePostcode("mk92hp")).toBe("MK9 2HP");
    expect(normalisePostcode("  sw1a 1aa ")).toBe("SW1A 1AA");
    expect(postcodeOutcode("mk92hp")).toBe("MK9");
  });

  it("refuses text that is not a full postcode, with a message that shows one", () => {
    expect(normalisePostcode("MK9")).toBeNull();
    expect(normalisePostcode("12345")).toBeNull();
    expect(postcodeProblems("MK9")).toEqual([messages.fullPostcodeNotValid]);
    expect(postcodeProblems("")).toEqual([messages.required]);
    expect(postcodeProblems("mk9 2hp")).toEqual([]);
  });
});
