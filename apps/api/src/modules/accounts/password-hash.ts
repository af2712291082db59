import { randomBytes } from "node:crypto";
import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";

/**
 * argon2id with OWASP's first recommended setting: 19 MiB of memory, 2 passes, 1 lane (about
 * 20 ms a hash here). `2` is `Algorithm.Argon2id`: the package's enum is a `const enum`, which an
 * isolated-modules build cannot read. The settings travel inside each hash, so raising them later
 * still verifies the hashes made today.
 */
const passwordHashOptions: Options = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}

/**
 * A hash of a password nobody knows, checked when there is no account for an email address, so
 * that an unknown address takes as long to refuse as a wrong password.
 */
const unknownAccountHash = hash(randomBytes(18).toString("base64url"), passwordHashOptions);

/** True only when there is a stored hash and the password matches it; the work is the same either way. */
export async function passwordMatches(
  password: string,
  storedHash: string | null | undefined,
): Promise<boolean> {
  if (!storedHash) {
    await verify(await unknownAccountHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
