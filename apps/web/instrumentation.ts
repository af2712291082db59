import type { Instrumentation } from "next";

/**
 * Runs once when the Next.js server starts, before it answers any request: a bad setting stops
 * `next start` here with a message naming it, instead of failing on some later request. With
 * WEB_SENTRY_DSN set, error reporting starts here too (without it, nothing is loaded).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkServerConfigOrExit, getServerConfig } = await import("./src/lib/server-config.server");
  checkServerConfigOrExit();
  const config = getServerConfig();
  if (!config.WEB_SENTRY_DSN) return;
  const { startServerErrorReporting } = await import("./src/lib/error-reporting.server");
  startServerErrorReporting(config);
}

/** A render or route handler failed: reported when error reporting is on. */
export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getServerConfig } = await import("./src/lib/server-config.server");
  if (!getServerConfig().WEB_SENTRY_DSN) return;
  const { reportRequestError } = await import("./src/lib/error-reporting.server");
  reportRequestError(...args);
};
