import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  errorReportNameSettings,
  errorReportRelease,
  sentryDsnSetting,
  trustedProxiesSetting,
} from "@kindred/contracts";
import { z } from "zod";
import apiPackage from "../package.json" with { type: "json" };

/** The repository's root, whether running from `src/` (tests) or from the bundle in `dist/`. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Defaults that let a developer start offline; refused in production. */
const developmentSecrets = {
  OAUTH_WEB_CLIENT_SECRET: "development-web-client-secret-change-me",
  LINK_SIGNING_SECRET: "development-link-signing-secret-change-me-please",
} as const;

const port = z.coerce.number().int().min(1).max(65535);

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  API_HOST: z.string().min(1).default("127.0.0.1"),
  API_PORT: port.default(4000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// address" })
    .optional(),
  DATA_DIR: z.string().min(1).default(path.join(repositoryRoot, "data")),
  CONTENT_DIR: z.string().min(1).default(path.join(repositoryRoot, "content")),
  OAUTH_WEB_CLIENT_ID: z.string().min(3).default("kindred-web"),
  OAUTH_WEB_CLIENT_SECRET: z
    .string()
    .min(16, "must be at least 16 characters")
    .default(developmentSecrets.OAUTH_WEB_CLIENT_SECRET),
  ACCESS_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /**
   * How long each process keeps the catalogue (plan options and prices) before reading it again.
   * The seed changes it at start-up; a back office that edits prices would want this short.
   */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Lifetime of a signed-in customer's token; shorter than a visitor's, as it opens an account. */
  CUSTOMER_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  /** A member of staff's token stops working after this many minutes unused (decision 031). */
  STAFF_IDLE_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  /** And this many hours after signing in, however busy: a working day. */
  STAFF_TOKEN_HOURS: z.coerce.number().int().min(1).max(24).default(10),
  /** Unset: every email is written as an `.eml` file to OUTBOX_DIR instead of being sent. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// address" }).optional(),
  /** Defaults to `<DATA_DIR>/outbox`. */
  OUTBOX_DIR: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default("Kindred Funeral Plans <hello@kindred-funerals.example>"),
  /**
   * How many more times an email that could not be sent is tried, each after a longer wait, before
   * it is given up and kept for staff as undelivered.
   */
  EMAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(10),
  /** The wait before the first retry; each retry waits about twice as long as the one before. */
  EMAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** The longest wait between two tries. */
  EMAIL_RETRY_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /**
   * The site's public address, which every link in an email points at (confirming an email
   * address, resetting a password, the account): in production the public https:// address people
   * reach the site at, never an internal one (compose.yaml's http://localhost:3000 is for running
   * the production build on one machine).
   */
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
    .default("http://localhost:3000")
    .transform((url) => url.replace(/\/+$/, "")),
  /**
   * Which hops may tell the API the visitor's address (X-Forwarded-For): the web servers' and the
   * load balancer's own addresses. Unset trusts none, and each request is its connection's
   * address: otherwise any process that reaches the API could claim a fresh address for every
   * try and never meet a per-address limit.
   */
  TRUST_PROXY: trustedProxiesSetting,
  /**
   * Migrate and seed the database as the API starts (the default, for `npm start`). "false" where
   * a migrate step runs once per deploy (`node apps/api/dist/migrate.js`, docs/deployment.md):
   * the API then only opens the database, and `/readyz` says not ready until it is migrated.
   */
  MIGRATE_ON_START: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /**
   * On SIGTERM, how long the API keeps serving while `/readyz` answers 503, so the load balancer
   * sees it and sends no more, before it stops taking connections and finishes those in hand.
   * 0 (the default) stops taking them at once. A second signal ends the wait early.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  /** Serve the OpenAPI reader at /api/docs; unset: everywhere but production. */
  PUBLISH_API_DOCS: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
  /** New visitors' tokens (each makes a guest) one address may have in an hour. */
  GUEST_TOKENS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(120),
  /** Requests one address may make to the API in a minute, in each API process, before 429. */
  REQUESTS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Signs the links in emails, so a link cannot be made up or altered. */
  LINK_SIGNING_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .default(developmentSecrets.LINK_SIGNING_SECRET),
  /**
   * Who looks up addresses (docs/decisions/013-address-lookup.md): "outcodes", bundled data that
   * needs no account (the postcode's town and county; the person types the rest), or
   * "ideal-postcodes", every address by Ideal Postcodes' API (needs IDEAL_POSTCODES_API_KEY).
   */
  ADDRESS_LOOKUP_PROVIDER: z.enum(["outcodes", "ideal-postcodes"]).default("outcodes"),
  /** The Ideal Postcodes API key ("ak_..."); a secret, never logged. */
  IDEAL_POSTCODES_API_KEY: z.string().min(1).optional(),
  IDEAL_POSTCODES_BASE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
    .default("https://api.ideal-postcodes.co.uk")
    .transform((url) => url.replace(/\/+$/, "")),
  /** How long one call to the address provider may take before the person is told to type the address. */
  ADDRESS_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  /** Address lookups one address may make to one API process in a minute (a real provider charges for each). */
  ADDRESS_LOOKUPS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * Bank details checks (POST /api/direct-debit-v2/verify) one address may make to one API process
   * in a minute: a person needs a few tries at most, and a real provider's lookup is charged for.
   */
  BANK_DETAILS_CHECKS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * Who takes card payments (docs/decisions/016-payments.md): "sandbox", the embedded provider
   * that takes test cards and moves no money (development and tests only), or "stripe" (needs
   * STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY).
   */
  CARD_PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).default("sandbox"),
  /** Stripe's secret API key ("sk_live_...", "sk_test_..." or a restricted "rk_..."); never logged. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(live|test)_\w+$/, "must be a Stripe secret key (sk_live_..., sk_test_... or rk_...)")
    .optional(),
  /**
   * Stripe's publishable key ("pk_live_..." or "pk_test_..."): public, for Stripe's card fields in
   * the browser (`GET /api/payments/card-fields`).
   */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(live|test)_\w+$/, "must be a Stripe publishable key (pk_live_... or pk_test_...)")
    .optional(),
  /** The signing secret of Stripe's webhook endpoint ("whsec_..."); never logged. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_...)")
    .optional(),
  /** Unset: Stripe's own API. Only the tests point it elsewhere, at their fake. */
  STRIPE_API_BASE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
    .optional(),
  /**
   * Who collects Direct Debits: "sandbox", the embedded provider (development and tests only), or
   * "gocardless" (needs GOCARDLESS_ACCESS_TOKEN and GOCARDLESS_WEBHOOK_SECRET).
   */
  DIRECT_DEBIT_PROVIDER: z.enum(["sandbox", "gocardless"]).default("sandbox"),
  /** A GoCardless access token ("live_..." or "sandbox_..."); a secret, never logged. */
  GOCARDLESS_ACCESS_TOKEN: z.string().min(1).optional(),
  /** The secret of GoCardless's webhook endpoint, which signs its webhooks; never logged. */
  GOCARDLESS_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** https://api.gocardless.com, or https://api-sandbox.gocardless.com with a sandbox token. */
  GOCARDLESS_BASE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
    .default("https://api.gocardless.com")
    .transform((url) => url.replace(/\/+$/, "")),
  /** How long one call to Stripe or GoCardless may take before it is given up as failed. */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * How often each API process asks the payment providers about anything their events should
   * have settled a minute ago (docs/decisions/023-plan-money.md); 0 turns it off.
   */
  RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * Referral code checks and applications (POST /api/referral-code/validate and /apply) one
   * address may make to one API process in a minute: a person types their code a few times at
   * most, and guessing codes must be slow.
   */
  REFERRAL_CHECKS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /**
   * Deaths one address may tell us of online (POST /api/notify-a-death) in an hour, per API
   * process: sized for a hospital, care home or mobile network whose people share one address
   * (issue 45 item 3). The real limits are the acknowledgements to any one recipient (one an hour)
   * and a report's changing nothing until the death is confirmed (decision 040).
   */
  DEATH_NOTIFICATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /**
   * How long a death told to us online waits before it is matched to a plan (decision 040). The
   * matching is a job; on PGlite its queries run in the API's own thread, so a job started at
   * once would slow the answer to a report that matched. Waiting, the answer has gone before
   * any matching starts, and takes the same time whatever was typed. The tests set 0.
   */
  DEATH_REPORT_MATCHING_DELAY_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /**
   * Where the API's error reports go (Sentry): https://<public key>@<host>/<project id>. Unset:
   * error reporting is not set up and nothing is sent. Only 5xx answers are reported.
   */
  SENTRY_DSN: sentryDsnSetting.optional(),
  /** The deployment's name and release in error reports, as the web's (the contracts' settings). */
  ...errorReportNameSettings,
});

