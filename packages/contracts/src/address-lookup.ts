import { messages } from "@kindred/domain";
import { z } from "zod";
import { postalAddressSchema } from "./postal-address";

/**
 * Address lookup (SPEC.md section 7: `/api/address-lookup/autocomplete` and `/details`): what a
 * person typed gives suggestions, and a suggestion's id gives the address to fill the form with.
 * Which provider answers is the API's setting (docs/decisions/013-address-lookup.md).
 */

/** `GET /api/address-lookup/autocomplete?query=`: a postcode, or (with a real provider) part of an address. */
export const addressLookupAutocompleteQuerySchema = z.object({
  query: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(100, messages.tooLong(100)),
});

/** One suggestion: its id (for `details`) and what the person reads in the list. */
const addressSuggestionSchema = z.object({
  id: z.string(),
  /** "MK9 2HP, Milton Keynes", or a whole address with a real provider. */
  text: z.string(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

/** None when the text is not a postcode the provider knows: not an error. */
export const addressLookupAutocompleteResponseSchema = z.object({
  suggestions: z.array(addressSuggestionSchema),
});
export type AddressLookupAutocompleteResponse = z.infer<typeof addressLookupAutocompleteResponseSchema>;

/** `GET /api/address-lookup/details?id=`: the id of a suggestion. */
export const addressLookupDetailsQuerySchema = z.object({
  id: z.string({ error: messages.required }).trim().min(1, messages.required).max(200, messages.tooLong(200)),
});

/**
 * An address as SPEC.md's Address: the postal address of a branch or crematorium with a third
 * line and the country. Every part is text, "" where the provider does not know it (the default
 * provider knows the postcode, post town, county and nation, and leaves the lines to the person).
 */
export const foundAddressSchema = postalAddressSchema.extend({
  line3: z.string(),
  /** England, Wales, Scotland or Northern Ireland; "" when the provider does not say. */
  country: z.string(),
});
export type FoundAddress = z.infer<typeof foundAddressSchema>;
