import formBody from "@fastify/formbody";
import OAuth2Server from "@node-oauth/oauth2-server";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db/database";
import { loggerOptions } from "./logger";
import { accountRoutes } from "./modules/accounts/routes";
import { createAccountsService } from "./modules/accounts/service";
import { logoutRoutes } from "./modules/auth/logout-routes";
import { createOAuthModel } from "./modules/auth/oauth-model";
import { customerPasswordGrant } from "./modules/auth/password-grant";
import { requireBearerToken } from "./modules/auth/require-bearer-token";
import { tokenRoutes } from "./modules/auth/token-routes";
import { catalogueRoutes } from "./modules/catalogue/routes";
import { createPlanOptionsService } from "./modules/catalogue/service";
import { createMailer } from "./modules/email/mailer";
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
    trustProxy: config.TRUST_PROXY.split(",").map((hop) => hop.trim()),
    bodyLimit: 256 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("tokenHolder", null);

  registerErrorHandler(app);
  await registerOpenApi(app);
  await app.register(formBody);

  const mailer = createMailer(config, app.log.child({ module: "email" }));
  app.decorate("mailer", mailer);
  // Messages still on their way are delivered before the process stops.
  app.addHook("onClose", () => mailer.idle());

  const accounts = createAccountsService({ db, mailer, config });
  const oauthModel = createOAuthModel(db);
  const oauth = new OAuth2Server({
    model: oauthModel,
    accessTokenLifetime: config.ACCESS_TOKEN_LIFETIME_SECONDS,
    allowBearerTokensInQueryString: false,
    extendedGrantTypes: {
      password: customerPasswordGrant({
        model: oauthModel,
        checkCredentials: accounts.checkCredentials,
        lifetimeSeconds: config.CUSTOMER_TOKEN_LIFETIME_SECONDS,
      }),
    },
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
      await api.register(accountRoutes, { accounts });
      await api.register(logoutRoutes, { db });
    },
    { prefix: "/api" },
  );

  return app;
}
