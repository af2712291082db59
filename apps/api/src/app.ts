import { createHmac } from "node:crypto";
import formBody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import OAuth2Server from "@node-oauth/oauth2-server";
import { customerSignInLinkGrantType, staffSignInGrantType } from "@kindred/contracts";
import { messages, ukToday } from "@kindred/domain";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import { describeDatabaseError, type DatabaseHandle } from "./db/database";
import { startJobQueue, type JobQueue } from "./db/job-queue";
import { jobSealingKey } from "./db/sealed-job";
import { loggerOptions } from "./logger";
import { admitEnquiry, admitNewVisitor, admitSignIn, withdrawAttempt } from "./modules/accounts/attempts";
import { createAddressLookupProvider } from "./modules/address-lookup/create-provider";
import { addressLookupRoutes } from "./modules/address-lookup/routes";
import { adviceArticleRoutes } from "./modules/advice-articles/routes";
import { createAdviceArticlesService } from "./modules/advice-articles/service";
import { accountRoutes } from "./modules/accounts/routes";
import { startAccountEmailRequests } from "./modules/accounts/account-email-requests";
import { isCommonPassword } from "./modules/accounts/common-passwords";
import { hashPassword, passwordMatches } from "./modules/accounts/password-hash";
import { accountEmailRequestHandler, createAccountsService } from "./modules/accounts/service";
import { logoutRoutes } from "./modules/auth/logout-routes";
import { createOAuthModel } from "./modules/auth/oauth-model";
import { customerPasswordGrant, customerSignInLinkGrant } from "./modules/auth/password-grant";
import { requireBearerToken } from "./modules/auth/require-bearer-token";
import { createTokenCache } from "./modules/auth/token-cache";
import { tokenRoutes } from "./modules/auth/token-routes";
import { applyCatalogueChangesEvery } from "./modules/catalogue";
import { catalogueRoutes } from "./modules/catalogue/routes";
import { createPlanOptionsService } from "./modules/catalogue/service";
import { documentRoutes, publicDocumentRoutes } from "./modules/documents/routes";
import { loadFreeGuide } from "./modules/documents";
import { loadLegalLibrary } from "./modules/documents/legal-library";
import { createDocumentsService } from "./modules/documents/service";
import { startMailer } from "./modules/email/mailer";
import { createEnquiriesService, enquiryRoutes, freeGuideRoutes } from "./modules/enquiries";
import { atNeedRoutes, createAtNeedService, startAtNeedJobs } from "./modules/at-need";
import {
  createDataRightsService,
  dataRightsRoutes,
  sweepRetentionEvery,
  type DataRightsService,
} from "./modules/data-rights";
import { createStaffService, staffRoutes, staffSignInGrant } from "./modules/staff";
import { funeralDirectorRoutes } from "./modules/funeral-directors/routes";
import { createFuneralDirectorService } from "./modules/funeral-directors/service";
import { healthRoutes } from "./modules/health/routes";
import { createLifecycle, type Lifecycle } from "./lifecycle";
import { planRoutes } from "./modules/plans/routes";
import { createPlansService } from "./modules/plans/service";
import {
  createPaymentsService,
  createPlanPaymentEmails,
  startPlanMoneyJobs,
  createReconciliation,
  reconcileEvery,
  type Reconciliation,
  type PlanMoneyJobs,
  cardFieldsOf,
  createPaymentProviders,
  createSandboxProvider,
  paymentRoutes,
  planBoughtAt,
  planChangesRefused,
  reopenPriceIn,
  planStatementRoutes,
  selectPlanMoneyRows,
  sendAnniversaryStatementsEvery,
  startPlanStatements,
  type PlanStatements,
  sandboxCardRoutes,
  sandboxDirectDebitRoutes,
  webhookRoutes,
  type SandboxProvider,
} from "./modules/payments";
import { createPurchaseReadiness, purchaseRoutes } from "./modules/purchase";
import { createReferralsService, referralRoutes } from "./modules/referrals";
import { answerFrameworkError, refuseUnstorableText, registerErrorHandler } from "./plugins/error-handler";
import { registerJsonBodyParser } from "./plugins/json-body";
import { registerOpenApi } from "./plugins/openapi";

