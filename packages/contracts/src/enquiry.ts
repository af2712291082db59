import {
  emailProblems,
  marketingChannels,
  messages,
  nameProblems,
  normalisePostcode,
  phoneProblems,
  postcodeProblems,
  utmParamMaximumLength,
  utmParamNames,
  type MarketingChannel,
  type UtmParamName,
} from "@kindred/domain";
import { z } from "zod";
import { ruled } from "./ruled";

/**
 * The free guide (SPEC.md sections 2, 3 and 7: `/api/enquiries`; docs/decisions/019-free-guide.md).
 * A person asks for the guide with their name and email address, and may give a phone number
 * and a postcode and say how they would like to hear from us. The web's form is held to this
 * schema, so the person sees the API's own rules and words before anything is sent.
 */

/** A field that may be left empty; when it is filled in, the domain's rule for it applies. */
function optionalRuled(problemsOf: (value: string) => string[]) {
  return ruled((value) => (value.trim() === "" ? [] : problemsOf(value))).prefault("");
}

/** How the person is happy to hear from us, besides the guide itself: each off until ticked. */
const contactPreferencesSchema = z.object(
  Object.fromEntries(marketingChannels.map((channel) => [channel, z.boolean().default(false)])) as Record<
    MarketingChannel,
    z.ZodDefault<z.ZodBoolean>
  >,
);

/** The campaign the person came from (`utm_source` and the rest of the landing page's address). */
export const utmParamsSchema = z.object(
  Object.fromEntries(
    utmParamNames.map((name) => [name, z.string().trim().min(1).max(utmParamMaximumLength).optional()]),
  ) as Record<UtmParamName, z.ZodOptional<z.ZodString>>,
);
export type UtmParams = z.infer<typeof utmParamsSchema>;

const enquiryFieldsSchema = z.object({
  name: ruled(nameProblems).transform((value) => value.trim()),
  email: ruled(emailProblems).transform((value) => value.trim()),
  phone: optionalRuled(phoneProblems).transform((value) => value.trim() || null),
  postcode: optionalRuled(postcodeProblems).transform((value) =>
    value.trim() === "" ? null : (normalisePostcode(value) ?? value.trim()),
  ),
  contactPreferences: contactPreferencesSchema.prefault({}),
  utmParams: utmParamsSchema.prefault({}),
  /** The reference of an earlier enquiry from the same browser (`freeGuideRef`), if it holds one. */
  freeGuideRef: z.uuid().nullable().prefault(null),
});

/**
 * `POST /api/enquiries`: a request for the free guide. We email the guide whatever is ticked;
 * a ticked phone needs a number to call.
 */
export const enquiryBodySchema = enquiryFieldsSchema.superRefine((enquiry, context) => {
  if (enquiry.contactPreferences.phone && enquiry.phone === null) {
    context.addIssue({ code: "custom", path: ["phone"], message: messages.phoneNeededToCall });
  }
});
export type EnquiryBody = z.infer<typeof enquiryBodySchema>;
export type EnquiryFields = z.input<typeof enquiryBodySchema>;

/**
 * The enquiry as stored, without the person's details: its reference (kept by the browser as
 * `freeGuideRef`) and the campaign it is counted to.
 */
export const enquiryResponseSchema = z.object({
  reference: z.uuid(),
  utmParams: utmParamsSchema,
});
export type EnquiryResponse = z.infer<typeof enquiryResponseSchema>;
