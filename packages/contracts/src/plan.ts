import { z } from "zod";
import { journeyDataSchema } from "./journey";
import { penceSchema } from "./plan-options";

/**
 * `PATCH /api/plan/{id}` and `POST /api/guest/plan` (SPEC.md section 7): the journey payload
 * with its topics at the top level, the save flag, and the web app's own state as a JSON
 * string (`planningJourneyData`: priceData, pricePlan, enabledSteps, activeSteps,
 * completedSteps), which the API keeps for the web app and never prices from.
 */
export const savePlanBodySchema = journeyDataSchema.extend({
  saveUnfinishedJourney: z.boolean().default(true),
  planningJourneyData: z
    .string()
    .max(100_000, "This value is too long. It should have 100000 characters or less.")
    .optional(),
  /** The attendee transport list again, under the name the original client also sent it. */
  planOptionsAttendeesTransportationToTransportationTypes: z.array(z.unknown()).max(10).optional(),
});
export type SavePlanBody = z.infer<typeof savePlanBodySchema>;

export const createGuestPlanBodySchema = savePlanBodySchema.partial();
export type CreateGuestPlanBody = z.infer<typeof createGuestPlanBodySchema>;

export const planIdParamsSchema = z.object({ id: z.uuid("This is not a plan reference.") });
export type PlanIdParams = z.infer<typeof planIdParamsSchema>;

export const planSectionSchema = z.object({
  /** Key of the section, as SPEC.md names plan sections (funeralAttendance, coffin, …). */
  key: z.string(),
  step: z.string(),
  title: z.string(),
  answer: z.string(),
  price: penceSchema,
  guaranteed: z.boolean(),
});
export type PlanSection = z.infer<typeof planSectionSchema>;

export const planPriceSchema = z.object({
  basic: penceSchema,
  additional: penceSchema,
  contributions: penceSchema,
  total: penceSchema,
});

export const planResponseSchema = z.object({
  id: z.uuid(),
  saveUnfinishedJourney: z.boolean(),
  journey: journeyDataSchema,
  planningJourneyData: z.string().nullable(),
  /** Priced by the API from the catalogue; what the browser sent is never used. */
  priceData: z.record(z.string(), penceSchema),
  price: planPriceSchema,
  sections: z.array(planSectionSchema),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type PlanResponse = z.infer<typeof planResponseSchema>;

export const savedPlanResponseSchema = z.object({
  message: z.literal("Saved!"),
  plan: planResponseSchema,
});
export type SavedPlanResponse = z.infer<typeof savedPlanResponseSchema>;

export const planListResponseSchema = z.array(planResponseSchema);
