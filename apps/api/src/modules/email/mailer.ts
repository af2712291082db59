import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { Config } from "../../config";
import type { EmailContent } from "./templates";

/** One email to one person: a plain-text and an HTML part of the same words. */
export interface MailMessage extends EmailContent {
  to: { name: string; address: string };
}

export interface Mailer {
  /** Delivers one message; rejects when it could not be handed over or written to the outbox. */
  send(message: MailMessage): Promise<void>;
  /**
   * Hands a message over without waiting for it: an answer never waits on an SMTP server (nor
   * takes longer when an account exists), and a failure is logged without the message.
   */
  sendInBackground(message: MailMessage): void;
  /** Resolves once every message handed over so far has been delivered or has failed. */
  idle(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

let written = 0;

/**
 * `2026-11-22T10-15-30.123Z_000007_jane@example.com_1a2b3c4d.eml`: sorts in the order the
 * messages were written (the counter orders two in the same millisecond), names the recipient.
 */
export function outboxFileName(recipient: string, at: Date = new Date()): string {
  const time = at.toISOString().replace(/:/g, "-");
  written += 1;
  const safeRecipient = recipient.replace(/[^A-Za-z0-9@._+-]/g, "_").slice(0, 100);
  return `${time}_${String(written).padStart(6, "0")}_${safeRecipient}_${randomBytes(4).toString("hex")}.eml`;
}

/**
 * nodemailer behind the `Mailer` interface. With `SMTP_URL` it sends through that server;
 * without it, each message is rendered to MIME and written as an `.eml` file to `OUTBOX_DIR`,
 * where a developer can open it and the tests read it.
 */
export function createMailer(
  config: Pick<Config, "SMTP_URL" | "OUTBOX_DIR" | "MAIL_FROM">,
  log: FastifyBaseLogger,
): Mailer {
  const deliver = config.SMTP_URL ? smtpDelivery(config.SMTP_URL) : outboxDelivery(config.OUTBOX_DIR);
  const inFlight = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    await deliver({
      from: config.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }

  return {
    send,
    sendInBackground(message) {
      const delivery = send(message).then(
        () => log.info({ subject: message.subject }, "email sent"),
        (error: unknown) =>
          log.error(
            { subject: message.subject, reason: error instanceof Error ? error.message : String(error) },
            "email could not be sent",
          ),
      );
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

type Delivery = (options: SendMailOptions & { to: MailMessage["to"] }) => Promise<void>;

function smtpDelivery(smtpUrl: string): Delivery {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (options) => {
    await transport.sendMail(options);
  };
}

function outboxDelivery(outboxDirectory: string): Delivery {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return async (options) => {
    const info = await transport.sendMail(options);
    if (!Buffer.isBuffer(info.message)) throw new Error("The outbox transport did not return the message");
    await mkdir(outboxDirectory, { recursive: true });
    await writeFile(path.join(outboxDirectory, outboxFileName(options.to.address)), info.message);
  };
}
