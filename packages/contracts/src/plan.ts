import { z } from "zod";
import { messages } from "@kindred/domain";
import { journeyTopicsSchema, withJourneyRules } from "./journey";
import { penceSchema } from "./pence";

/**
 * `PATCH /api/plan/{id}` and `POST /api/guest/plan` (SPEC.md section 7): the journey payload
 * with its topics at the top level, the save flag, and the web app's own state as a JSON
 * string (`planningJourneyData`: priceData, pricePlan, enabledSteps, activeSteps,
 * completedSteps), which the API keeps for the web app and never prices from.
 */
const planningJourneyDataLength = 100_000;
const savePlanFieldsSchema = journeyTopicsSchema.extend({
  saveUnfinishedJourney: z.boolean().default(true),
  planningJourneyData: z
    .string()
    .max(planningJourneyDataLength, messages.tooLong(planningJourneyDataLength))
    .optional(),
  /** The attendee transport list again, under the name the original client also sent it. */
  planOptionsAttendeesTransportationToTransportationTypes: z.array(z.unknown()).max(10).optional(),
});

export const savePlanBodySchema = withJourneyRules(savePlanFieldsSchema);
export type SavePlanBody = z.infer<typeof savePlanBodySchema>;

export const createGuestPlanBodySchema = withJourneyRules(savePlanFieldsSchema.partial());
export type CreateGuestPlanBody = z.infer<typeof createGuestPlanBodySchema>;

export const planIdParamsSchema = z.object({ id: z.uuid(messages.notAPlanReference) });

const planSectionSchema = z.object({
  /** Key of the section, as SPEC.md names plan sections (funeralAttendance, coffin, …). */
  key: z.string(),
  step: z.string(),
  title: z.string(),
  answer: z.string(),
  price: penceSchema,
  guaranteed: z.boolean(),
});

const planPriceSchema = z.object({
  basic: penceSchema,
  additional: penceSchema,
  contributions: penceSchema,
  total: penceSchema,
});

export const planResponseSchema = z.object({
  id: z.uuid(),
  /**
   * The reference a person reads out, types and sees (`KND-7Q4M-2HX9`; decision 045): on the
   * documents, emails, account and bank statement. The id stays in addresses.
   */
  reference: z.string(),
  saveUnfinishedJourney: z.boolean(),
  journey: journeyTopicsSchema,
  planningJourneyData: z.string().nullable(),
  /**
   * Priced by the API from today's catalogue whenever the plan is read: the price that will be
   * charged. What the browser sent is never used (docs/decisions/008-prices-over-time.md).
   */
  priceData: z.record(z.string(), penceSchema),
  price: planPriceSchema,
  sections: z.array(planSectionSchema),
  /**
   * Set when today's total differs from the total the plan was last saved at, because the
   * catalogue's prices have changed since: the person is to be told before they buy.
   */
  priceChange: z
    .object({
      savedTotal: penceSchema,
      savedAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** Goes up with every save; also the answer's `ETag`, to send back as `If-Match`. */
  version: z.number().int().positive(),
});
export type PlanResponse = z.infer<typeof planResponseSchema>;

export const savedPlanResponseSchema = z.object({
  message: z.literal(messages.saved),
  plan: planResponseSchema,
});
export type SavedPlanResponse = z.infer<typeof savedPlanResponseSchema>;

export const planListResponseSchema = z.array(planResponseSchema);
