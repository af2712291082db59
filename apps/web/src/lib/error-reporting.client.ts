import * as Sentry from "@sentry/nextjs";
import { errorReportOptions, notFoundPageAttribute } from "@kindred/domain";
import type { ErrorReportingSettings } from "./browser-settings";

/**
 * Error reporting in the browser (Sentry), loaded only when WEB_SENTRY_DSN is set
 * (`error-reporting.ts` imports this module on demand, so without a DSN not a byte of it is
 * downloaded). SPEC.md section 1: 10% of sessions are recorded for replay and every session that
 * hits an error, all text masked and all media blocked; traces at a rate of 1; the release is
 * named; transactions of the not-found page are dropped. Reports go to our own server
 * (`/monitoring`), which passes them on: the browser talks to no other company for them.
 */

/** Our own address that passes error reports on to Sentry (`app/monitoring/route.ts`). */
export const errorReportsTunnel = "/monitoring";

/** Every option given to Sentry in the browser, for the given settings. */
export function browserErrorReportingOptions(settings: ErrorReportingSettings) {
  return {
    ...errorReportOptions(settings),
    tunnel: errorReportsTunnel,
    // Read by the replay integration, which is added only once visitor measurement is allowed
    // (`startSessionReplay`): it keeps its session in session storage and records the page.
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
  };
}

/** Starts error reporting once; with no settings (no DSN) it does nothing and answers false. */
export function startErrorReporting(settings: ErrorReportingSettings | null): boolean {
  if (!settings) return false;
  if (Sentry.isInitialized()) return true;
  Sentry.init(browserErrorReportingOptions(settings));
  if (document.querySelector("[data-not-found-page]")) markNotFoundPage();
  return true;
}

/** Session replay, masked and without media, once visitor measurement is allowed. */
export function startSessionReplay(): void {
  if (!Sentry.isInitialized() || Sentry.getReplay()) return;
  Sentry.addIntegration(Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true }));
}

/** Marks the page load or navigation under way as the not-found page's, so it is not sent. */
export function markNotFoundPage(): void {
  const span = Sentry.getActiveSpan();
  if (span) Sentry.getRootSpan(span).setAttribute(notFoundPageAttribute, "not-found");
}
