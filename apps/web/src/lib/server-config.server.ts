import "server-only";
import { loadWebConfig, loadWebConfigOrExit, type WebConfig } from "./web-config";

/**
 * The web settings (`web-config.ts`) for Next.js's server code. `server-only` keeps this, and
 * so the OAuth client secret, out of any browser bundle. Checked once at start-up
 * (`instrumentation.ts`), before the first request.
 */
export type ServerConfig = WebConfig;

let cached: WebConfig | undefined;

/** The validated settings, read on first use (at start-up, from `instrumentation.ts`). */
export function getServerConfig(): WebConfig {
  cached ??= loadWebConfig();
  return cached;
}

/** Start-up check: with a bad setting the server prints which and stops. */
export function checkServerConfigOrExit(): void {
  cached ??= loadWebConfigOrExit();
}
