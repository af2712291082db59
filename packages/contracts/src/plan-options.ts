import { z } from "zod";
import { penceSchema } from "./pence";
import { postalAddressSchema } from "./postal-address";

/** Integer pence. Formatting to pounds happens only where a person reads it. */
const catalogueOptionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  price: penceSchema,
  isDefault: z.boolean(),
  visible: z.boolean(),
});
export type CatalogueOption = z.infer<typeof catalogueOptionSchema>;

const coffinCollectionSchema = z.object({
  code: z.string(),
  name: z.string(),
});

const coffinSchema = catalogueOptionSchema.extend({
  collection: coffinCollectionSchema,
  /** Picture address with {width} and {height} placeholders. */
  imageUrl: z.string(),
  imageAlt: z.string(),
});
export type Coffin = z.infer<typeof coffinSchema>;

const contactMethodSchema = z.object({
  id: z.number().int(),
  handle: z.string(),
  name: z.string(),
});

const crematorySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: postalAddressSchema,
  /** Where it is; null for the default, which is the nearest suitable one when the time comes. */
  coordinate: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  isDefault: z.boolean(),
});
export type Crematory = z.infer<typeof crematorySchema>;

const packageOptionSchema = catalogueOptionSchema.pick({ id: true, code: true, name: true, price: true });

const planPackageSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  visible: z.boolean(),
  /** The total of the journey the package prefills, priced like any other journey. */
  price: penceSchema,
  attendance: packageOptionSchema,
  remains: packageOptionSchema,
  /** Null for a burial package, which has no ashes. */
  ashes: packageOptionSchema.nullable(),
  celebrant: packageOptionSchema,
  coffin: packageOptionSchema,
  deceaseTransportation: packageOptionSchema,
  pallbearers: packageOptionSchema,
  /** Null for a burial package, which has no crematorium. */
  crematory: crematorySchema.pick({ id: true, code: true, name: true }).nullable(),
  attendeesTransportation: z.array(
    z.object({
      transportationType: packageOptionSchema,
      quantity: z.number().int().positive(),
    }),
  ),
});
export type PlanPackage = z.infer<typeof planPackageSchema>;

const journeyStepQuestionSchema = z.object({
  fieldName: z.string(),
  question: z.string(),
});

const journeyStepSchema = z.object({
  handle: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  path: z.string(),
  prefilled: z.boolean(),
  enabled: z.boolean(),
  visited: z.boolean(),
  completed: z.boolean(),
  edited: z.boolean(),
  questions: z.array(journeyStepQuestionSchema),
});
export type JourneyStep = z.infer<typeof journeyStepSchema>;

/** What the catalogue offers, in `GET /api/plan-options` as `paymentTerms`. */
const paymentTermsSchema = z.object({
  depositChoices: z.array(penceSchema),
  terms: z.array(z.object({ months: z.int().positive(), charge: penceSchema })),
  minimumInstalment: penceSchema,
  /** The plan's first months (FPCOB 7.2's moratorium): what happens at a death depends on them. */
  moratoriumMonths: z.int().min(1).max(24),
  /** What a referral gives, shown before and after a code is applied and on the documents. */
  referral: z.object({ reward: penceSchema, description: z.string() }),
});
export type PaymentTermsResponse = z.infer<typeof paymentTermsSchema>;

/** `GET /api/plan-options`: everything the planning journey chooses from. */
export const planOptionsResponseSchema = z.object({
  attendance: z.array(catalogueOptionSchema),
  remains: z.array(catalogueOptionSchema),
  celebrantTypes: z.array(catalogueOptionSchema),
  pallbearerTypes: z.array(catalogueOptionSchema),
  ashesTreatmentTypes: z.array(catalogueOptionSchema),
  transportationForTheDeceasedTypes: z.array(catalogueOptionSchema),
  transportationForAttendeesTypes: z.array(catalogueOptionSchema),
  flowerArrangements: z.array(catalogueOptionSchema),
  coffins: z.array(coffinSchema),
  coffinCollections: z.array(coffinCollectionSchema),
  contactMethods: z.array(contactMethodSchema),
  packages: z.array(planPackageSchema),
  crematoria: z.array(crematorySchema),
  defaultCrematory: crematorySchema,
  steps: z.array(journeyStepSchema),
  /** How a plan may be paid for, and what a referral gives (issue 10). */
  paymentTerms: paymentTermsSchema,
});
export type PlanOptionsResponse = z.infer<typeof planOptionsResponseSchema>;
