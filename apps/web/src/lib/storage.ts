/**
 * The browser's storage, as SPEC.md section 3 ("Client storage") names it. Every value is stored
 * JSON-encoded. Reading never throws: storage that is switched off, full, or holds something that
 * is not JSON reads as nothing.
 */

export const localStorageKeys = [
  "deposit",
  "depositChoice",
  "paymentType",
  "paymentDDVerified",
  "paymentDDDetails",
  "customerData",
  "userId",
  "planId",
  "isUserLoggedIn",
  "zoom",
  "contrast",
  "token",
  "tokenSetAt",
  "tokenExpiry",
  "logInExpired",
  "userEmail",
  "userName",
  "repaymentTermValue",
  "freeGuideRef",
  "freeGuideUTMParams",
  // Not in SPEC.md's list: the note that this browser signed in before (decision 024).
  "knownBrowser",
] as const;
export type LocalStorageKey = (typeof localStorageKeys)[number];

export const sessionStorageKeys = [
  "legalDocs",
  "priceData",
  "journeyData",
  "stepsData",
  "enabledSteps",
  "activeSteps",
  "completedSteps",
  // Not in SPEC.md's list: a change in the plan's price the person has not yet acknowledged.
  "priceChange",
  // Not in SPEC.md's list: the purchase forms' answers (SPEC keeps customerData in local
  // storage; personal and health details stay only as long as the tab: decision 014). Never a password.
  "purchase",
  // Not in SPEC.md's list: a member of staff's token for the back office (/staff; decision 031),
  // apart from the customer's and gone with the tab.
  "staffSession",
  // Not in SPEC.md's list: the back office's last plan search and the page of it shown, so Back
  // from a plan finds it again; gone with the tab, and forgotten with the staff session.
  "staffPlanSearch",
] as const;
export type SessionStorageKey = (typeof sessionStorageKeys)[number];

type StorageArea = "local" | "session";

function area(which: StorageArea): Storage | null {
  if (typeof window === "undefined") return null;
  try {
    return which === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    // Some browsers throw on access when storage is blocked.
    return null;
  }
}

function read(which: StorageArea, key: string): unknown {
  const raw = area(which)?.getItem(key) ?? null;
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function write(which: StorageArea, key: string, value: unknown): void {
  try {
    area(which)?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the page still works, it just will not remember.
  }
}

function remove(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // As above.
  }
}

/** The stored value, or null. It is whatever JSON was stored: callers check its shape. */
export function readLocal(key: LocalStorageKey): unknown {
  return read("local", key);
}
export function writeLocal(key: LocalStorageKey, value: unknown): void {
  write("local", key, value);
}
export function removeLocal(key: LocalStorageKey): void {
  remove("local", key);
}

export function readSession(key: SessionStorageKey): unknown {
  return read("session", key);
}
export function writeSession(key: SessionStorageKey, value: unknown): void {
  write("session", key, value);
}
export function removeSession(key: SessionStorageKey): void {
  remove("session", key);
}
