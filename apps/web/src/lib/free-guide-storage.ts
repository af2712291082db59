import { utmParamsSchema, type UtmParams } from "@kindred/contracts";
import { z } from "zod";
import { readLocal, writeLocal } from "./storage";

/**
 * What the browser keeps for the free guide (SPEC.md section 3, local storage; decision 019):
 * `freeGuideUTMParams`, the campaign a visitor arrived from, and `freeGuideRef`, the reference of
 * their last request for the guide. Both go with the next request for it.
 */

export { captureUtmParams, utmParamsFromSearch } from "./utm-params";

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
