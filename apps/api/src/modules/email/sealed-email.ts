import { jobSealingKey, openJobData, sealJobData } from "../../db/sealed-job";
import { emailSchema, type Email } from "./emails";

/**
 * What the queue stores for one email: which email it is, in the clear for anyone looking after
 * the queue, and everything else sealed (`sealJobData`).
 */
export interface SealedEmail {
  kind: Email["kind"];
  sealed: string;
}

/** The email queue's own key (see `jobSealingKey`). */
export function emailSealingKey(linkSigningSecret: string): Buffer {
  return jobSealingKey(linkSigningSecret, "email queue v1");
}

export function sealEmail(key: Buffer, email: Email): SealedEmail {
  // The kind is bound to the sealed part: it cannot be swapped for another email's.
  return { kind: email.kind, sealed: sealJobData(key, email.kind, email) };
}

/**
 * Opens a sealed email and reads it back through the emails' own schema, which turns the JSON's
 * ISO strings into Dates again; throws when it was sealed with another key, has been altered or
 * is not an email this code can write.
 */
export function openEmail(key: Buffer, stored: SealedEmail): Email {
  return emailSchema.parse(openJobData(key, stored.kind, stored.sealed));
}
