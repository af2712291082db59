// The migrate step: `node apps/api/dist/migrate.js`, once per deploy, before the new release's
// API processes start (compose.yaml's `migrate` service; docs/deployment.md). It applies the
// committed migrations, loads the catalogue and the advice articles and registers the web
// server's OAuth client, under the same advisory lock as an API that migrates at start, then
// exits: 0 when the database is ready for this release, 1 (with the reason) when not.
import { ConfigError, loadConfig } from "./config";
import { prepareDatabase } from "./startup";

try {
  const config = loadConfig();
  const database = await prepareDatabase(config);
  await database.close();
  process.stdout.write(
    `The ${database.engine === "postgres" ? "PostgreSQL" : "PGlite"} database is migrated.\n`,
  );
} catch (error) {
  process.stderr.write(
    error instanceof ConfigError
      ? `${error.message}\n`
      : `The database could not be migrated: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
}
