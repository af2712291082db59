import { findSaveProblems, messages, type JourneyData } from "@kindred/domain";
import { z } from "zod";
import { recordIdSchema } from "./record-id";

/**
 * The journey payload (SPEC.md section 3, "Journey data"), as the web app sends it and a saved
 * plan returns it. Strict: an unknown field is a mistake, not something to store.
 */
const catalogueId = recordIdSchema;
const notesLength = 2000;
const contributionLength = 20;
const notes = z.string().max(notesLength, messages.tooLong(notesLength));
const contribution = z.string().max(contributionLength, messages.tooLong(contributionLength));

const contributionTopicSchema = z.strictObject({
  notes,
  contribution,
  isContributionStep: z.literal(true),
});

/** The journey's topics and their shapes, without the journey's rules (a stored plan, say). */
export const journeyTopicsSchema = z.strictObject({
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
      selectedTransportationTypes: z.array(
        z.strictObject({
          transportationType: z.strictObject({
            id: catalogueId,
            name: z.string().max(200),
            price: z.number().int().nonnegative(),
          }),
          quantity: z.number().int().min(0, messages.atLeast(0)),
        }),
      ),
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

/** `attendeesTransportation.selectedTransportationTypes[0].quantity` as zod's path. */
function pathOf(propertyPath: string): (string | number)[] {
  return propertyPath
    .split(/\.|\[(\d+)\]/)
    .filter((segment) => segment !== undefined && segment !== "")
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/**
 * Adds the journey's rules to a schema of its topics: every problem the domain finds that stops
 * a save (`findSaveProblems`, without the catalogue, which the API checks against itself) is an
 * issue at its property path. Unanswered questions are not: a plan may be saved unfinished.
 */
export function withJourneyRules<Schema extends z.ZodType<Partial<JourneyData>>>(schema: Schema) {
  return schema.superRefine((journeyData, context) => {
    for (const problem of findSaveProblems(journeyData as JourneyData)) {
      context.addIssue({ code: "custom", path: pathOf(problem.propertyPath), message: problem.title });
    }
  });
}

export type JourneyDataPayload = z.infer<typeof journeyTopicsSchema>;

/** The contract and the domain describe the same journey: this stops compiling if they drift. */
type JourneyDataPayloadIsJourneyData = JourneyDataPayload extends JourneyData ? true : never;
const journeyContractMatchesDomain: JourneyDataPayloadIsJourneyData = true;
void journeyContractMatchesDomain;
