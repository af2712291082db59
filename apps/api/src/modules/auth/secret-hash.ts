import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Tokens and client secrets are long random strings, so a SHA-256 digest is enough to make a
 * stolen table useless; passwords (low entropy) use argon2id instead.
 */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function secretMatchesHash(secret: string, expectedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), "hex");
  const expected = Buffer.from(expectedHash, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
