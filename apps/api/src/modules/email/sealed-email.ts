import { z } from "zod";
import { jobSealingKey, openJobData, sealJobData } from "../../db/sealed-job";
import type { Email } from "./templates";

/**
 * What the queue stores for one email: which email it is, in the clear for anyone looking after
 * the queue, and everything else sealed (`sealJobData`).
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
    kind: z.literal("account-exists"),
    to: recipientSchema,
    firstName: z.string(),
    signInLink: z.string(),
    resetLink: z.string(),
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
    kind: z.literal("late-payment-refunded"),
    to: recipientSchema,
    firstName: z.string(),
    planReference: z.string(),
    amount: z.int(),
    planCancelled: z.boolean(),
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

/** The email queue's own key (see `jobSealingKey`). */
export function emailSealingKey(linkSigningSecret: string): Buffer {
  return jobSealingKey(linkSigningSecret, "email queue v1");
}

export function sealEmail(key: Buffer, email: Email): SealedEmail {
  // The kind is bound to the sealed part: it cannot be swapped for another email's.
  return { kind: email.kind, sealed: sealJobData(key, email.kind, email) };
}

/** Opens a sealed email; throws when it was sealed with another key or has been altered. */
export function openEmail(key: Buffer, stored: SealedEmail): Email {
  return emailSchema.parse(openJobData(key, stored.kind, stored.sealed));
}
