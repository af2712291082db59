import { referralCodeAlphabet } from "./referral-code";

/**
 * A plan's reference (issue 50 item 4; docs/decisions/045-short-plan-reference.md), written
 * `KND-7Q4M-2HX9`: our short name, then eight characters in two groups of four, short enough to
 * read out on the phone and copy from a letter. The characters are the referral codes' (no 0, O,
 * 1 or I, which are too easily mistaken for one another). It is the one reference a person sees:
 * on documents, emails, the account, the bank statement (the Direct Debit's reference) and the
 * back office. A reference is stored and shown in this one form; what a person types is brought
 * to it by `normalisePlanReference`, whatever the case, spaces or dashes.
 */

const planReferencePrefix = "KND";

/** Random characters in a reference: 32^8, about 1.1 million million references. */
export const planReferenceRandomLength = 8;

const groupLength = 4;

function written(characters: string): string {
  return `${planReferencePrefix}-${characters.slice(0, groupLength)}-${characters.slice(groupLength)}`;
}

/**
 * A new reference from random bytes (the API passes `randomBytes(planReferenceRandomLength)` from
 * node:crypto; the domain does no I/O). Each byte picks one character: 32 divides 256, so none is
 * favoured.
 */
export function planReferenceFromRandomBytes(bytes: Uint8Array): string {
  if (bytes.length < planReferenceRandomLength) {
    throw new Error(`A plan reference needs ${planReferenceRandomLength} random bytes`);
  }
  const characters = Array.from(
    bytes.subarray(0, planReferenceRandomLength),
    (byte) => referralCodeAlphabet[byte % referralCodeAlphabet.length],
  ).join("");
  return written(characters);
}

// Spaces of any kind, and every sort of dash a keyboard or a word processor makes.
const separators = /[\s\-\u2010-\u2015\u2212_.]/g;

/**
 * A reference as typed, in its one written form: "knd 7q4m 2hx9", "KND7Q4M2HX9" and " 7q4m-2hx9 "
 * are all "KND-7Q4M-2HX9". Null when the text cannot be a reference (a wrong length, or a
 * character no reference uses).
 */
export function normalisePlanReference(typed: string): string | null {
  // Far longer than any reference with spaces: not worth reading further.
  if (typed.length > 64) return null;
  let characters = typed.replace(separators, "").toUpperCase();
  if (characters.length === planReferencePrefix.length + planReferenceRandomLength) {
    if (!characters.startsWith(planReferencePrefix)) return null;
    characters = characters.slice(planReferencePrefix.length);
  }
  if (characters.length !== planReferenceRandomLength) return null;
  for (const character of characters) {
    if (!referralCodeAlphabet.includes(character)) return null;
  }
  return written(characters);
}

const planIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * What a person typed as a plan's reference: the short reference, or the plan's 36-character id,
 * which the letters and emails sent before the short reference showed (so they still work), or
 * null when it is neither.
 */
export function readPlanReference(
  typed: string,
): { reference: string; planId?: never } | { planId: string; reference?: never } | null {
  const reference = normalisePlanReference(typed);
  if (reference !== null) return { reference };
  const id = typed.trim().toLowerCase();
  return planIdPattern.test(id) ? { planId: id } : null;
}
