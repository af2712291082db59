import { useSyncExternalStore } from "react";

/**
 * The settings a browser needs for the page shell's extras: the cookie policy's version, which
 * third parties are configured and error reporting. The pages are built once and served as they
 * are, so these come from the running server (`GET /browser-settings`, read from the environment
 * by `web-config.ts`) rather than being fixed into the build: one build serves every deployment,
 * and the feedback sidebar can be left out of one of them by a setting alone.
 */

/** The third parties of the page shell, each off while its setting is unset. */
export type ThirdPartyName = "visitorTracking" | "helpChat" | "reviews" | "feedback";

export interface ThirdPartyScript {
  /** The script to load (https only). */
  scriptUrl: string;
  /** The account or site id it is started with. */
  id?: string;
}

export interface ErrorReportingSettings {
  dsn: string;
  release: string;
  environment?: string;
}

export interface BrowserSettings {
  cookiePolicyVersion: string;
  errorReporting: ErrorReportingSettings | null;
  thirdParties: Partial<Record<ThirdPartyName, ThirdPartyScript>>;
}

/** Where browsers read them. */
const browserSettingsPath = "/browser-settings";

/** What this page load has learnt: undefined until the answer comes, null if they cannot be read. */
let settings: BrowserSettings | null | undefined;
let asked = false;
/** Which page load this is: an answer to an earlier one is not taken. */
let pageLoad = 0;
const waiting = new Set<() => void>();

/**
 * Asks once per page load, however many parts of the page want them; a new deployment's settings
 * arrive with the next page load. They are read without TanStack Query, so that a page which reads
 * no other server data (the home page, the content pages) does not load it (decision 033).
 */
function subscribe(onChange: () => void): () => void {
  waiting.add(onChange);
  if (!asked) {
    asked = true;
    void readSettings();
  }
  return () => waiting.delete(onChange);
}

async function readSettings(): Promise<void> {
  const askedIn = pageLoad;
  let answer: BrowserSettings | null;
  try {
    const response = await fetch(browserSettingsPath, { headers: { accept: "application/json" } });
    answer = response.ok ? ((await response.json()) as BrowserSettings) : null;
  } catch {
    answer = null;
  }
  if (askedIn !== pageLoad) return;
  settings = answer;
  for (const notify of waiting) notify();
}

/** A new page load, as far as the settings go (each component test is one). */
export function forgetBrowserSettings(): void {
  settings = undefined;
  asked = false;
  pageLoad += 1;
  waiting.clear();
}

/**
 * The browser settings: undefined while they load (and on the server, which draws the page before
 * the browser knows them), null if they cannot be read. Either way the page works without any
 * extra, which is what a visitor who has not chosen sees anyway.
 */
export function useBrowserSettings(): BrowserSettings | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => settings,
    () => undefined,
  );
}
