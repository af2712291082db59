import proxyAddr from "@fastify/proxy-addr";
import { z } from "zod";

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
export const developmentWebClientSecret = "development-web-client-secret-change-me";

const port = z.coerce
  .number({ error: "must be a whole number from 1 to 65535" })
  .int({ error: "must be a whole number from 1 to 65535" })
  .min(1, { error: "must be a whole number from 1 to 65535" })
  .max(65_535, { error: "must be a whole number from 1 to 65535" });

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
  // No trailing slash, so paths can be appended as they are.
  .transform((url) => url.replace(/\/+$/, ""));

/** WEB_TRUST_PROXY's entries: "loopback", addresses or CIDR ranges, comma-separated. */
const trustedProxies = z
  .string()
  .default("")
  .transform((setting) =>
    setting
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .superRefine((entries, context) => {
    try {
      proxyAddr.compile(entries);
    } catch (error) {
      context.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
    }
  });

const webConfigSchema = z
  .object({
    /** Where this web server listens. */
    PORT: port.default(3000),
    /** Where the API listens on this machine; API_URL defaults to it. */
    API_PORT: port.default(4000),
    /** Where the Fastify API is; `/api/*` and `/token` are forwarded there. */
    API_URL: httpUrl.optional(),
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
    WEB_TRUST_PROXY: trustedProxies,
  })
  .transform(({ API_URL, ...settings }) => ({
    ...settings,
    API_URL: API_URL ?? `http://127.0.0.1:${settings.API_PORT}`,
    /** Browsers are told to use HTTPS only when the site is served over it. */
    STRICT_TRANSPORT_SECURITY: settings.SITE_URL.startsWith("https://"),
  }));

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
