import { utmParamsSchema, type UtmParams } from "@kindred/contracts";
import { utmParamMaximumLength, utmParamNames } from "@kindred/domain";
import { z } from "zod";
import { readLocal, writeLocal } from "./storage";

/**
 * What the browser keeps for the free guide (SPEC.md section 3, local storage; decision 019):
 * `freeGuideUTMParams`, the campaign a visitor arrived from, and `freeGuideRef`, the reference of
 * their last request for the guide. Both go with the next request for it.
 */

/**
 * The campaign in a page's address (`?utm_source=…&utm_campaign=…`), each value trimmed and cut
 * to the length the API keeps; null when the address names none.
 */
export function utmParamsFromSearch(search: string): UtmParams | null {
  const query = new URLSearchParams(search);
  const found: UtmParams = {};
  for (const name of utmParamNames) {
    const value = query.get(`utm_${name}`)?.trim().slice(0, utmParamMaximumLength).trim();
    if (value) found[name] = value;
  }
  return Object.keys(found).length > 0 ? found : null;
}

/**
 * Keeps the campaign of a visit that came from one. A later visit from another campaign replaces
 * it; a visit from none (typing the address, following a link on this site) leaves it as it was.
 */
export function captureUtmParams(search: string): void {
  const found = utmParamsFromSearch(search);
  if (found) writeLocal("freeGuideUTMParams", found);
}

/** The campaign kept in this browser, or none; anything stored that the API would refuse is dropped. */
export function storedUtmParams(): UtmParams {
  const stored = utmParamsSchema.safeParse(readLocal("freeGuideUTMParams"));
  return stored.success ? stored.data : {};
}

const referenceSchema = z.uuid();

/** The reference of this browser's last request for the guide, if it holds one. */
export function storedFreeGuideRef(): string | null {
  const stored = referenceSchema.safeParse(readLocal("freeGuideRef"));
  return stored.success ? stored.data : null;
}

export function rememberFreeGuideRef(reference: string): void {
  writeLocal("freeGuideRef", reference);
}
