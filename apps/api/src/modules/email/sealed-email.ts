import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Email } from "./templates";

/**
 * What the queue stores for one email: which email it is, in the clear for anyone looking after
 * the queue, and everything else sealed (AES-256-GCM). The links in emails carry secrets that the
 * database otherwise keeps only as hashes (decision 005), and names and addresses are personal:
 * a copy of the database, a backup or a look at the job table must not give them away.
 */
export interface SealedEmail {
  kind: Email["kind"];
  sealed: string;
}

const recipientSchema = z.object({ name: z.string(), address: z.string() });
const emailSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("confirm-email"),
    to: recipientSchema,
    firstName: z.string(),
    link: z.string(),
  }),
  z.object({
    kind: z.literal("reset-password"),
    to: recipientSchema,
    firstName: z.string(),
    link: z.string(),
  }),
  z.object({
    kind: z.literal("password-changed"),
    to: recipientSchema,
    firstName: z.string(),
    changedAt: z.coerce.date(),
  }),
  z.object({
    kind: z.literal("plan-paid"),
    to: recipientSchema,
    firstName: z.string(),
    planReference: z.string(),
    paymentOption: z.enum(["full", "deposit"]),
    amount: z.int(),
    attachments: z.array(
      z.object({ filename: z.string(), contentType: z.string(), contentBase64: z.string() }),
    ),
  }),
  z.object({
    kind: z.literal("direct-debit-notice"),
    to: recipientSchema,
    firstName: z.string(),
    notice: z.object({
      planReference: z.string(),
      mandateReference: z.string(),
      accountHolderName: z.string(),
      sortCode: z.string(),
      accountNumberEnding: z.string(),
      instalments: z.array(z.object({ date: z.string(), amount: z.int() })),
    }),
  }),
  z.object({
    kind: z.literal("plan-cancelled"),
    to: recipientSchema,
    firstName: z.string(),
    planReference: z.string(),
    refund: z.int(),
  }),
  z.object({
    kind: z.literal("free-guide"),
    to: recipientSchema,
    name: z.string(),
    contactPreferences: z.object({ email: z.boolean(), phone: z.boolean(), post: z.boolean() }),
    planningLink: z.string(),
    downloadLink: z.string(),
    attachments: z.array(
      z.object({ filename: z.string(), contentType: z.string(), contentBase64: z.string() }),
    ),
  }),
  z.object({
    kind: z.literal("arrears-statement"),
    to: recipientSchema,
    firstName: z.string(),
    planReference: z.string(),
    missed: z.array(z.object({ date: z.string(), amount: z.int() })),
    catchUpBy: z.string(),
  }),
]);

const ivBytes = 12;
const tagBytes = 16;

/** The queue's own key, derived from LINK_SIGNING_SECRET, so the secret is never used twice. */
export function emailSealingKey(linkSigningSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", linkSigningSecret, "kindred", "email queue v1", 32));
}

export function sealEmail(key: Buffer, email: Email): SealedEmail {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  // The kind is bound to the sealed part: it cannot be swapped for another email's.
  cipher.setAAD(Buffer.from(email.kind, "utf8"));
  const body = Buffer.concat([cipher.update(JSON.stringify(email), "utf8"), cipher.final()]);
  return { kind: email.kind, sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url") };
}

/** Opens a sealed email; throws when it was sealed with another key or has been altered. */
export function openEmail(key: Buffer, stored: SealedEmail): Email {
  const bytes = Buffer.from(stored.sealed, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(stored.kind, "utf8"));
  decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
  const json = Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]);
  return emailSchema.parse(JSON.parse(json.toString("utf8")));
}
