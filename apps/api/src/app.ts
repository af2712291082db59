import formBody from "@fastify/formbody";
import OAuth2Server from "@node-oauth/oauth2-server";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db/database";
import { loggerOptions } from "./logger";
import { createOAuthModel } from "./modules/auth/oauth-model";
import { requireBearerToken } from "./modules/auth/require-bearer-token";
import { tokenRoutes } from "./modules/auth/token-routes";
import { catalogueRoutes } from "./modules/catalogue/routes";
import { createPlanOptionsService } from "./modules/catalogue/service";
import { funeralDirectorRoutes } from "./modules/funeral-directors/routes";
import { createFuneralDirectorService } from "./modules/funeral-directors/service";
import { healthRoutes } from "./modules/health/routes";
import { planRoutes } from "./modules/plans/routes";
import { createPlansService } from "./modules/plans/service";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerOpenApi } from "./plugins/openapi";

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Where logs go; defaults to standard output. Tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the API from its settings and database. `server.ts` listens; tests call `inject`. */
export async function buildApp({ config, db, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    trustProxy: true,
    bodyLimit: 256 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("tokenHolder", null);

  registerErrorHandler(app);
  await registerOpenApi(app);
  await app.register(formBody);

  const oauth = new OAuth2Server({
    model: createOAuthModel(db),
    accessTokenLifetime: config.ACCESS_TOKEN_LIFETIME_SECONDS,
    allowBearerTokensInQueryString: false,
  });

  // One catalogue per app: the plan options answer and every plan's price read the same one.
  const planOptions = createPlanOptionsService(db);
  const funeralDirectors = createFuneralDirectorService(db, { contentDirectory: config.CONTENT_DIR });
  const plans = createPlansService({ db, planOptions, funeralDirectors });

  await app.register(healthRoutes, { db });
  await app.register(tokenRoutes, { oauth });
  await app.register(
    async (api) => {
      api.addHook("onRequest", requireBearerToken(oauth));
      await api.register(catalogueRoutes, { planOptions });
      await api.register(funeralDirectorRoutes, { funeralDirectors });
      await api.register(planRoutes, { plans });
    },
    { prefix: "/api" },
  );

  return app;
}
