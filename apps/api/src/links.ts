// Signed links in our emails (a confirmation, a password reset, a death to confirm or say is not right):
// the secret part never stored in the clear, the signature checked in constant time.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The secret of an emailed link: 32 random bytes. Only its SHA-256 is stored. */
export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

/** HMAC-SHA256 of `<userId>.<token>` with LINK_SIGNING_SECRET, base64url. */
export function signLink(secret: string, userId: string, token: string): string {
  return createHmac("sha256", secret).update(`${userId}.${token}`, "utf8").digest("base64url");
}

/** Compares in constant time, so a forger learns nothing from how long a refusal takes. */
export function linkSignatureMatches(
  secret: string,
  userId: string,
  token: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signLink(secret, userId, token), "utf8");
  const actual = Buffer.from(signature, "utf8");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** `${siteUrl}${path}?…`, with every value encoded. */
export function siteLink(siteUrl: string, path: string, query: Record<string, string>): string {
  return `${siteUrl}${path}?${new URLSearchParams(query).toString()}`;
}
