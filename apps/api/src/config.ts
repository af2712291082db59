import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** The repository's root, whether running from `src/` (tests) or from the bundle in `dist/`. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

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
    .default("development-web-client-secret-change-me"),
  ACCESS_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Lifetime of a signed-in customer's token; shorter than a visitor's, as it opens an account. */
  CUSTOMER_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  /** Unset: every email is written as an `.eml` file to OUTBOX_DIR instead of being sent. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// address" }).optional(),
  /** Defaults to `<DATA_DIR>/outbox`. */
  OUTBOX_DIR: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default("Kindred Funeral Plans <hello@kindred-funerals.example>"),
  /** The site's public address, which links in emails point at. */
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
    .default("http://localhost:3000")
    .transform((url) => url.replace(/\/+$/, "")),
  /** Signs the links in emails, so a link cannot be made up or altered. */
  /**
   * Which hops may tell the API the visitor's address (X-Forwarded-For): by default only the web
   * server on this machine. In production, the web servers' and load balancer's addresses.
   */
  TRUST_PROXY: z.string().min(1).default("loopback"),
  LINK_SIGNING_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .default("development-link-signing-secret-change-me-please"),
});

const settingsSchema = configSchema.transform((settings) => ({
  ...settings,
  OUTBOX_DIR: settings.OUTBOX_DIR ?? path.join(settings.DATA_DIR, "outbox"),
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