/** A real payment provider cannot start without the secrets that reach it and verify its webhooks. */
function requireProviderSecrets(settings: z.infer<typeof configSchema>, context: z.RefinementCtx): void {
  const require = (key: keyof typeof settings, chosen: string) => {
    if (!settings[key])
      context.addIssue({ code: "custom", path: [key], message: `must be set when ${chosen}` });
  };
  if (settings.CARD_PAYMENT_PROVIDER === "stripe") {
    require("STRIPE_SECRET_KEY", "CARD_PAYMENT_PROVIDER is stripe");
    require("STRIPE_WEBHOOK_SECRET", "CARD_PAYMENT_PROVIDER is stripe");
    require("STRIPE_PUBLISHABLE_KEY", "CARD_PAYMENT_PROVIDER is stripe");
  }
  if (settings.DIRECT_DEBIT_PROVIDER === "gocardless") {
    require("GOCARDLESS_ACCESS_TOKEN", "DIRECT_DEBIT_PROVIDER is gocardless");
    require("GOCARDLESS_WEBHOOK_SECRET", "DIRECT_DEBIT_PROVIDER is gocardless");
  }
}

/** Secrets in production are at least this long: 32 random characters or more. */
const productionSecretLength = 32;

/**
 * The development defaults start everything offline; in production each of them would be a
 * fault (data in a local file, emails never sent, secrets everybody knows), so NODE_ENV=production
 * refuses them.
 */
