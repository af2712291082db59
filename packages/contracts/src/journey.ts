import type { JourneyData } from "@kindred/domain";
import { z } from "zod";

/**
 * The journey payload (SPEC.md section 3, "Journey data"), as the web app sends it and a saved
 * plan returns it. Strict: an unknown field is a mistake, not something to store.
 */
const catalogueId = z.number().int().positive();
const notes = z.string().max(2000, "This value is too long. It should have 2000 characters or less.");
const contribution = z.string().max(20, "This value is too long. It should have 20 characters or less.");

const contributionTopicSchema = z.strictObject({
  notes,
  contribution,
  isContributionStep: z.literal(true),
});

export const journeyDataSchema = z.strictObject({
  attendance: z
    .strictObject({
      option: z.strictObject({
        id: catalogueId,
        code: z.enum(["attended", "unattended", "privateFarewell"]),
      }),
    })
    .optional(),
  funeralDirector: z.strictObject({ id: catalogueId }).optional(),
  burialCremation: z
    .strictObject({ option: z.strictObject({ id: catalogueId, code: z.enum(["cremated", "buried"]) }) })
    .optional(),
  burial: z.strictObject({ hasBurialPlot: z.boolean().nullable(), notes }).optional(),
  burialService: z.strictObject({ notes }).optional(),
  crematoria: z.strictObject({ id: catalogueId }).optional(),
  celebrant: z.strictObject({ celebrant: catalogueId.nullable(), notes }).optional(),
  pallbearers: z.strictObject({ pallbearerType: catalogueId.nullable(), notes, contribution }).optional(),
  deceaseTransportation: z
    .strictObject({ transportationType: catalogueId.nullable(), notes, contribution })
    .optional(),
  attendeesTransportation: z
    .strictObject({
      selectedTransportationTypes: z
        .array(
          z.strictObject({
            transportationType: z.strictObject({
              id: catalogueId,
              name: z.string().max(200),
              price: z.number().int().nonnegative(),
            }),
            quantity: z.number().int().min(0).max(10, "The value should be equal to or be smaller than 10."),
          }),
        )
        .max(10),
      notes,
      contribution,
    })
    .optional(),
  procession: z.strictObject({ personalisedProcession: z.boolean().nullable(), notes }).optional(),
  coffin: z.strictObject({ id: catalogueId }).optional(),
  ashes: z.strictObject({ treatmentType: catalogueId.nullable(), notes }).optional(),
  stationery: contributionTopicSchema.optional(),
  flowers: contributionTopicSchema.optional(),
  memorial: contributionTopicSchema.optional(),
  photoVideo: contributionTopicSchema.optional(),
  music: contributionTopicSchema.optional(),
  readings: z.strictObject({ notes }).optional(),
  otherRequests: contributionTopicSchema.optional(),
  package: z.strictObject({ id: catalogueId }).nullable().optional(),
});
export type JourneyDataPayload = z.infer<typeof journeyDataSchema>;

/** The contract and the domain describe the same journey: this stops compiling if they drift. */
export type JourneyDataPayloadIsJourneyData = JourneyDataPayload extends JourneyData ? true : never;
const journeyContractMatchesDomain: JourneyDataPayloadIsJourneyData = true;
void journeyContractMatchesDomain;
