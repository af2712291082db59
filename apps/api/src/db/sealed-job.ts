import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * A job's data sealed (AES-256-GCM) before it is stored in the queue: links carry secrets the
 * database otherwise keeps only as hashes (decision 005), and names and addresses are personal,
 * so a copy of the database, a backup or a look at the job table must not give them away.
 */
const ivBytes = 12;
const tagBytes = 16;

/**
 * A queue's own key, derived from LINK_SIGNING_SECRET with the queue's purpose, so the secret is
 * never used twice and one queue's data cannot be opened as another's.
 */
export function jobSealingKey(linkSigningSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", linkSigningSecret, "kindred", purpose, 32));
}

/** Seals `value` as JSON; `label` (stored in the clear beside it) is bound to the sealed part. */
export function sealJobData(key: Buffer, label: string, value: unknown): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(label, "utf8"));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** Opens sealed data; throws when it was sealed with another key or label, or has been altered. */
export function openJobData(key: Buffer, label: string, sealed: string): unknown {
  const bytes = Buffer.from(sealed, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(label, "utf8"));
  decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
  const json = Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]);
  return JSON.parse(json.toString("utf8"));
}
