import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A browser that has signed in to an account before (OWASP's "device cookie", kept in the
 * browser's local storage rather than a cookie). Each successful sign-in hands the browser a new
 * signed note, `v1.<account id>.<nonce>.<issued, epoch seconds>.<signature>`; when it signs in to
 * that account again, its failed attempts count against that browser alone. So a stranger who
 * keeps guessing someone's password from elsewhere slows only browsers the account has never
 * used, and never locks the owner out of their own (decision 024).
 */

const version = "v1";
/** A note older than this is ignored, and the browser is treated as a new one. */
const knownBrowserDays = 365;

function signature(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`known browser.${payload}`, "utf8").digest("base64url");
}

/** A new note for a browser that has just signed in to the account. */
export function newKnownBrowserNote(secret: string, accountId: string, now = new Date()): string {
  const payload = [
    version,
    accountId,
    randomBytes(16).toString("base64url"),
    Math.floor(now.getTime() / 1000),
  ];
  return `${payload.join(".")}.${signature(secret, payload.join("."))}`;
}

/**
 * The browser's own id (the note's nonce) when `note` is a genuine, current note for this
 * account; otherwise undefined (a made-up, altered, expired or another account's note).
 */
export function knownBrowserOf(
  secret: string,
  note: string | undefined,
  accountId: string,
  now = new Date(),
): string | undefined {
  const parts = note?.split(".");
  if (parts?.length !== 5) return undefined;
  const [noteVersion, noteAccountId, nonce, issued, given] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(signature(secret, parts.slice(0, 4).join(".")), "utf8");
  const actual = Buffer.from(given, "utf8");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  const ageSeconds = now.getTime() / 1000 - Number(issued);
  const current = ageSeconds >= 0 && ageSeconds <= knownBrowserDays * 24 * 60 * 60;
  return noteVersion === version && noteAccountId === accountId && current ? nonce : undefined;
}