declare module "fastify" {
  interface FastifyInstance {
    /** The job queue: a test that kills the process cuts its connections with the database's. */
    jobQueue: JobQueue;
    /** The embedded payment provider, when it is the one in use (tests drive its collections). */
    sandboxProvider: SandboxProvider | null;
    planMoneyJobs: PlanMoneyJobs;
    /** The emails that follow a death told to us: tests wait on them. */
    atNeedJobs: { idle(): Promise<void> };
    reconciliation: Reconciliation;
    /** Plan statements: tests look for anniversaries themselves, and wait on their emails. */
    planStatements: PlanStatements;
    /** A person's data rights: tests sweep for what has been kept long enough themselves. */
    dataRights: DataRightsService;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where logs go; defaults to standard output. Tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
  /** Serving or draining; `server.ts` starts draining on SIGTERM. */
  lifecycle?: Lifecycle;
}

/** Builds the API from its settings and database. `server.ts` listens; tests call `inject`. */
export async function buildApp({
  config,
  database,
  logStream,
  lifecycle = createLifecycle(),
}: BuildAppOptions): Promise<FastifyInstance> {
  const { db } = database;
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    // No hop named: X-Forwarded-* are not read at all, and request.ip is the connection's.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    bodyLimit: 256 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("tokenHolder", null);

  database.onConnectionLost((error) =>
    app.log.warn(
      { database: describeDatabaseError(error) },
      "database connection lost; the pool opens a new one",
    ),
  );
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  app.addHook("preValidation", refuseUnstorableText);
  // Security headers on every answer. The API answers JSON (and PDFs), which no page should
  // frame or run; the content policy is set on the API's own answers below, since the docs page
  // (development only) brings its own. HSTS only where the API is reached over HTTPS.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: config.SITE_URL.startsWith("https://") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // A ceiling on any one address, in front of the finer limits on sign-in and reset attempts.
  // Counted in each process's memory: a flood guard, not an exact count across processes.
  await app.register(rateLimit, {
    global: false,
    max: config.REQUESTS_PER_ADDRESS_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: () => ({ statusCode: 429, message: messages.tooManyRequests }),
  });
  // Counted first of all, on the whole app: the plugin's own global hook would be added to each
  // route, after the `/api` token check, so requests with a made-up token (each looked up in the
  // database) or none would never be counted. Routes with `rateLimit: false` are the health
  // checks and those with a limit of their own in place of this one.
  const addressCeiling = app.rateLimit();
  app.addHook("onRequest", async (request, reply) => {
    if (request.routeOptions.config?.rateLimit === false) return;
    await addressCeiling.call(app, request, reply);
  });
  await registerOpenApi(app, {
    publishDocs: config.PUBLISH_API_DOCS ?? config.NODE_ENV !== "production",
    siteUrl: config.SITE_URL,
  });
  await app.register(formBody);

  const jobQueue = await startJobQueue(database.driver, app.log.child({ module: "job-queue" }));
  // On close the workers take no more jobs and finish the ones in hand; what is left waits in the
  // database for the next process.
  app.addHook("onClose", () => jobQueue.stop());
  app.decorate("jobQueue", jobQueue);
  const mailer = await startMailer({ config, db, jobQueue, log: app.log.child({ module: "email" }) }).catch(
    async (error: unknown) => {
      await jobQueue.stop();
      throw error;
    },
  );
  app.decorate("mailer", mailer);

  const verifiedTokens = await createTokenCache(database);
  app.addHook("onClose", () => verifiedTokens.close());
  const accountEmailRequests = await startAccountEmailRequests({
    jobQueue,
    linkSigningSecret: config.LINK_SIGNING_SECRET,
    log: app.log.child({ module: "accounts" }),
    handle: accountEmailRequestHandler({ db, mailer, config }),
  });
  app.decorate("accountEmailRequests", accountEmailRequests);
  const accounts = createAccountsService({ db, mailer, config, verifiedTokens, accountEmailRequests });
  // The staff back office's members and their tokens, apart from customers' (decision 031).
  const staff = createStaffService({
    db,
    mailer,
    siteUrl: config.SITE_URL,
    authenticatorSealingKey: jobSealingKey(config.LINK_SIGNING_SECRET, "staff-authenticator-keys"),
    passwords: { hash: hashPassword, matches: passwordMatches, isCommon: isCommonPassword },
    signInLimits: {
      admit: (who) => admitSignIn(db, "staff-sign-in", who),
      withdraw: (attempt) => withdrawAttempt(db, attempt),
    },
    idleMinutes: config.STAFF_IDLE_MINUTES,
    tokenHours: config.STAFF_TOKEN_HOURS,
  });
  const oauthModel = createOAuthModel(db, verifiedTokens);
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
      [customerSignInLinkGrantType]: customerSignInLinkGrant({
        model: oauthModel,
        checkSignInLink: accounts.checkSignInLink,
        lifetimeSeconds: config.CUSTOMER_TOKEN_LIFETIME_SECONDS,
      }),
      [staffSignInGrantType]: staffSignInGrant(staff),
    },
  });

  // One catalogue per app: the plan options answer and every plan's price read the same one.
  const planOptions = createPlanOptionsService(db, { maxAgeMs: config.CATALOGUE_CACHE_SECONDS * 1000 });
  // Price and branch changes dated for a later day are written in as each falls due (decision 032).
  const stopApplyingCatalogueChanges = applyCatalogueChangesEvery(db, app.log.child({ module: "catalogue" }));
  app.addHook("onClose", async () => stopApplyingCatalogueChanges());
  const funeralDirectors = createFuneralDirectorService(db, { contentDirectory: config.CONTENT_DIR });
  const plans = createPlansService({
    db,
    planOptions,
    funeralDirectors,
    changesRefused: (planId) => planChangesRefused(db, planId),
    priceReopenedIn: (transaction, planId) => reopenPriceIn(transaction, jobQueue, planId),
  });
  const addressLookup = createAddressLookupProvider(config, app.log.child({ module: "address-lookup" }));
  const referrals = createReferralsService({ db, planOptions });
  const documents = createDocumentsService({
    db,
    plans,
    appliedReferralOf: referrals.appliedReferralOf,
    // How a plan is paid for and whether it is bought, read from its money (the payments module's),
    // so the plan documents show an instalment plan's schedule and, once bought, what follows.
    purchaseOf: async (planId) => {
      const rows = await selectPlanMoneyRows(db, planId);
      if (!rows) return { choice: null, boughtAt: null, collections: [] };
      const mandate = rows.mandates.at(-1);
      return {
        choice: rows.plan.paymentChoice,
        boughtAt: planBoughtAt(rows),
        collections: rows.collections
          .filter((row) => row.mandateId === mandate?.id)
          .map((row) => ({ number: row.number, date: row.dueDate, amount: row.amountPence })),
      };
    },
    paymentTerms: async () => (await planOptions.getPlanOptions()).paymentTerms,
    library: await loadLegalLibrary(config.CONTENT_DIR),
  });

  const freeGuide = await loadFreeGuide(config.CONTENT_DIR);
  const enquiries = createEnquiriesService({
    db,
    mailer,
    guide: freeGuide,
    siteUrl: config.SITE_URL,
    admitEnquiry: (email, address) => admitEnquiry(db, email, address),
  });

  const readiness = createPurchaseReadiness({
    plans,
    documents,
    planOptions,
    isEmailConfirmed: async (userId) => (await accounts.getUser(userId)).emailConfirmed,
  });
  // The embedded sandbox is the provider unless the settings name real ones (decision 016).
  const sandbox = createSandboxProvider({
    db,
    jobQueue,
    webhookSecret: createHmac("sha256", config.LINK_SIGNING_SECRET).update("sandbox-webhooks").digest("hex"),
    log: app.log.child({ module: "sandbox-provider" }),
  });
  const providers = createPaymentProviders(config, { sandbox });
  const payments = createPaymentsService({
    db,
    jobQueue,
    plans,
    planOptions,
    readiness,
    mailer,
    ...providers,
    log: app.log.child({ module: "payments" }),
  });
  // What follows a change of a plan's money: refunds, cancellations with the provider, emails.
  const planMoneyJobs = await startPlanMoneyJobs({
    db,
    jobQueue,
    mailer,
    emails: createPlanPaymentEmails({ db, plans, planOptions, documents, siteUrl: config.SITE_URL }),
    ...providers,
    log: app.log.child({ module: "plan-money" }),
  });
  // What the providers did but whose events never came, asked of them and applied once.
  const reconciliation = createReconciliation({
    db,
    ...providers,
    applyProviderEvent: payments.applyProviderEvent,
    log: app.log.child({ module: "reconciliation" }),
  });
  // Telling us of a death, and the emails that follow a match.
  const atNeed = createAtNeedService({
    db,
    jobQueue,
    mailer,
    plans,
    planOptions,
    linkSecret: config.LINK_SIGNING_SECRET,
    matchingDelaySeconds: config.DEATH_REPORT_MATCHING_DELAY_SECONDS,
  });
  const atNeedJobs = await startAtNeedJobs({
    db,
    jobQueue,
    mailer,
    documents,
    links: { siteUrl: config.SITE_URL, linkSecret: config.LINK_SIGNING_SECRET },
    log: app.log.child({ module: "at-need" }),
  });
  app.decorate("atNeedJobs", atNeedJobs);
  // A plan's statement at any time, and one emailed on each anniversary of its contract (decision 029).
  const planStatements = await startPlanStatements({
    db,
    jobQueue,
    mailer,
    plans,
    documents,
    state: payments,
    log: app.log.child({ module: "plan-statements" }),
  });
  const stopLookingForAnniversaries = sendAnniversaryStatementsEvery(planStatements, app.log);
  app.addHook("onClose", async () => stopLookingForAnniversaries());
  app.decorate("planStatements", planStatements);
  // A person's data to download, their account to delete, and what is kept only so long (decision 030).
  const dataRights = createDataRightsService({
    db,
    plans,
    state: payments,
    checkCredentials: accounts.checkCredentials,
    verifiedTokens,
  });
  const stopSweeping = sweepRetentionEvery(dataRights, app.log.child({ module: "data-rights" }));
  app.addHook("onClose", async () => stopSweeping());
  app.decorate("dataRights", dataRights);
  app.decorate("sandboxProvider", sandbox);
  app.decorate("planMoneyJobs", planMoneyJobs);
  app.decorate("reconciliation", reconciliation);
  if (config.RECONCILE_EVERY_SECONDS > 0) {
    const stopReconciling = reconcileEvery(reconciliation, config.RECONCILE_EVERY_SECONDS, app.log);
    app.addHook("onClose", async () => stopReconciling());
  }
  // The sandbox posts its webhooks to the same handler a real provider's reach over HTTP.
  await sandbox.startDelivery((webhook, to) => payments.handleWebhook(to, webhook));
  // The sandbox takes the collections that are due each hour, as a provider does each working day.
  const collecting = setInterval(() => {
    sandbox.collectDue(ukToday()).catch((error: unknown) => {
      app.log.warn({ reason: (error as Error).name }, "the sandbox could not take the collections due");
    });
  }, 3_600_000).unref();
  app.addHook("onClose", async () => clearInterval(collecting));

  await app.register(healthRoutes, { db, lifecycle });
  await app.register(webhookRoutes, { payments });
  await app.register(publicDocumentRoutes, { documents });
  // The free guide is for anyone, token or not, so a plain link downloads it.
  await app.register(freeGuideRoutes, { guide: freeGuide, prefix: "/api" });
  await app.register(tokenRoutes, {
    oauth,
    admitNewVisitor: (address) => admitNewVisitor(db, address, config.GUEST_TOKENS_PER_ADDRESS_PER_HOUR),
  });
  // Public content under /api: anyone may read it, with or without a token.
  await app.register(
    async (publicApi) => {
      publicApi.addHook("onSend", async (_request, reply) => {
        reply.header("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
        // Refusals are not kept; each route says how long its own answer may be.
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      });
      await publicApi.register(adviceArticleRoutes, { adviceArticles: createAdviceArticlesService(db) });
    },
    { prefix: "/api" },
  );
  // The staff back office's API: its own guard and tokens, never the customers' (decision 031).
  await app.register(
    async (staffApi) => {
      staffApi.addHook("onSend", async (_request, reply) => {
        reply.header("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
        reply.header("cache-control", "no-store");
      });
      await staffApi.register(staffRoutes, { staff, db, jobQueue, atNeed, plans, state: payments });
    },
    { prefix: "/api/staff" },
  );
  await app.register(
    async (api) => {
      api.addHook("onRequest", requireBearerToken(oauth));
      api.addHook("onSend", async (_request, reply) => {
        reply.header("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
        // Answers carry plans and people: no browser or proxy may keep them, unless a route
        // says its answer is for everyone (the catalogue).
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      });
      await api.register(catalogueRoutes, { planOptions });
      await api.register(funeralDirectorRoutes, { funeralDirectors });
      await api.register(addressLookupRoutes, {
        addressLookup,
        lookupsPerAddressPerMinute: config.ADDRESS_LOOKUPS_PER_ADDRESS_PER_MINUTE,
      });
      await api.register(planRoutes, { plans });
      await api.register(documentRoutes, { documents });
      await api.register(referralRoutes, {
        referrals,
        referralChecksPerAddressPerMinute: config.REFERRAL_CHECKS_PER_ADDRESS_PER_MINUTE,
      });
      await api.register(purchaseRoutes, { readiness });
      await api.register(paymentRoutes, {
        payments,
        cardFields: cardFieldsOf(config),
        bankDetailsChecksPerAddressPerMinute: config.BANK_DETAILS_CHECKS_PER_ADDRESS_PER_MINUTE,
      });
      await api.register(planStatementRoutes, { statements: planStatements });
      // The sandbox's card fields exist only while the sandbox takes card payments.
      if (config.CARD_PAYMENT_PROVIDER === "sandbox") await api.register(sandboxCardRoutes, { sandbox });
      // Taking collections early exists only while the sandbox takes Direct Debits.
      if (config.DIRECT_DEBIT_PROVIDER === "sandbox")
        await api.register(sandboxDirectDebitRoutes, { sandbox, db });
      await api.register(accountRoutes, { accounts });
      await api.register(dataRightsRoutes, { dataRights });
      await api.register(enquiryRoutes, { enquiries });
      await api.register(atNeedRoutes, {
        atNeed,
        deathNotificationsPerAddressPerHour: config.DEATH_NOTIFICATIONS_PER_ADDRESS_PER_HOUR,
      });
      await api.register(logoutRoutes, { db, verifiedTokens });
    },
    { prefix: "/api" },
  );

  return app;
}
