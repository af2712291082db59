import type { ErrorReportingSettings } from "./browser-settings";
import type * as ErrorReportingClient from "./error-reporting.client";

/**
 * The light door to error reporting: `error-reporting.client.ts` (Sentry) is imported only when
 * the server has a DSN, so a deployment without one sends nothing and downloads nothing.
 */

type ErrorReportingModule = typeof ErrorReportingClient;

let loaded: Promise<ErrorReportingModule> | undefined;

/** Starts error reporting with these settings; does nothing when there are none. */
export function loadErrorReporting(settings: ErrorReportingSettings | null): void {
  if (!settings || loaded) return;
  loaded = import("./error-reporting.client").then((module) => {
    module.startErrorReporting(settings);
    return module;
  });
}

/** Records sessions for replay (masked) once the visitor allows measurement; needs reporting on. */
export function allowSessionReplay(): void {
  void loaded?.then((module) => module.startSessionReplay());
}

/** Tells error reporting that this page is the not-found page (its transaction is dropped). */
export function markNotFoundPage(): void {
  void loaded?.then((module) => module.markNotFoundPage());
}
