import { z } from "zod";

/** A UK postal address as the catalogue, the address finder and the plan's people give it. */
export const postalAddressSchema = z.object({
  line1: z.string(),
  line2: z.string(),
  locality: z.string(),
  county: z.string(),
  postcode: z.string(),
});
