import type { FastifyBaseLogger } from "fastify";
import type { JobWithMetadata } from "pg-boss";
import { z } from "zod";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { jobSealingKey, openJobData, sealJobData } from "../../db/sealed-job";

/**
 * The requests anyone may make about an email address (register, "email me a reset link", "send
 * the confirmation again"). They answer at once and the same for every address, and what to send
 * (if anything) is worked out afterwards, in a background job: so neither the answer nor the time
 * it takes tells a stranger whether someone has an account with us (issue 12 fault 6). The
 * address is sealed in the queue like an email's contents.
 */
export type AccountEmailRequestKind =
  | "registered"
  | "password-reset"
  | "confirm-email-resend"
  /** Someone keeps guessing the account's password: a link that signs its owner in (decision 038). */
  | "sign-in-link";

/** What a request is about: the address given, and for a registration the account it made, if any. */
export interface AccountEmailRequest {
  email: string;
  newAccountId?: string;
}

export interface AccountEmailRequests {
  /** Queues the request; it is looked into once the caller's transaction commits. */
  queue(kind: AccountEmailRequestKind, request: AccountEmailRequest, transaction: Database): Promise<void>;
  /** Resolves once every request queued so far has been looked into (for tests). */
  idle(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    accountEmailRequests: AccountEmailRequests;
  }
}

const accountEmailRequestQueue = "account-email-request";
const requestSchema = z.object({ email: z.string(), newAccountId: z.uuid().optional() });

interface QueuedRequest {
  kind: AccountEmailRequestKind;
  sealed: string;
}

/**
 * Starts looking into queued requests with `handle` (on any API process), and answers the queue
 * new ones go into. A request whose handling fails is tried again a few times.
 */
export async function startAccountEmailRequests({
  jobQueue,
  linkSigningSecret,
  log,
  handle,
}: {
  jobQueue: JobQueue;
  linkSigningSecret: string;
  log: FastifyBaseLogger;
  handle: (kind: AccountEmailRequestKind, request: AccountEmailRequest) => Promise<void>;
}): Promise<AccountEmailRequests> {
  const { boss } = jobQueue;
  const key = jobSealingKey(linkSigningSecret, "account email requests v1");
  const options = {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    deleteAfterSeconds: 60,
    notify: true,
  };
  await boss.createQueue(accountEmailRequestQueue, options);
  await boss.updateQueue(accountEmailRequestQueue, options);
  await jobQueue.work(
    accountEmailRequestQueue,
    { includeMetadata: true, batchSize: 1 },
    async (jobs: JobWithMetadata<QueuedRequest>[]) => {
      for (const job of jobs) {
        const request = requestSchema.parse(openJobData(key, job.data.kind, job.data.sealed));
        try {
          await handle(job.data.kind, request);
        } catch {
          // Never the error itself, here or in the queue: a driver's error can quote the address.
          log.warn(
            { jobId: job.id, kind: job.data.kind, attempt: job.retryCount + 1 },
            "an account email request could not be handled; it will be tried again",
          );
          throw new Error("Not handled yet");
        }
      }
    },
  );

  return {
    async queue(kind, request, transaction) {
      const queued: QueuedRequest = { kind, sealed: sealJobData(key, kind, request) };
      await jobQueue.sendWithin(transaction, accountEmailRequestQueue, queued);
    },
    idle: () => jobQueue.idle(accountEmailRequestQueue),
  };
}
