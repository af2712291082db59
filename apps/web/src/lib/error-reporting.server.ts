import "server-only";
import * as Sentry from "@sentry/nextjs";
import { errorReportOptions } from "@kindred/domain";
import type { ServerConfig } from "./server-config.server";

/**
 * Error reporting in the web server (Next.js's own rendering and route handlers, such as the
 * forwarding of /api/*), set up at start-up by `instrumentation.ts` when WEB_SENTRY_DSN is set.
 * The same rules as the browser and the API: scrubbed, no personal data collected, no 404s and
 * no not-found transactions.
 */
export function startServerErrorReporting(
  config: Pick<ServerConfig, "WEB_SENTRY_DSN" | "SENTRY_RELEASE" | "SENTRY_ENVIRONMENT">,
): boolean {
  if (!config.WEB_SENTRY_DSN) return false;
  if (Sentry.isInitialized()) return true;
  // The web server calls only our API, which does not continue traces from outside.
  Sentry.init(
    errorReportOptions({
      dsn: config.WEB_SENTRY_DSN,
      release: config.SENTRY_RELEASE,
      environment: config.SENTRY_ENVIRONMENT,
    }),
  );
  return true;
}

/** Next.js's `onRequestError`: a failed render or route handler, reported when reporting is on. */
export function reportRequestError(...args: Parameters<typeof Sentry.captureRequestError>): void {
  if (Sentry.isInitialized()) Sentry.captureRequestError(...args);
}
