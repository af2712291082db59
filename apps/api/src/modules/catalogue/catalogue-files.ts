import { readFile } from "node:fs/promises";
import path from "node:path";
import { longestMoratoriumMonths } from "@kindred/domain";
import { z } from "zod";

/**
 * The shapes of the versioned catalogue files under `content/catalogue/`. They are product data,
 * edited by people, so they are checked as strictly as any request before a row is written.
 */
const codeSchema = z.string().regex(/^[a-z][a-zA-Z]*$/, "must be a camelCase code");
const pence = z.number().int().nonnegative();

const optionSchema = z.object({
  code: codeSchema,
  name: z.string().min(2),
  description: z.string(),
  pricePence: pence,
  isDefault: z.boolean(),
  visible: z.boolean(),
});
export type CatalogueFileOption = z.infer<typeof optionSchema>;

const addressSchema = z.object({
  line1: z.string().min(2),
  line2: z.string().default(""),
  locality: z.string().min(2),
  county: z.string().default(""),
  postcode: z.string().regex(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/, "must be a full UK postcode"),
});

const optionsFileSchema = z.object({
  version: z.literal(1),
  attendance: z.array(optionSchema),
  remains: z.array(optionSchema),
  celebrantTypes: z.array(optionSchema),
  pallbearerTypes: z.array(optionSchema),
  ashesTreatmentTypes: z.array(optionSchema),
  transportationForTheDeceasedTypes: z.array(optionSchema),
  transportationForAttendeesTypes: z.array(optionSchema),
  flowerArrangements: z.array(optionSchema),
  contactMethods: z.array(z.object({ code: codeSchema, name: z.string().min(2) })),
});

const coffinsFileSchema = z.object({
  version: z.literal(1),
  collections: z.array(z.object({ code: codeSchema, name: z.string().min(2) })),
  coffins: z.array(
    optionSchema.extend({
      collection: codeSchema,
      image: z.string().regex(/^[a-z-]+\.svg$/),
      imageAlt: z.string().min(10),
    }),
  ),
});

/** A point in the United Kingdom, in degrees. */
const coordinateSchema = z.object({
  latitude: z.number().min(49).max(61),
  longitude: z.number().min(-9).max(2),
});

const crematoriaFileSchema = z.object({
  version: z.literal(1),
  defaultCode: codeSchema,
  crematoria: z.array(
    z.object({
      code: codeSchema,
      name: z.string().min(2),
      address: addressSchema,
      /** Where it is, to order crematoria by distance; the default one is wherever is nearest. */
      coordinate: coordinateSchema.optional(),
    }),
  ),
});

const branchesFileSchema = z.object({
  version: z.literal(1),
  headOfficeCode: codeSchema,
  branches: z.array(
    z.object({
      code: codeSchema,
      name: z.string().min(2),
      address: addressSchema,
      phone: z.string().regex(/^0[\d ]{9,12}$/),
      email: z.email(),
      website: z.url(),
      managerName: z.string().min(2),
      ...coordinateSchema.shape,
      image: z.string().regex(/^[a-zA-Z-]+\.svg$/),
      imageAlt: z.string().min(10),
      allowsFuneralDirectorServices: z.boolean(),
      active: z.boolean(),
    }),
  ),
});

const packagesFileSchema = z.object({
  version: z.literal(1),
  packages: z.array(
    z.object({
      code: codeSchema,
      name: z.string().min(2),
      description: z.string(),
      visible: z.boolean(),
      /** A cremation package names its ashes treatment and crematorium; a burial package neither. */
      contents: z.object({
        attendance: codeSchema,
        remains: codeSchema,
        ashesTreatment: codeSchema.optional(),
        celebrant: codeSchema,
        coffin: codeSchema,
        deceaseTransportation: codeSchema,
        pallbearers: codeSchema,
        crematorium: codeSchema.optional(),
        attendeesTransportation: z.array(
          z.object({ code: codeSchema, quantity: z.number().int().positive() }),
        ),
      }),
    }),
  ),
});

/**
 * The journey's steps: what each asks and says. Which steps there are, their order, short names
 * and addresses are the domain's (journey-steps.ts); the seed refuses a file that disagrees.
 */
const stepsFileSchema = z.object({
  version: z.literal(1),
  steps: z.array(
    z.object({
      handle: z.string().regex(/^[a-z-]+$/),
      title: z.string(),
      description: z.string(),
      questions: z.array(z.object({ fieldName: z.string(), question: z.string() })),
    }),
  ),
});

/** How plans may be paid for, and what a referral gives (issue 10 items 1 and 8). */
const paymentTermsFileSchema = z
  .object({
    version: z.literal(1),
    depositChoicesPence: z.array(pence.min(100)).min(1),
    terms: z.array(z.object({ months: z.int().min(2).max(120), chargePence: pence })).min(1),
    minimumInstalmentPence: pence.min(100),
    moratoriumMonths: z
      .int()
      .min(1)
      .max(longestMoratoriumMonths, {
        message: `FPCOB 7.2 allows a moratorium of at most ${longestMoratoriumMonths} months from the contract date`,
      }),
    referral: z.object({ rewardPence: pence, description: z.string().min(10) }),
  })
  .refine((file) => new Set(file.terms.map((term) => term.months)).size === file.terms.length, {
    message: "each term must be a different number of months",
    path: ["terms"],
  });

export interface CatalogueFiles {
  options: z.infer<typeof optionsFileSchema>;
  coffins: z.infer<typeof coffinsFileSchema>;
  crematoria: z.infer<typeof crematoriaFileSchema>;
  branches: z.infer<typeof branchesFileSchema>;
  packages: z.infer<typeof packagesFileSchema>;
  steps: z.infer<typeof stepsFileSchema>;
  paymentTerms: z.infer<typeof paymentTermsFileSchema>;
}

async function readCatalogueFile<T>(directory: string, name: string, schema: z.ZodType<T>): Promise<T> {
  const file = path.join(directory, "catalogue", `${name}.json`);
  const result = schema.safeParse(JSON.parse(await readFile(file, "utf8")));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Catalogue file ${file} is not valid:\n  ${problems.join("\n  ")}`);
  }
  return result.data;
}

/** `content/catalogue/payment-terms.json` alone, checked as when the whole catalogue is read. */
export function readPaymentTermsFile(contentDirectory: string): Promise<CatalogueFiles["paymentTerms"]> {
  return readCatalogueFile(contentDirectory, "payment-terms", paymentTermsFileSchema);
}

export async function readCatalogueFiles(contentDirectory: string): Promise<CatalogueFiles> {
  const [options, coffins, crematoria, branches, packages, steps, paymentTerms] = await Promise.all([
    readCatalogueFile(contentDirectory, "options", optionsFileSchema),
    readCatalogueFile(contentDirectory, "coffins", coffinsFileSchema),
    readCatalogueFile(contentDirectory, "crematoria", crematoriaFileSchema),
    readCatalogueFile(contentDirectory, "branches", branchesFileSchema),
    readCatalogueFile(contentDirectory, "packages", packagesFileSchema),
    readCatalogueFile(contentDirectory, "steps", stepsFileSchema),
    readPaymentTermsFile(contentDirectory),
  ]);
  return { options, coffins, crematoria, branches, packages, steps, paymentTerms };
}
