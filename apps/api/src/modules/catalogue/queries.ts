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

export interface StoredPaymentTerms {
  depositChoicesPence: number[];
  terms: { months: number; chargePence: number }[];
  minimumInstalmentPence: number;
  referral: { rewardPence: number; description: string };
}

/** The `catalogue_settings` row holding `content/catalogue/payment-terms.json` (without its version). */
export const paymentTermsSettingKey = "paymentTerms";

/** Everything the journey chooses from, each list in its catalogue order. */
export async function selectCatalogue(db: Database) {
  const [options, collections, crematoriumRows, packages, steps, paymentTermsRows] = await Promise.all([
    db.select().from(catalogueOptions).orderBy(asc(catalogueOptions.kind), asc(catalogueOptions.position)),
    db.select().from(coffinCollections).orderBy(asc(coffinCollections.position)),
    db.select().from(crematoria).orderBy(asc(crematoria.position)),
    db.select().from(planPackages).orderBy(asc(planPackages.position)),
    db.select().from(journeySteps).orderBy(asc(journeySteps.position)),
    db.select().from(catalogueSettings).where(eq(catalogueSettings.key, paymentTermsSettingKey)),
  ]);
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
