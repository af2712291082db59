import type { UtmParams } from "@kindred/contracts";
import { utmParamMaximumLength, utmParamNames } from "@kindred/domain";
import { writeLocal } from "./storage";

/**
 * The campaign a visitor arrived from (SPEC.md section 3, local storage `freeGuideUTMParams`;
 * decision 019), kept on any page by the layout's `UtmCapture`. Apart from `free-guide-storage.ts`,
 * which checks what is kept against the contracts' schema, so that every page does not carry the
 * schemas' code for it.
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
