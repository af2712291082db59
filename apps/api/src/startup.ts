import { customerSignInLinkGrantType, staffSignInGrantType } from "@kindred/contracts";
import type { Config } from "./config";
import { openDatabase, type DatabaseHandle, type DatabaseLocation } from "./db/database";
import { readAdviceArticleFiles } from "./modules/advice-articles/article-files";
import { seedAdviceArticles } from "./modules/advice-articles/seed";
import { upsertOAuthClient } from "./modules/auth/queries";
import { readCatalogueFiles } from "./modules/catalogue/catalogue-files";
import { seedCatalogue } from "./modules/catalogue/seed";
import path from "node:path";

function databaseLocation(config: Config): DatabaseLocation {
  return config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "pglite", dataDir: path.join(config.DATA_DIR, "pglite") };
}

/**
 * Opens the database, applies migrations, loads the catalogue and the advice articles, and registers the web server's
 * OAuth client. Safe to run on every start: each step is idempotent, and on PostgreSQL the whole
 * runs under an advisory lock, so replicas starting together (or the migrate step beside them)
 * take turns. `{ setUp: false }` only opens it: the migrate step (`dist/migrate.js`) does the rest
 * once per deploy, and `/readyz` says not ready until it has.
 */
export async function prepareDatabase(
  config: Config,
  location: DatabaseLocation = databaseLocation(config),
  { setUp = true }: { setUp?: boolean } = {},
): Promise<DatabaseHandle> {
  const handle = await openDatabase(location);
  if (!setUp) return handle;
  try {
    await handle.exclusively(async () => {
      await handle.migrate();
      await seedCatalogue(handle.db, await readCatalogueFiles(config.CONTENT_DIR));
      await seedAdviceArticles(handle.db, await readAdviceArticleFiles(config.CONTENT_DIR));
      await upsertOAuthClient(handle.db, {
        id: config.OAUTH_WEB_CLIENT_ID,
        name: "Kindred web server",
        secret: config.OAUTH_WEB_CLIENT_SECRET,
        grants: ["client_credentials", "password", customerSignInLinkGrantType, staffSignInGrantType],
      });
    });
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
