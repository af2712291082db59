import { useSyncExternalStore } from "react";
import type { BrowserSettings } from "./browser-settings";

/**
 * A visitor's cookie choices (PECR and UK GDPR: docs/decisions/020-consent-and-third-parties.md).
 * Strictly necessary storage is always on and needs no choice; the two other categories are off
 * until the visitor says yes. The choice is kept in local storage under `cookieConsent` (JSON, as
 * every key SPEC.md lists), with the cookie policy's version: a visitor whose choice was made under
 * another version is asked again. Local storage rather than a cookie, because only the browser
 * reads it: the server never needs to know, so it is not sent with every request.
 */

export type ConsentCategory = "analytics" | "functional";

export interface CookieConsent {
  /** The cookie policy's version the choice was made under (COOKIE_POLICY_VERSION). */
  version: string;
  /** Visitor tracking, and recordings of a share of visits for error reports. */
  analytics: boolean;
  /** The help chat, the reviews widget and the bug-feedback sidebar. */
  functional: boolean;
  /** When it was made (ISO 8601), to show a record of consent if ever asked. */
  savedAt: string;
}

export const cookieConsentKey = "cookieConsent";

/** Which categories have something in them, given which third parties are configured. */
export function consentCategoriesOf(settings: BrowserSettings): ConsentCategory[] {
  const { thirdParties, errorReporting } = settings;
  const categories: ConsentCategory[] = [];
  if (thirdParties.visitorTracking || errorReporting) categories.push("analytics");
  if (thirdParties.helpChat || thirdParties.reviews || thirdParties.feedback) categories.push("functional");
  return categories;
}

function parseConsent(raw: string | null): CookieConsent | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<CookieConsent> | null;
    if (
      typeof value?.version !== "string" ||
      typeof value.analytics !== "boolean" ||
      typeof value.functional !== "boolean"
    )
      return null;
    return {
      version: value.version,
      analytics: value.analytics,
      functional: value.functional,
      savedAt: typeof value.savedAt === "string" ? value.savedAt : "",
    };
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(cookieConsentKey);
  } catch {
    // Storage switched off: no choice is remembered, so the banner asks on each page.
    return null;
  }
}

const listeners = new Set<() => void>();

/** The choice when storage cannot keep it. */
let memoryOnly: string | null = null;

/** A new page has no choice held in memory (a test's next page: jsdom's page is never loaded afresh). */
export function forgetConsentInMemory(): void {
  memoryOnly = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another tab counts here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === cookieConsentKey || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Stores a choice made under `version` and tells every part of the page. */
export function saveCookieConsent(
  choice: Pick<CookieConsent, "analytics" | "functional">,
  version: string,
): void {
  const consent: CookieConsent = { version, ...choice, savedAt: new Date().toISOString() };
  try {
    window.localStorage.setItem(cookieConsentKey, JSON.stringify(consent));
  } catch {
    // Storage full or switched off: the choice holds for this page only.
    memoryOnly = JSON.stringify(consent);
  }
  for (const listener of listeners) listener();
}

export type ConsentState =
  /** Not known yet: on the server, before hydration, or before the settings have loaded. */
  | { status: "unknown" }
  /** No choice under the current policy: the banner asks. */
  | { status: "undecided" }
  | { status: "decided"; consent: CookieConsent };

/** The visitor's choice under the current cookie policy (`version`; undefined while it loads). */
export function useCookieConsent(version: string | undefined): ConsentState {
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw() ?? memoryOnly,
    () => undefined,
  );
  if (raw === undefined || version === undefined) return { status: "unknown" };
  const consent = parseConsent(raw);
  if (!consent || consent.version !== version) return { status: "undecided" };
  return { status: "decided", consent };
}

/** True when the visitor has said yes to `category` under the current policy. */
export function allows(state: ConsentState, category: ConsentCategory): boolean {
  return state.status === "decided" && state.consent[category];
}

// The cookie choices dialog: opened from the banner, the footer's "Cookie settings" and the
// placeholders of widgets that wait for consent.
let choicesOpen = false;
const choicesListeners = new Set<() => void>();

function setChoicesOpen(open: boolean) {
  choicesOpen = open;
  for (const listener of choicesListeners) listener();
}

export function openCookieChoices(): void {
  setChoicesOpen(true);
}

export function closeCookieChoices(): void {
  setChoicesOpen(false);
}

export function useCookieChoicesOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      choicesListeners.add(listener);
      return () => choicesListeners.delete(listener);
    },
    () => choicesOpen,
    () => false,
  );
}

/**
 * Removes every cookie scripts can see on this site (this site sets none itself; everything
 * strictly necessary is in local and session storage), for when consent is taken back: what a
 * third party's script left behind goes with it. Scripts already running cannot be unloaded, so
 * the page is then loaded again (`reloadPage`).
 */
export function removeThirdPartyCookies(): void {
  const hostParts = window.location.hostname.split(".");
  // The cookie may have been set for this host or any domain above it (".example.co.uk").
  const domains = [undefined, ...hostParts.slice(0, -1).map((_, index) => hostParts.slice(index).join("."))];
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (!name) continue;
    for (const domain of domains) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain ? `; domain=${domain}` : ""}`;
    }
  }
}

export function reloadPage(): void {
  window.location.reload();
}
