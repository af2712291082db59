// Writes apps/web/src/test/seeded-plan-options.json: GET /api/plan-options as the seeded
// catalogue answers it, for the web app's component tests. An API test fails when it is stale.
//   npx tsx scripts/write-plan-options-fixture.ts
import { writeFileSync } from "node:fs";
import path from "node:path";
import { loadConfig, repositoryRoot } from "../apps/api/src/config";
import { selectCatalogue } from "../apps/api/src/modules/catalogue/queries";
import { buildPlanOptions } from "../apps/api/src/modules/catalogue/service";
import { prepareDatabase } from "../apps/api/src/startup";

const database = await prepareDatabase(loadConfig({ LOG_LEVEL: "warn" }), { kind: "pglite-memory" });
const planOptions = buildPlanOptions(await selectCatalogue(database.db));
writeFileSync(
  path.join(repositoryRoot, "apps/web/src/test/seeded-plan-options.json"),
  `${JSON.stringify(planOptions, null, 2)}\n`,
);
await database.close();
