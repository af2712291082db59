import { isValid, toNormalised, toOutcode } from "postcode";
import * as messages from "./messages";

/**
 * UK postcodes, checked and formatted by the maintained `postcode` package (Ideal Postcodes'
 * implementation of Royal Mail's format rules). A well-formed postcode may still not exist: only
 * an address provider knows that, so these functions answer "is this shaped like a postcode".
 */

/** "mk92hp" → "MK9 2HP"; null when the text is not shaped like a full UK postcode. */
export function normalisePostcode(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > 10 || !isValid(trimmed)) return null;
  return toNormalised(trimmed);
}

/** The outward code of a full postcode ("mk92hp" → "MK9"); null when it is not one. */
export function postcodeOutcode(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > 10 || !isValid(trimmed)) return null;
  return toOutcode(trimmed);
}

/** What is wrong with a postcode field's answer, if anything. */
export function postcodeProblems(text: string): string[] {
  if (text.trim() === "") return [messages.required];
  return normalisePostcode(text) === null ? [messages.fullPostcodeNotValid] : [];
}
