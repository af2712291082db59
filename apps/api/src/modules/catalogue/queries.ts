import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import {
  catalogueOptions,
  catalogueSettings,
  coffinCollections,
  crematoria,
  journeySteps,
  planPackages,
} from "../../db/schema";

interface StoredPaymentTerms {
  depositChoicesPence: number[];
  terms: { months: number; chargePence: number }[];
  minimumInstalmentPence: number;
  moratoriumMonths: number;
  referral: { rewardPence: number; description: string };
}

/** The `catalogue_settings` row holding `content/catalogue/payment-terms.json` (without its version). */
export const paymentTermsSettingKey = "paymentTerms";

/** Everything the journey chooses from, each list in its catalogue order. */
export async function selectCatalogue(db: Database) {
  // One after another: `db` may be a transaction (the seed checks what it wrote), whose one
  // connection takes one statement at a time (node-postgres refuses overlapping ones from pg 9).
  const options = await db
    .select()
    .from(catalogueOptions)
    .orderBy(asc(catalogueOptions.kind), asc(catalogueOptions.position));
  const collections = await db.select().from(coffinCollections).orderBy(asc(coffinCollections.position));
  const crematoriumRows = await db.select().from(crematoria).orderBy(asc(crematoria.position));
  const packages = await db.select().from(planPackages).orderBy(asc(planPackages.position));
  const steps = await db.select().from(journeySteps).orderBy(asc(journeySteps.position));
  const paymentTermsRows = await db
    .select()
    .from(catalogueSettings)
    .where(eq(catalogueSettings.key, paymentTermsSettingKey));
  return {
    options,
    collections,
    crematoria: crematoriumRows,
    packages,
    steps,
    paymentTerms: paymentTermsRows[0]?.value as StoredPaymentTerms | undefined,
  };
}

export type CatalogueRows = Awaited<ReturnType<typeof selectCatalogue>>;
