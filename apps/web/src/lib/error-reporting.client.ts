import * as Sentry from "@sentry/nextjs";
import { errorReportOptions, notFoundPageAttribute } from "@kindred/domain";
import type { ErrorReportingSettings } from "./browser-settings";

/**
 * Error reporting in the browser (Sentry), loaded only when WEB_SENTRY_DSN is set
 * (`error-reporting.ts` imports this module on demand, so without a DSN not a byte of it is
 * downloaded). Reports go to our own server (`/monitoring`), which passes them on: the browser
 * talks to no other company for them.
 *
 * Before the visitor allows measurement, only errors are sent (what failed, under our legitimate
 * interest in a working site; nothing is kept on the device): no page-load or navigation traces,
 * no release-health sessions, no replay. Once measurement is allowed (`startMeasurement`), SPEC.md
 * section 1 applies in full: traces at a rate of 1, a session per page load, 10% of sessions
 * recorded for replay and every session that hits an error, all text masked and all media blocked.
 * The release is named and the not-found page's transactions are dropped throughout.
 */

/** Our own address that passes error reports on to Sentry (`app/monitoring/route.ts`). */
export const errorReportsTunnel = "/monitoring";

/**
 * Sentry's default integrations that record more than what failed (page loads and navigations,
 * and a release-health session per page load): left out until measurement is allowed.
 */
const measurementIntegrationNames: readonly string[] = ["BrowserTracing", "BrowserSession"];

/** Every option given to Sentry in the browser, for the given settings. */
export function browserErrorReportingOptions(settings: ErrorReportingSettings) {
  return {
    ...errorReportOptions(settings),
    tunnel: errorReportsTunnel,
    integrations: <Integration extends { name: string }>(defaults: Integration[]) =>
      defaults.filter((integration) => !measurementIntegrationNames.includes(integration.name)),
    // Counts of reports dropped (a 404, say): not an error, so not sent.
    sendClientReports: false,
    // Read by the replay integration, which is added only once visitor measurement is allowed
    // (`startMeasurement`): it keeps its session in session storage and records the page.
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
  };
}

/** Starts error reporting once; with no settings (no DSN) it does nothing and answers false. */
export function startErrorReporting(settings: ErrorReportingSettings | null): boolean {
  if (!settings) return false;
  if (Sentry.isInitialized()) return true;
  Sentry.init(browserErrorReportingOptions(settings));
  return true;
}

/**
 * Once visitor measurement is allowed: page-load and navigation traces, a session per page load,
 * and session replay, masked and without media. Once only.
 */
export function startMeasurement(): void {
  if (!Sentry.isInitialized() || Sentry.getReplay()) return;
  Sentry.addIntegration(Sentry.browserTracingIntegration());
  Sentry.addIntegration(Sentry.browserSessionIntegration());
  Sentry.addIntegration(Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true }));
  if (document.querySelector("[data-not-found-page]")) markNotFoundPage();
}

/** Consent taken back: the replay stops recording and clears its session from session storage. */
export function stopSessionReplay(): void {
  void Sentry.getReplay()?.stop();
}

/** Marks the page load or navigation under way as the not-found page's, so it is not sent. */
export function markNotFoundPage(): void {
  const span = Sentry.getActiveSpan();
  if (span) Sentry.getRootSpan(span).setAttribute(notFoundPageAttribute, "not-found");
}
