import { messages } from "@kindred/domain";
import { z } from "zod";
import { postalAddressSchema } from "./postal-address";
import { recordIdQuerySchema } from "./record-id";

export const funeralDirectorBranchSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: postalAddressSchema,
  website: z.string(),
  email: z.string(),
  phone: z.string(),
  managerName: z.string(),
  coordinate: z.object({ latitude: z.number(), longitude: z.number() }),
  active: z.boolean(),
  /** Picture address with {width} and {height} placeholders. */
  imageUrl: z.string(),
  imageAlt: z.string(),
  allowsFuneralDirectorServices: z.boolean(),
  isHeadOffice: z.boolean(),
});
export type FuneralDirectorBranch = z.infer<typeof funeralDirectorBranchSchema>;

export const funeralDirectorLocationQuerySchema = z.object({
  id: recordIdQuerySchema,
});

export const funeralDirectorSearchQuerySchema = z.object({
  postcode: z.string().trim().min(2, messages.tooShort(2)).max(10, messages.tooLong(10)),
});

export const funeralDirectorSearchResponseSchema = z.object({
  /** The postcode district searched from, or null when the postcode is not known. */
  outcode: z.string().nullable(),
  /** True when nothing is near (or the postcode is unknown) and the head office is offered. */
  isFallback: z.boolean(),
  branches: z.array(funeralDirectorBranchSchema.extend({ distanceMiles: z.number().nullable() })),
});
export type FuneralDirectorSearchResponse = z.infer<typeof funeralDirectorSearchResponseSchema>;
