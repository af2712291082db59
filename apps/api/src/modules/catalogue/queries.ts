import { asc } from "drizzle-orm";
import type { Database } from "../../db/database";
import { catalogueOptions, coffinCollections, crematoria, journeySteps, planPackages } from "../../db/schema";

/** Everything the journey chooses from, each list in its catalogue order. */
export async function selectCatalogue(db: Database) {
  const [options, collections, crematoriumRows, packages, steps] = await Promise.all([
    db.select().from(catalogueOptions).orderBy(asc(catalogueOptions.kind), asc(catalogueOptions.position)),
    db.select().from(coffinCollections).orderBy(asc(coffinCollections.position)),
    db.select().from(crematoria).orderBy(asc(crematoria.position)),
    db.select().from(planPackages).orderBy(asc(planPackages.position)),
    db.select().from(journeySteps).orderBy(asc(journeySteps.position)),
  ]);
  return { options, collections, crematoria: crematoriumRows, packages, steps };
}

export type CatalogueRows = Awaited<ReturnType<typeof selectCatalogue>>;
