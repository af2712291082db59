import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  normalisePlanReference,
  planReferenceFromRandomBytes,
  planReferenceRandomLength,
  readPlanReference,
} from "../src";

describe("plan references", () => {
  it("are written KND-XXXX-XXXX, short enough to read out, from characters that cannot be mistaken", () => {
    const reference = planReferenceFromRandomBytes(new Uint8Array([0, 1, 2, 31, 32, 255, 9, 10]));

    expect(reference).toBe("KND-ABC9-A9KL");
    expect(reference).toHaveLength(13);
  });

  it("never hold 0, O, 1 or I, whatever the random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: planReferenceRandomLength, maxLength: 16 }), (bytes) => {
        const reference = planReferenceFromRandomBytes(bytes);
        expect(reference).toMatch(/^KND-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
        expect(normalisePlanReference(reference)).toBe(reference);
      }),
    );
  });

  it("refuses too few random bytes rather than making a short reference", () => {
    expect(() => planReferenceFromRandomBytes(new Uint8Array(planReferenceRandomLength - 1))).toThrow();
  });

  it("reads a reference however it is typed: any case, spaces, dashes, with or without KND", () => {
    for (const typed of [
      "KND-7Q4M-2HX9",
      "knd-7q4m-2hx9",
      "  Knd 7Q4M 2HX9 ",
      "KND7Q4M2HX9",
      "knd – 7q4m – 2hx9",
      "7q4m-2hx9",
      "7Q4M2HX9",
      "7q 4m 2h x9",
    ]) {
      expect(normalisePlanReference(typed), typed).toBe("KND-7Q4M-2HX9");
    }
  });

  it("answers null for text that cannot be a reference", () => {
    for (const typed of [
      "",
      "KND",
      "KND-7Q4M",
      "KND-7Q4M-2HX",
      "KND-7Q4M-2HX9X",
      "KND-0Q4M-2HX9",
      "KND-OQ4M-2HX9",
      "KND-1Q4M-2HX9",
      "KND-IQ4M-2HX9",
      "KNE-7Q4M-2HX9",
      "7Q4M-2HX9!",
      "KIND-7K4P-Q2",
      "x".repeat(100),
    ]) {
      expect(normalisePlanReference(typed), typed).toBeNull();
    }
  });

  it("reads the short reference, or the long id old letters and emails showed, and nothing else", () => {
    expect(readPlanReference(" knd 7q4m 2hx9 ")).toEqual({ reference: "KND-7Q4M-2HX9" });
    expect(readPlanReference(" 0B6C7A52-3F7E-4D6B-9A0E-2C1F4E5D6A7B ")).toEqual({
      planId: "0b6c7a52-3f7e-4d6b-9a0e-2c1f4e5d6a7b",
    });
    expect(readPlanReference("0b6c7a52")).toBeNull();
    expect(readPlanReference("")).toBeNull();
  });
});
