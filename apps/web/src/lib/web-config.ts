import { z } from "zod";
// The settings entry alone: server.mjs loads this file with Node's own type stripping, which
// cannot follow the package index's extensionless imports.
import {
  errorReportNameSettings,
  errorReportRelease,
  sentryDsnSetting,
  trustedProxiesSetting,
} from "@kindred/contracts/settings";
import webPackage from "../../package.json" with { type: "json" };
import type { BrowserSettings, ThirdPartyName } from "./browser-settings";

/**
 * The web server's settings, read from the environment once and validated with zod, like the
 * API's `apps/api/src/config.ts`: a bad value stops start-up with a list naming every bad key.
 * Two processes read it: `server.mjs` (the Node server around Next.js: port, trusted proxies,
 * HTTPS) imports this file directly, and Next.js's server code reads it through
 * `server-config.server.ts`, which keeps it out of browser bundles (it holds the OAuth client
 * secret). Only those two import it (eslint.config.js). Plain TypeScript that Node can run by
 * stripping the types: no enums, no parameter properties.
 */

/** The development default, the same as the API's (which refuses it in production). */
const developmentWebClientSecret = "development-web-client-secret-change-me";

/** A whole number from `min` to `max`, with one message for every way it can be wrong. */
function wholeNumber(min: number, max: number, what = "number") {
  const error = `must be a whole ${what} from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

const port = wholeNumber(1, 65_535);

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
  // No trailing slash, so paths can be appended as they are.
  .transform((url) => url.replace(/\/+$/, ""));

/** A third party's script: loaded by browsers, so only ever over HTTPS. */
const scriptUrl = z.url({ protocol: /^https$/, error: "must be an https:// address" });

/** The account or site id a third party's script is started with. */
const thirdPartyId = z
  .string()
  .regex(/^[\w.:-]{1,200}$/, { error: "must be letters, digits, '.', ':', '_' or '-' (at most 200)" });

/** The third parties of the page shell (docs/decisions/020-consent-and-third-parties.md). */
const thirdPartySettings = {
  VISITOR_TRACKING_SCRIPT_URL: "visitorTracking",
  HELP_CHAT_SCRIPT_URL: "helpChat",
  REVIEWS_SCRIPT_URL: "reviews",
  FEEDBACK_SCRIPT_URL: "feedback",
} as const satisfies Record<string, ThirdPartyName>;

const webConfigSchema = z
  .object({
    /** Where this web server listens. */
    PORT: port.default(3000),
    /** Where the API listens on this machine; API_URL defaults to it. */
    API_PORT: port.default(4000),
    /** Where the Fastify API is; `/api/*` and `/token` are forwarded there. */
    API_URL: httpUrl.optional(),
    /**
     * On SIGTERM, how long the web server keeps serving while `/readyz` answers 503 (so the load
     * balancer sees it and sends no more) before it stops taking connections and finishes those in
     * hand. 0 (the default): stop taking them at once. A second signal ends the wait early.
     */
    SHUTDOWN_DELAY_SECONDS: wholeNumber(0, 300, "number of seconds").default(0),
    /** The public address of this site: absolute links in page metadata, and HTTPS-only when https. */
    SITE_URL: httpUrl.default("http://localhost:3000"),
    OAUTH_WEB_CLIENT_ID: z.string().min(3, { error: "must be at least 3 characters" }).default("kindred-web"),
    // The secret's value is never part of a message.
    OAUTH_WEB_CLIENT_SECRET: z
      .string()
      .min(16, { error: "must be at least 16 characters" })
      .default(developmentWebClientSecret),
    /**
     * The proxies in front of this server whose X-Forwarded-For is believed (as Fastify's
     * trustProxy); unset trusts none, so a visitor cannot claim another address.
     */
    WEB_TRUST_PROXY: trustedProxiesSetting,
    /**
     * The cookie policy's version: a visitor's cookie choices are kept with it, and a different
     * version asks them again. Change it whenever a third party or what it does changes.
     */
    COOKIE_POLICY_VERSION: z
      .string()
      .regex(/^[\w.-]{1,40}$/, { error: "must be letters, digits, '.', '_' or '-' (at most 40)" })
      .default("1"),
    /** Visitor tracking (analytics): loaded only after a visitor allows it, never on the server. */
    VISITOR_TRACKING_SCRIPT_URL: scriptUrl.optional(),
    VISITOR_TRACKING_ID: thirdPartyId.optional(),
    /** The help chat, on the home page only (SPEC.md): a functional extra, after consent. */
    HELP_CHAT_SCRIPT_URL: scriptUrl.optional(),
    HELP_CHAT_ID: thirdPartyId.optional(),
    /** The reviews widget on the home page: a functional extra, after consent. */
    REVIEWS_SCRIPT_URL: scriptUrl.optional(),
    REVIEWS_ID: thirdPartyId.optional(),
    /** The bug-feedback sidebar, left unset where it is not wanted: a functional extra, after consent. */
    FEEDBACK_SCRIPT_URL: scriptUrl.optional(),
    FEEDBACK_ID: thirdPartyId.optional(),
    /** Error reporting for the web (browser and server). Unset: nothing is set up or sent. */
    WEB_SENTRY_DSN: sentryDsnSetting.optional(),
    /** The deployment's name and release in error reports, as the API's (the contracts' settings). */
    ...errorReportNameSettings,
  })
  .superRefine((settings, context) => {
    // An id without its script would do nothing: say so rather than ignore it.
    for (const urlKey of Object.keys(thirdPartySettings) as (keyof typeof thirdPartySettings)[]) {
      const idKey = urlKey.replace(/_SCRIPT_URL$/, "_ID") as keyof typeof settings;
      if (settings[idKey] !== undefined && settings[urlKey] === undefined) {
        context.addIssue({ code: "custom", path: [idKey], message: `needs ${urlKey}` });
      }
    }
  })
  .transform(({ API_URL, ...settings }) => ({
    ...settings,
    API_URL: API_URL ?? `http://127.0.0.1:${settings.API_PORT}`,
    /** Browsers are told to use HTTPS only when the site is served over it. */
    STRICT_TRANSPORT_SECURITY: settings.SITE_URL.startsWith("https://"),
    SENTRY_RELEASE: errorReportRelease(settings, webPackage.version),
    /** What browsers are told (`/browser-settings`): nothing secret. */
    BROWSER_SETTINGS: browserSettingsOf(settings),
  }));

