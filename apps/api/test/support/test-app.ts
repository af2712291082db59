import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import pg from "pg";
import { buildApp } from "../../src/app";
import { loadConfig, type ConfigInput } from "../../src/config";
import type { DatabaseLocation } from "../../src/db/database";
import type { Lifecycle } from "../../src/lifecycle";
import { prepareDatabase } from "../../src/startup";
import { readOutboxFolder, type OutboxMessage } from "./outbox";
import { copySavedDatabaseTo, savedDatabase } from "./saved-database";

export const testClient = { id: "kindred-web-test", secret: "test-client-secret-0123456789" };

/**
 * A fresh database for one test file: in-memory PGlite by default (a copy of the one the global
 * setup migrated and seeded, unless `startEmpty`), or a new database on the PostgreSQL server
 * named by DATABASE_URL (CI's PostgreSQL stage runs the tests tagged engine on one).
 */
async function freshDatabaseLocation(
  reach: (url: URL) => URL,
  startEmpty = false,
): Promise<{ location: DatabaseLocation; name?: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const copyOf = startEmpty ? undefined : await savedDatabase();
    return { location: { kind: "pglite-memory", ...(copyOf ? { copyOf } : {}) }, drop: async () => {} };
  }

  const name = `kindred_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = reach(new URL(serverUrl));
  url.pathname = `/${name}`;
  return {
    location: { kind: "postgres", url: url.toString() },
    name,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A database that outlives the apps on it, for an app that stops and another that starts on the
 * same data: a PGlite folder, or a database of its own on the PostgreSQL server. Only one app
 * may have it open at a time (PGlite is one process's); `drop()` removes it.
 */
export async function createSharedTestDatabase(): Promise<SharedTestDatabase> {
  if (process.env.DATABASE_URL) {
    const { location, name, drop } = await freshDatabaseLocation((url) => url);
    return { location, name, drop };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "kindred-pglite-"));
  await copySavedDatabaseTo(dataDir);
  return {
    location: { kind: "pglite", dataDir },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

export interface SharedTestDatabase {
  location: DatabaseLocation;
  /** The database's name on the PostgreSQL server; unset on PGlite. */
  name?: string;
  drop(): Promise<void>;
}

export interface TestAppOptions {
  /** On PostgreSQL: the address the API reaches the server by (a test's proxy, say). */
  reachDatabaseBy?: (serverUrl: URL) => URL;
  /** Opens this database rather than a fresh one, and leaves it in place on close. */
  database?: SharedTestDatabase;
  /** Serving or draining, for a test that drains the app. */
  lifecycle?: Lifecycle;
  /** On PGlite: a database made from nothing, not a copy of the saved one (save-database.ts). */
  startEmpty?: boolean;
}

export async function createTestApp(settings: ConfigInput = {}, options: TestAppOptions = {}) {
  const outboxDirectory = await mkdtemp(path.join(tmpdir(), "kindred-outbox-"));
  const config = loadConfig({
    LOG_LEVEL: "info",
    NODE_ENV: "test",
    OAUTH_WEB_CLIENT_ID: testClient.id,
    OAUTH_WEB_CLIENT_SECRET: testClient.secret,
    OUTBOX_DIR: outboxDirectory,
    // Every injected request comes from one address; the limits have tests of their own.
    REQUESTS_PER_ADDRESS_PER_MINUTE: "1000000",
    GUEST_TOKENS_PER_ADDRESS_PER_HOUR: "1000000",
    // A death report is matched at once, not after the pause that keeps its answer's time equal.
    DEATH_REPORT_MATCHING_DELAY_SECONDS: "0",
    ...Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, String(value)])),
  });
  const {
    location,
    name: databaseName,
    drop,
  } = options.database
    ? { ...options.database, drop: async () => {} }
    : await freshDatabaseLocation(options.reachDatabaseBy ?? ((url) => url), options.startEmpty);
  const database = await prepareDatabase(config, location);
  const logs: string[] = [];
  const logStream = new PassThrough();
  logStream.on("data", (chunk: Buffer) => logs.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  const app = await buildApp({ config, database, logStream, lifecycle: options.lifecycle });
  let appClosed = false;
  let databaseClosed = false;

  return {
    app,
    config,
    db: database.db,
    /** The test file's own database on the PostgreSQL server; unset on PGlite. */
    databaseName,
    /** Every log line written so far, as JSON text. */
    logs,
    /** `POST /token` for a new visitor's token, as the web server sends it; answers the reply. */
    applicationTokenRequest(remoteAddress?: string) {
      return app.inject({
        method: "POST",
        url: "/token",
        ...(remoteAddress ? { remoteAddress } : {}),
        payload: new URLSearchParams({
          grant_type: "client_credentials",
          scope: "APPLICATION",
          client_id: testClient.id,
          client_secret: testClient.secret,
        }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    },
    async requestApplicationToken(): Promise<string> {
      const response = await this.applicationTokenRequest();
      if (response.statusCode !== 200) throw new Error(`Token request failed: ${response.body}`);
      return response.json<{ access_token: string }>().access_token;
    },
    /** Every email sent so far, oldest first, once those on their way have arrived. */
    async readOutbox(): Promise<OutboxMessage[]> {
      // A request about an address (a reset link) is looked into first, then its email is sent;
      // a change to a plan's money writes its email in a job of its own.
      await app.accountEmailRequests.idle();
      await app.planMoneyJobs.idle();
      await app.atNeedJobs.idle();
      await app.mailer.idle();
      return readOutboxFolder(config.OUTBOX_DIR);
    },
    /**
     * Closes the database under a running app, to see how the app copes without it, or as a kill -9
     * takes it. Every connection of the process goes: on PostgreSQL the job queue has a pool of its
     * own (on PGlite it shares the app's), whose workers would otherwise go on taking jobs they can
     * no longer do, and whose `idle()` would wait on them for ever.
     */
    async closeDatabase() {
      await Promise.all([database.close(), app.jobQueue.boss.stop({ graceful: false })]);
      databaseClosed = true;
    },
    /** Stops the app and writes its PGlite database to `file` as a tarball (see save-database.ts). */
    async saveDatabase(file: string) {
      if (database.driver.engine !== "pglite") throw new Error("Only a PGlite database can be saved");
      await app.close();
      appClosed = true;
      const tarball = await database.driver.client.dumpDataDir("none");
      await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    },
    async close() {
      if (!appClosed) await app.close();
      if (!databaseClosed) await database.close();
      await drop();
      await rm(outboxDirectory, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
