import "server-only";
import * as Sentry from "@sentry/nextjs";
import { errorReportOptions } from "@kindred/domain";
import type { ServerConfig } from "./server-config.server";

/**
 * Error reporting in the web server (Next.js's own rendering and route handlers, such as the
 * forwarding of /api/*), set up at start-up by `instrumentation.ts` when WEB_SENTRY_DSN is set.
 * The same rules as the browser and the API: scrubbed, no personal data collected, no 404s.
 * Errors only: the web server answers every page view, and it cannot know whether the visitor has
 * allowed measurement (the choice is kept in their browser, which traces page loads once they
 * allow it). So it sends no trace (without `tracesSampleRate` Sentry sends no transactions) and
 * no release-health session per request (Sentry's Http integration counts each one by default).
 */
export function serverErrorReportingOptions(
  config: Pick<ServerConfig, "WEB_SENTRY_DSN" | "SENTRY_RELEASE" | "SENTRY_ENVIRONMENT"> & {
    WEB_SENTRY_DSN: string;
  },
) {
  const { tracesSampleRate: _tracesSampleRate, ...options } = errorReportOptions({
    dsn: config.WEB_SENTRY_DSN,
    release: config.SENTRY_RELEASE,
    environment: config.SENTRY_ENVIRONMENT,
  });
  return {
    ...options,
    // As @sentry/nextjs sets it up (Next.js traces incoming requests itself), without sessions.
    integrations: <Integration extends { name: string }>(defaults: Integration[]) =>
      defaults.map((integration) =>
        integration.name === "Http"
          ? Sentry.httpIntegration({ disableIncomingRequestSpans: true, sessions: false })
          : integration,
      ),
    sendClientReports: false,
  };
}

/** Starts error reporting in the web server, once, when WEB_SENTRY_DSN is set. */
export function startServerErrorReporting(
  config: Pick<ServerConfig, "WEB_SENTRY_DSN" | "SENTRY_RELEASE" | "SENTRY_ENVIRONMENT">,
): boolean {
  if (!config.WEB_SENTRY_DSN) return false;
  if (Sentry.isInitialized()) return true;
  Sentry.init(serverErrorReportingOptions({ ...config, WEB_SENTRY_DSN: config.WEB_SENTRY_DSN }));
  return true;
}

/** Next.js's `onRequestError`: a failed render or route handler, reported when reporting is on. */
export function reportRequestError(...args: Parameters<typeof Sentry.captureRequestError>): void {
  if (Sentry.isInitialized()) Sentry.captureRequestError(...args);
}
