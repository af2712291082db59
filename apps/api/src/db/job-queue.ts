import { setTimeout as wait } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  PgBoss,
  fromDrizzle,
  fromPglite,
  type ConstructorOptions,
  type WorkHandlerFor,
  type WorkOptions,
} from "pg-boss";
import { isDatabaseUnavailable, type Database, type DatabaseDriver } from "./database";

/** The PostgreSQL schema that holds the queue's tables (pg-boss creates and migrates it itself). */
const jobQueueSchema = "pgboss";

/** The name the queue's own connections carry on a PostgreSQL server. */
export const jobQueueApplicationName = "kindred-job-queue";

/**
 * How long a stopping queue lets the jobs in hand finish. Past it they are marked failed, so they
 * are tried again later (by this process after a restart, or by another one).
 */
const stopGraceMilliseconds = 20_000;

/**
 * How often a worker looks for jobs that are due without being announced: a retry whose wait is
 * over, or anything sent while the listening connection was down. Sending a job wakes the
 * workers at once (LISTEN/NOTIFY, on PGlite and PostgreSQL alike); both intervals are set,
 * because with notifications on pg-boss otherwise looks only every 30 seconds, and a retry then
 * waits that long.
 */
const dueJobPolling = { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 } as const;

/**
 * Background jobs in the database (pg-boss). A job is a row, sent in the same transaction as the
 * change that causes it; workers in any API process take it, and a job that fails is tried again.
 */
export interface JobQueue {
  boss: PgBoss;
  /**
   * Sends a job as part of the caller's transaction: it exists once the transaction commits, and
   * never if it rolls back. Inside a transaction on PGlite, never call `boss` without passing the
   * transaction (as this does): PGlite has one connection, so pg-boss's own statement would wait
   * for the transaction to end, which waits for pg-boss, for ever. `startAfterSeconds` holds the
   * job back that long after it is sent.
   */
  sendWithin(
    transaction: Database,
    queue: string,
    data: object,
    options?: { startAfterSeconds?: number },
  ): Promise<void>;
  /**
   * pg-boss's `work`, looking for due jobs every second (`dueJobPolling`), and looking again at
   * once after a batch it handled: a job sent while the worker was busy woke it then, and that
   * wake-up was spent before the worker's next look, which takes at most `batchSize` jobs, so a
   * backlog would otherwise go one batch a second (three emails at once, the third a second late).
   */
  work<ReqData, ResData = unknown, const O extends WorkOptions = WorkOptions>(
    queue: string,
    options: O,
    handler: WorkHandlerFor<O, ReqData, ResData>,
  ): Promise<string>;
  /** True once `stop()` has begun: no worker takes another job. */
  readonly stopping: boolean;
  /** Workers take no more jobs, and the ones in hand finish (within the grace period). */
  stop(): Promise<void>;
  /**
   * Resolves once every job of `queue` sent so far has finished (done, or given up), whichever
   * process sent it; jobs sent meanwhile are not waited for. Rejects once the queue is stopping.
   */
  idle(queue: string): Promise<void>;
}

/** How often `idle` looks again while jobs are unfinished. */
const idleCheckMilliseconds = 50;

/**
 * Starts pg-boss on the API's database, creating or migrating its schema. On PGlite it runs its
 * statements on the same in-process instance through pg-boss's PGlite adapter (one connection,
 * shared with the API, so PGlite's own lock orders them); on PostgreSQL it keeps a small pool of
 * its own, so a burst of requests cannot starve the workers or the other way round.
 */
export async function startJobQueue(driver: DatabaseDriver, log: FastifyBaseLogger): Promise<JobQueue> {
  const common: ConstructorOptions = {
    schema: jobQueueSchema,
    // No recurring (cron) jobs yet: the scheduler and its clock checks stay off.
    schedule: false,
    // Supervision (failing the jobs a killed process left active once their expiry passes, so
    // they are tried again) every two seconds: a payment's webhook in hand when its process died
    // is applied seconds later, not minutes (issue 22). pg-boss's default is every minute.
    superviseIntervalSeconds: 2,
    monitorIntervalSeconds: 2,
    // Maintenance (deleting finished jobs) every minute, so sent emails do not linger; pg-boss's
    // default would be once a day.
    maintenanceIntervalSeconds: 60,
  };
  const options: ConstructorOptions =
    driver.engine === "pglite"
      ? { ...common, db: fromPglite(driver.client), backend: "pglite", useListenNotify: true }
      : {
          ...common,
          connectionString: driver.url,
          application_name: jobQueueApplicationName,
          max: 4,
          connectionTimeoutMillis: 5_000,
          // One more connection, of its own, LISTENs: a job sent in any process wakes the
          // workers when its transaction commits, rather than at their next look.
          useListenNotify: true,
        };
  const boss = new PgBoss(options);
  boss.on("error", (error) => logQueueError(log, error));
  boss.on("warning", (warning) =>
    log.warn({ warning: (warning.data as { type?: unknown } | undefined)?.type }, warning.message),
  );
  await boss.start();

  let stopping = false;
  return {
    boss,
    async sendWithin(transaction, queue, data, options = {}) {
      const db = fromDrizzle(transaction as Parameters<typeof fromDrizzle>[0], sql);
      await boss.send(queue, data, {
        db,
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },
    async work(queue, options, handler) {
      const worker: { id?: string } = {};
      const handle = handler as (jobs: unknown[]) => Promise<unknown>;
      const handleThenLookAgain = async (jobs: unknown[]) => {
        const result = await handle(jobs);
        // Only after a batch handled: a failed one waits for its retry, not in a loop.
        if (jobs.length > 0 && worker.id !== undefined) boss.notifyWorker(worker.id);
        return result;
      };
      worker.id = await boss.work(
        queue,
        { ...dueJobPolling, ...options },
        handleThenLookAgain as typeof handler,
      );
      return worker.id;
    },
    get stopping() {
      return stopping;
    },
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, timeout: stopGraceMilliseconds });
    },
    async idle(queue) {
      const closing = () => new Error(`The app is closing: no more ${queue} jobs are done in it`);
      const unfinished = async () => {
        if (stopping) throw closing();
        const { rows } = await boss
          .getDb()
          .executeSql(`select id from ${jobQueueSchema}.job where name = $1 and state < 'completed'`, [
            queue,
          ]);
        return new Set(rows.map((row: { id: string }) => row.id));
      };
      let waitingFor = await unfinished();
      while (waitingFor.size > 0) {
        await wait(idleCheckMilliseconds);
        const stillUnfinished = await unfinished();
        waitingFor = new Set([...waitingFor].filter((id) => stillUnfinished.has(id)));
      }
    },
  };
}

/**
 * pg-boss reports some failures as plain objects copied from the error (a worker's failed poll),
 * so the code and message are read off whatever arrives. Never the error itself: a driver's error
 * can carry the statement's parameters, which hold job payloads.
 */
function logQueueError(log: FastifyBaseLogger, reported: unknown): void {
  const { code, message } = (reported ?? {}) as { code?: unknown; message?: unknown };
  const error = Object.assign(new Error(typeof message === "string" ? message : "unknown error"), {
    code: typeof code === "string" ? code : undefined,
  });
  const database = [error.code, error.message.split("\n")[0]?.slice(0, 300)].filter(Boolean).join(" ");
  if (isDatabaseUnavailable(error)) {
    log.warn({ database }, "job queue lost its database connection; it connects again by itself");
  } else {
    log.error({ reason: database }, "job queue error");
  }
}
