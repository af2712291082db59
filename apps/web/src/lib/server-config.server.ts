import "server-only";

/**
 * The web server's settings, read from the environment once and checked before the first request
 * (`instrumentation.ts` calls `getServerConfig()` at start-up). Only server modules import this
 * file: the OAuth client secret must never reach a browser bundle.
 */
export interface ServerConfig {
  /** Where the Fastify API listens; `/api/*` and `/token` are forwarded there. */
  API_URL: string;
  OAUTH_WEB_CLIENT_ID: string;
  OAUTH_WEB_CLIENT_SECRET: string;
  /** The public address of this site, used for absolute links in page metadata. */
  SITE_URL: string;
}

export class ServerConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid web settings:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ServerConfigError";
  }
}

type Environment = Record<string, string | undefined>;

function present(environment: Environment, key: string): string | undefined {
  const value = environment[key]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

function checkHttpUrl(key: string, value: string, problems: string[]): string {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      problems.push(`${key}: must be an http:// or https:// address, got "${value}"`);
    }
    // No trailing slash, so paths can be appended as they are.
    return value.replace(/\/+$/, "");
  } catch {
    problems.push(`${key}: must be an http:// or https:// address, got "${value}"`);
    return value;
  }
}

/** Reads and checks every setting; throws one error naming every bad key. */
export function loadServerConfig(environment: Environment = process.env): ServerConfig {
  const problems: string[] = [];

  const apiPort = present(environment, "API_PORT") ?? "4000";
  if (!/^\d+$/.test(apiPort) || Number(apiPort) < 1 || Number(apiPort) > 65_535) {
    problems.push(`API_PORT: must be a whole number from 1 to 65535, got "${apiPort}"`);
  }
  const apiUrl = checkHttpUrl(
    "API_URL",
    present(environment, "API_URL") ?? `http://127.0.0.1:${apiPort}`,
    problems,
  );
  const siteUrl = checkHttpUrl(
    "SITE_URL",
    present(environment, "SITE_URL") ?? "http://localhost:3000",
    problems,
  );

  const clientId = present(environment, "OAUTH_WEB_CLIENT_ID") ?? "kindred-web";
  if (clientId.length < 3) {
    problems.push("OAUTH_WEB_CLIENT_ID: must be at least 3 characters");
  }
  const clientSecret =
    present(environment, "OAUTH_WEB_CLIENT_SECRET") ?? "development-web-client-secret-change-me";
  if (clientSecret.length < 16) {
    // The secret itself is never printed.
    problems.push("OAUTH_WEB_CLIENT_SECRET: must be at least 16 characters");
  }

  if (problems.length > 0) throw new ServerConfigError(problems);
  return {
    API_URL: apiUrl,
    OAUTH_WEB_CLIENT_ID: clientId,
    OAUTH_WEB_CLIENT_SECRET: clientSecret,
    SITE_URL: siteUrl,
  };
}

let cached: ServerConfig | undefined;

/** The validated settings, read on first use (at start-up, from `instrumentation.ts`). */
export function getServerConfig(): ServerConfig {
  cached ??= loadServerConfig();
  return cached;
}

/**
 * Start-up check (from `instrumentation.ts`): with a bad setting the server prints which and
 * stops, rather than starting and failing on some later request.
 */
export function checkServerConfigOrExit(): void {
  try {
    getServerConfig();
  } catch (error) {
    if (!(error instanceof ServerConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
