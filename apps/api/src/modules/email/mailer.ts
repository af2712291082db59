import type { FastifyBaseLogger } from "fastify";
import type { JobWithMetadata, Queue } from "pg-boss";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { createDelivery, deliveryFailure } from "./delivery";
import { noteEmailSent } from "./emails-sent";
import { emailSealingKey, openEmail, sealEmail, type SealedEmail } from "./sealed-email";
import { renderEmail, type Email } from "./emails";

export interface Mailer {
  /**
   * Queues an email as part of `transaction`: it is sent once the transaction commits, and never
   * if it rolls back. Sending happens in the background, on any API process, and an email the
   * mail server refuses is tried again with growing waits (`EMAIL_RETRY_*`).
   */
  queue(email: Email, transaction: Database): Promise<void>;
  /**
   * Resolves once every email queued so far has been sent or has finally failed, whichever
   * process queued it. Rejects once the app is closing: then nothing more is sent from here.
   */
  idle(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** The queue of emails to send. */
export const emailQueue = "email";
/** Where an email goes once every try has failed: kept for staff to look into and send again. */
const undeliveredEmailQueue = "email-undelivered";

const day = 24 * 60 * 60;

/**
 * Starts sending the emails in the queue (those left by an earlier run too), and answers with the
 * `Mailer` that queues new ones.
 */
export async function startMailer({
  config,
  db,
  jobQueue,
  log,
}: {
  config: Pick<
    Config,
    | "SMTP_URL"
    | "OUTBOX_DIR"
    | "MAIL_FROM"
    | "LINK_SIGNING_SECRET"
    | "EMAIL_RETRY_LIMIT"
    | "EMAIL_RETRY_DELAY_SECONDS"
    | "EMAIL_RETRY_DELAY_MAX_SECONDS"
  >;
  /** Where each email sent to an account is noted, for "download my data" (issue 50 item 5). */
  db: Database;
  jobQueue: JobQueue;
  log: FastifyBaseLogger;
}): Promise<Mailer> {
  const { boss } = jobQueue;
  const delivery = createDelivery(config);
  const key = emailSealingKey(config.LINK_SIGNING_SECRET);

  // Created once, then brought up to the current settings on every start (they apply to emails
  // queued from then on).
  // An email given up is copied here, sealed like every other, and kept two weeks for staff.
  const undeliveredOptions: Omit<Queue, "name"> = { retentionSeconds: 14 * day };
  const emailOptions: Omit<Queue, "name"> = {
    retryLimit: config.EMAIL_RETRY_LIMIT,
    retryDelay: config.EMAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: config.EMAIL_RETRY_DELAY_MAX_SECONDS,
    // An attempt still running after this long counts as abandoned (its process died) and is tried
    // again; the SMTP timeouts in delivery.ts keep every real attempt well inside it.
    expireInSeconds: 5 * 60,
    // A finished email's row (sent, or given up and copied to the undelivered queue) is deleted
    // by the first maintenance pass a minute after it finished: a few minutes at most.
    deleteAfterSeconds: 60,
    // An email no process has picked up within this long is deleted unsent.
    retentionSeconds: 14 * day,
    deadLetter: undeliveredEmailQueue,
    notify: true,
  };
  await boss.createQueue(undeliveredEmailQueue, undeliveredOptions);
  await boss.updateQueue(undeliveredEmailQueue, undeliveredOptions);
  await boss.createQueue(emailQueue, emailOptions);
  await boss.updateQueue(emailQueue, emailOptions);

  async function send(job: JobWithMetadata<SealedEmail>): Promise<void> {
    const attempt = job.retryCount + 1;
    const lastAttempt = job.retryCount >= job.retryLimit;
    let email: Email;
    try {
      email = openEmail(key, job.data);
    } catch {
      log.error({ jobId: job.id, kind: job.data.kind, attempt }, "a queued email could not be opened");
      throw new Error("The queued email could not be opened (was LINK_SIGNING_SECRET changed?)");
    }
    const content = renderEmail(email);
    const attachments =
      "attachments" in email
        ? email.attachments.map(({ filename, contentType, contentBase64 }) => ({
            filename,
            contentType,
            content: Buffer.from(contentBase64, "base64"),
          }))
        : undefined;
    const messageId = `<${job.id}@${/@([^>\s]+)/.exec(config.MAIL_FROM)?.[1] ?? "kindred.invalid"}>`;
    const failure = await delivery({
      from: config.MAIL_FROM,
      to: email.to,
      ...content,
      attachments,
      messageId,
    }).then(
      () => null,
      (error: unknown) => deliveryFailure(error),
    );
    if (failure !== null) {
      const facts = { jobId: job.id, subject: content.subject, attempt, reason: failure };
      if (lastAttempt) log.error(facts, "email could not be sent after every try; kept as undelivered");
      else log.warn(facts, "email could not be sent; it will be tried again");
      // All the queue keeps of the failure: the error itself can quote the recipient's address.
      throw new Error(`Not sent: ${failure}`);
    }
    log.info({ jobId: job.id, subject: content.subject, attempt }, "email sent");
    // Sent, so noted; a failure to note it is logged, and never sends the email again.
    await noteEmailSent(db, email).catch((error: unknown) =>
      log.error(
        { jobId: job.id, kind: email.kind, code: (error as { code?: unknown }).code },
        "a sent email could not be noted",
      ),
    );
  }

  await jobQueue.work(
    emailQueue,
    {
      includeMetadata: true,
      batchSize: 1,
    },
    async (jobs: JobWithMetadata<SealedEmail>[]) => {
      for (const job of jobs) await send(job);
    },
  );

  return {
    async queue(email, transaction) {
      await jobQueue.sendWithin(transaction, emailQueue, sealEmail(key, email));
    },

    idle: () => jobQueue.idle(emailQueue),
  };
}
