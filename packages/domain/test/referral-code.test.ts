import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  normaliseReferralCode,
  referralCodeAlphabet,
  referralCodeFromRandomBytes,
  referralCodeRandomLength,
} from "../src";

describe("referral codes", () => {
  it("are written KIND-XXXX-XX from characters that cannot be mistaken for one another", () => {
    const code = referralCodeFromRandomBytes(new Uint8Array([0, 1, 2, 31, 32, 255]));

    expect(code).toBe("KIND-ABC9-A9");
    expect(referralCodeAlphabet).toHaveLength(32);
    for (const lookalike of ["0", "O", "1", "I"]) expect(referralCodeAlphabet).not.toContain(lookalike);
  });

  it("refuses too few random bytes rather than making a short code", () => {
    expect(() => referralCodeFromRandomBytes(new Uint8Array(referralCodeRandomLength - 1))).toThrow();
  });

  it("reads a code however it is typed: any case, spaces, dashes, with or without KIND", () => {
    for (const typed of [
      "KIND-7K4P-Q2",
      "kind-7k4p-q2",
      "  Kind 7K4P Q2 ",
      "KIND7K4PQ2",
      "kind – 7k4p – q2",
      "7k4p-q2",
      "7K4PQ2",
      "7k 4p q2",
    ]) {
      expect(normaliseReferralCode(typed), typed).toBe("KIND-7K4P-Q2");
    }
  });

  it("answers null for text that cannot be a code", () => {
    for (const typed of [
      "",
      "KIND",
      "KIND-7K4P",
      "KIND-7K4P-Q2X",
      "KIND-0K4P-Q2",
      "KIND-OK4P-Q2",
      "KIND-1K4P-Q2",
      "KIND-IK4P-Q2",
      "KIME-7K4P-Q2",
      "7K4P-Q2!",
      "x".repeat(100),
    ]) {
      expect(normaliseReferralCode(typed), typed).toBeNull();
    }
  });

  it("reads back every code it makes, as it was written, in lower case or run together", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: referralCodeRandomLength, maxLength: 12 }), (bytes) => {
        const code = referralCodeFromRandomBytes(bytes);
        expect(code).toMatch(/^KIND-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{2}$/);
        expect(normaliseReferralCode(code)).toBe(code);
        expect(normaliseReferralCode(code.toLowerCase())).toBe(code);
        expect(normaliseReferralCode(code.replaceAll("-", ""))).toBe(code);
      }),
    );
  });
});
