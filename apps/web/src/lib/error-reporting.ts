import type { ErrorReportingSettings } from "./browser-settings";
import type * as ErrorReportingClient from "./error-reporting.client";

/**
 * The light door to error reporting: `error-reporting.client.ts` (Sentry) is imported only when
 * the server has a DSN, so a deployment without one sends nothing and downloads nothing.
 */

type ErrorReportingModule = typeof ErrorReportingClient;

/** Where Sentry's session replay keeps its session (session storage), once measurement is allowed. */
export const replaySessionKey = "sentryReplaySession";

let loaded: Promise<ErrorReportingModule> | undefined;
/** The module once it has loaded, so that taking consent back can act at once. */
let started: ErrorReportingModule | undefined;

/** Starts error reporting with these settings (errors only); does nothing when there are none. */
export function loadErrorReporting(settings: ErrorReportingSettings | null): void {
  if (!settings || loaded) return;
  loaded = import("./error-reporting.client").then((module) => {
    module.startErrorReporting(settings);
    started = module;
    return module;
  });
}

/**
 * Page-load traces, sessions and replay (masked) once the visitor allows measurement; needs
 * reporting on.
 */
export function allowMeasurement(): void {
  void loaded?.then((module) => module.startMeasurement());
}

/**
 * Measurement taken back: the replay stops and its session key goes, whether or not error
 * reporting is on in this page (the page is then loaded afresh, without any of it).
 */
export function forgetMeasurement(): void {
  started?.stopSessionReplay();
  try {
    window.sessionStorage.removeItem(replaySessionKey);
  } catch {
    // Storage switched off: nothing was kept.
  }
}

/** Tells error reporting that this page is the not-found page (its transaction is dropped). */
export function markNotFoundPage(): void {
  void loaded?.then((module) => module.markNotFoundPage());
}