function browserSettingsOf(
  settings: Partial<Record<keyof typeof thirdPartySettings | `${string}_ID`, string>> & {
    COOKIE_POLICY_VERSION: string;
    WEB_SENTRY_DSN?: string | undefined;
    SENTRY_ENVIRONMENT?: string | undefined;
    SENTRY_RELEASE?: string | undefined;
    GIT_COMMIT_SHA?: string | undefined;
  },
): BrowserSettings {
  const thirdParties: BrowserSettings["thirdParties"] = {};
  for (const [urlKey, name] of Object.entries(thirdPartySettings) as [
    keyof typeof thirdPartySettings,
    ThirdPartyName,
  ][]) {
    const scriptUrl = settings[urlKey];
    const id = settings[urlKey.replace(/_SCRIPT_URL$/, "_ID") as `${string}_ID`];
    if (scriptUrl) thirdParties[name] = id ? { scriptUrl, id } : { scriptUrl };
  }
  return {
    cookiePolicyVersion: settings.COOKIE_POLICY_VERSION,
    errorReporting: settings.WEB_SENTRY_DSN
      ? {
          dsn: settings.WEB_SENTRY_DSN,
          release: errorReportRelease(settings, webPackage.version),
          ...(settings.SENTRY_ENVIRONMENT ? { environment: settings.SENTRY_ENVIRONMENT } : {}),
        }
      : null,
    thirdParties,
  };
}

export type WebConfig = z.infer<typeof webConfigSchema>;

export class WebConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid web settings:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "WebConfigError";
    this.problems = problems;
  }
}

/** Reads and validates every setting; throws one error naming every bad key. Empty counts as unset. */
export function loadWebConfig(environment: Record<string, string | undefined> = process.env): WebConfig {
  const present = Object.fromEntries(
    Object.entries(environment)
      .map(([key, value]) => [key, value?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = webConfigSchema.safeParse(present);
  if (!result.success) {
    throw new WebConfigError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  return result.data;
}

/** `loadWebConfig`, but a bad setting prints which and stops the process (at start-up). */
export function loadWebConfigOrExit(environment?: Record<string, string | undefined>): WebConfig {
  try {
    return loadWebConfig(environment);
  } catch (error) {
    if (!(error instanceof WebConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