function refuseDevelopmentSettings(settings: z.infer<typeof configSchema>, context: z.RefinementCtx): void {
  if (settings.NODE_ENV !== "production") return;
  const problem = (key: string, message: string) =>
    context.addIssue({ code: "custom", path: [key], message });
  if (!settings.DATABASE_URL) {
    problem(
      "DATABASE_URL",
      "must name the PostgreSQL server in production (PGlite is for development and tests)",
    );
  }
  if (!settings.SMTP_URL) {
    problem(
      "SMTP_URL",
      "must name the mail server in production (without it emails are only written to files)",
    );
  }
  if (settings.CARD_PAYMENT_PROVIDER === "sandbox") {
    problem(
      "CARD_PAYMENT_PROVIDER",
      "must be stripe in production (the sandbox takes test cards and moves no money)",
    );
  }
  if (settings.DIRECT_DEBIT_PROVIDER === "sandbox") {
    problem(
      "DIRECT_DEBIT_PROVIDER",
      "must be gocardless in production (the sandbox sets up no mandate and collects nothing)",
    );
  }
  for (const [key, developmentValue] of Object.entries(developmentSecrets)) {
    const value = settings[key as keyof typeof developmentSecrets];
    if (value === developmentValue)
      problem(key, "must be changed from the development default in production");
    else if (value.length < productionSecretLength) {
      problem(key, `must be at least ${productionSecretLength} characters in production`);
    }
  }
}

const settingsSchema = configSchema
  .refine((settings) => settings.EMAIL_RETRY_DELAY_MAX_SECONDS >= settings.EMAIL_RETRY_DELAY_SECONDS, {
    path: ["EMAIL_RETRY_DELAY_MAX_SECONDS"],
    message: "must be at least EMAIL_RETRY_DELAY_SECONDS",
  })
  .refine(
    (settings) => settings.ADDRESS_LOOKUP_PROVIDER !== "ideal-postcodes" || settings.IDEAL_POSTCODES_API_KEY,
    {
      path: ["IDEAL_POSTCODES_API_KEY"],
      message: "must be set when ADDRESS_LOOKUP_PROVIDER is ideal-postcodes",
    },
  )
  .superRefine(requireProviderSecrets)
  .superRefine(refuseDevelopmentSettings)
  .transform((settings) => ({
    ...settings,
    OUTBOX_DIR: settings.OUTBOX_DIR ?? path.join(settings.DATA_DIR, "outbox"),
    SENTRY_RELEASE: errorReportRelease(settings, apiPackage.version),
  }));

export type Config = z.infer<typeof settingsSchema>;
export type ConfigInput = z.input<typeof settingsSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and validates every setting once; a bad value stops start-up with its name. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = settingsSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  return result.data;
}
