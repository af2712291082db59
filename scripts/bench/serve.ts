// One server for `npm run bench:api`, run in its own process so the load generator does not
// share its event loop:
//   real  the API as `npm start` runs it (token check, catalogue service, zod serialisation)
//   bare  a bare Fastify route with the same response-schema machinery and the same payload
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { planOptionsResponseSchema } from "@kindred/contracts";
import { buildApp } from "../../apps/api/src/app";
import { loadConfig } from "../../apps/api/src/config";
import { selectCatalogue } from "../../apps/api/src/modules/catalogue/queries";
import { buildPlanOptions } from "../../apps/api/src/modules/catalogue/service";
import { prepareDatabase } from "../../apps/api/src/startup";

const mode = process.argv[2];
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: "warn",
  // The load comes from one address; the benchmark measures serving, not the flood guard.
  REQUESTS_PER_ADDRESS_PER_MINUTE: "100000000",
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "kindred-bench-")),
});
const database = await prepareDatabase(config);

let app;
if (mode === "real") {
  app = await buildApp({ config, database });
} else {
  const payload = buildPlanOptions(await selectCatalogue(database.db));
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/plan-options",
      { schema: { response: { 200: planOptionsResponseSchema } } },
      async () => payload,
    );
}

await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 })}\n`,
);

process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
