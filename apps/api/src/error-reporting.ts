import * as Sentry from "@sentry/node";
import type { FastifyRequest } from "fastify";
import { errorReportOptions } from "@kindred/domain";
import type { Config } from "./config";

/**
 * The API's error reporting (ARCHITECTURE.md: Sentry, off without a DSN). With SENTRY_DSN unset,
 * nothing is set up and nothing is ever sent: `reportServerError` does nothing. With it set,
 * every answer of 500 or more is reported (`plugins/error-handler.ts`), never a 4xx, scrubbed of
 * personal data, credentials, bank details and health answers first (`scrubErrorReport`).
 */

/** Sets error reporting up once, if SENTRY_DSN is set. True when it is on. */
export function startErrorReporting(
  config: Pick<Config, "SENTRY_DSN" | "SENTRY_ENVIRONMENT" | "SENTRY_RELEASE">,
): boolean {
  if (!config.SENTRY_DSN) return false;
  if (Sentry.isInitialized()) return true;
  Sentry.init({
    ...errorReportOptions({
      dsn: config.SENTRY_DSN,
      release: config.SENTRY_RELEASE,
      environment: config.SENTRY_ENVIRONMENT,
    }),
    integrations: [
      // The error handler decides what is reported (`reportServerError`), so Sentry's Fastify
      // integration only names transactions by their route and reports nothing itself.
      Sentry.fastifyIntegration({ shouldHandleError: () => false }),
    ],
  });
  return true;
}

/** Reports a failure the API answered with a 5xx; does nothing while error reporting is off. */
export function reportServerError(error: unknown, request: FastifyRequest, statusCode: number): void {
  if (statusCode < 500 || !Sentry.isInitialized()) return;
  Sentry.withScope((scope) => {
    scope.setTag("status_code", String(statusCode));
    scope.setTag("request_id", request.id);
    // The route's pattern ("/api/plan/:id"), not the address, which may carry ids and a query.
    scope.setTransactionName(`${request.method} ${request.routeOptions.url ?? "unknown route"}`);
    Sentry.captureException(error);
  });
}

/** Sends what is waiting (at shutdown), at most `timeoutMs`. */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  if (Sentry.isInitialized()) await Sentry.flush(timeoutMs);
}
