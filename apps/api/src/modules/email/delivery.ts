import { randomBytes } from "node:crypto";
import { chmod, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../../config";
import { ownerOnlyFileMode, ownerOnlyFolderMode } from "../../owner-only-files";
import type { EmailContent, Recipient } from "./emails";

/** One message as it is handed to the mail server (or written to the outbox). */
interface OutgoingMessage extends EmailContent {
  from: string;
  to: Recipient;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /**
   * The same for every attempt at one queued email, so one sent again after a crash (the send
   * finished, the process died before the queue heard) is the same message to whoever receives it.
   */
  messageId: string;
}

/** Hands one message over; rejects when the mail server refused it or the outbox could not be written. */
export type Delivery = (message: OutgoingMessage) => Promise<void>;

/**
 * nodemailer. With `SMTP_URL` it sends through that server; without it, each message is rendered
 * to MIME and written as an `.eml` file to `OUTBOX_DIR`, where a developer can open it and the
 * tests read it.
 */
export function createDelivery(config: Pick<Config, "SMTP_URL" | "OUTBOX_DIR">): Delivery {
  return config.SMTP_URL ? smtpDelivery(config.SMTP_URL) : outboxDelivery(config.OUTBOX_DIR);
}

/**
 * Why a hand-over failed, in words safe to log and to keep with the job: nodemailer's error code,
 * the SMTP command and the server's reply code. Never the error's message, which can quote the
 * recipient's address (a refused RCPT TO) or the outbox file's name (which holds it too).
 */
export function deliveryFailure(error: unknown): string {
  const { code, command, responseCode } = (error ?? {}) as {
    code?: unknown;
    command?: unknown;
    responseCode?: unknown;
  };
  const parts = [
    typeof code === "string" ? code : undefined,
    typeof command === "string" ? command.split(" ")[0] : undefined,
    typeof responseCode === "number" ? String(responseCode) : undefined,
  ].filter((part): part is string => part !== undefined && /^[A-Za-z0-9_.-]{1,40}$/.test(part));
  return parts.length > 0 ? parts.join(" ") : "unknown";
}

let written = 0;

/**
 * `2026-11-22T10-15-30.123Z_000007_jane@example.com_1a2b3c4d.eml`: sorts in the order the
 * messages were written (the counter orders two in the same millisecond), names the recipient.
 */
export function outboxFileName(recipient: string, at: Date = new Date()): string {
  const time = at.toISOString().replace(/:/g, "-");
  written += 1;
  return `${time}_${String(written).padStart(6, "0")}${outboxRecipientPart(recipient)}${randomBytes(4).toString("hex")}.eml`;
}

/** The part of an outbox file's name that names its recipient, between underscores. */
export function outboxRecipientPart(recipient: string): string {
  return `_${recipient.replace(/[^A-Za-z0-9@._+-]/g, "_").slice(0, 100)}_`;
}

function smtpDelivery(smtpUrl: string): Delivery {
  // Bounded, so a silent server fails the attempt (to be tried again) well within the time the
  // queue gives a job before it counts it as abandoned.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return async (message) => {
    await transport.sendMail(message);
  };
}

function outboxDelivery(outboxDirectory: string): Delivery {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return async (message) => {
    const info = await transport.sendMail(message);
    if (!Buffer.isBuffer(info.message)) throw new Error("The outbox transport did not return the message");
    // The messages hold sign-in and reset links: the folder and each file are the API user's
    // alone, and a folder an earlier run left open is closed.
    await mkdir(outboxDirectory, { recursive: true, mode: ownerOnlyFolderMode });
    await chmod(outboxDirectory, ownerOnlyFolderMode);
    // Written under another name, then renamed: whoever reads `.eml` files never sees half of one.
    const file = path.join(outboxDirectory, outboxFileName(message.to.address));
    await writeFile(`${file}.partial`, info.message, { mode: ownerOnlyFileMode });
    await rename(`${file}.partial`, file);
  };
}
