/**
 * Referral codes (SPEC.md section 3: Referral; docs/decisions/017-referral-codes.md), written
 * `KIND-7K4P-Q2`: our name, then six characters in two groups, easy to read aloud, copy from a
 * letter or type on a phone. The characters leave out 0, O, 1 and I, which are too easily
 * mistaken for one another. A code is stored and shown in this one form; what a person types is
 * brought to it by `normaliseReferralCode`, whatever the case, spaces or dashes.
 */

/** 24 letters and 8 digits: 32 characters, so one random byte picks one without favouring any. */
export const referralCodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

const referralCodePrefix = "KIND";

/** Random characters in a code: 32^6, about a thousand million codes. */
export const referralCodeRandomLength = 6;

/** Groups of the random characters, as the code is written: 4 then 2. */
const groupLengths = [4, 2] as const;

function written(characters: string): string {
  const first = characters.slice(0, groupLengths[0]);
  const second = characters.slice(groupLengths[0]);
  return `${referralCodePrefix}-${first}-${second}`;
}

/**
 * A new code from random bytes (the API passes `randomBytes(referralCodeRandomLength)` from
 * node:crypto; the domain itself does no I/O). Each byte picks one character.
 */
export function referralCodeFromRandomBytes(bytes: Uint8Array): string {
  if (bytes.length < referralCodeRandomLength) {
    throw new Error(`A referral code needs ${referralCodeRandomLength} random bytes`);
  }
  const characters = Array.from(
    bytes.subarray(0, referralCodeRandomLength),
    (byte) => referralCodeAlphabet[byte % referralCodeAlphabet.length],
  ).join("");
  return written(characters);
}

// Spaces of any kind, and every sort of dash a keyboard or a word processor makes.
const separators = /[\s\-\u2010-\u2015\u2212_.]/g;

/**
 * A code as typed, in its one written form: "kind 7k4p q2", "KIND7K4PQ2" and " 7k4p-q2 " are all
 * "KIND-7K4P-Q2". Null when the text cannot be a code (a wrong length, or a character no code
 * uses), which the API answers the same as a code nobody holds.
 */
export function normaliseReferralCode(typed: string): string | null {
  // Far longer than any code with spaces: not worth reading further.
  if (typed.length > 64) return null;
  let characters = typed.replace(separators, "").toUpperCase();
  if (characters.length === referralCodePrefix.length + referralCodeRandomLength) {
    if (!characters.startsWith(referralCodePrefix)) return null;
    characters = characters.slice(referralCodePrefix.length);
  }
  if (characters.length !== referralCodeRandomLength) return null;
  for (const character of characters) {
    if (!referralCodeAlphabet.includes(character)) return null;
  }
  return written(characters);
}
