import path from "node:path";
import { readFileSync } from "node:fs";
import type { PGlite as PGliteClient } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type PgModule from "pg";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { repositoryRoot } from "../config";
import { keepToOwner } from "../owner-only-files";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Told when the server drops one of the pool's idle connections; the pool replaces it itself. */
type ConnectionLostListener = (error: Error) => void;

/** What a listener on a notification channel is told. */
interface ChannelListener {
  onNotification(payload: string): void;
  /**
   * Listening has started, or started again after the connection was lost: notifications sent
   * in between were missed, so anything kept on their strength must be dropped.
   */
  onListening(): void;
  /** The listening connection was lost; it is being opened again. */
  onInterrupted(): void;
}

/**
 * Where a library that runs SQL of its own (the job queue) reaches the same database: the
 * in-process PGlite instance itself, or the PostgreSQL server's address for a pool of its own.
 */
export type DatabaseDriver = { engine: "pglite"; client: PGliteClient } | { engine: "postgres"; url: string };

/** The name the API's own connections carry on the server (`pg_stat_activity.application_name`). */
export const apiApplicationName = "kindred-api";

export interface DatabaseHandle {
  db: Database;
  /** Listens on a channel (PostgreSQL LISTEN/NOTIFY) until `close()`; answers a stop function. */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** Which engine is behind `db`: the embedded PGlite or a PostgreSQL server. */
  engine: "pglite" | "postgres";
  driver: DatabaseDriver;
  /** Where a dropped connection is reported (the API's logger); standard error until then. */
  onConnectionLost(listener: ConnectionLostListener): void;
  /** Brings the schema up to date with the committed migrations (call it inside `exclusively`). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own: on PostgreSQL a session advisory lock on a
   * connection of its own, so replicas that start at once, or a migrate step beside them, take
   * turns instead of applying the same migration twice. PGlite is one process's: it just runs.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  /** In memory, empty or a copy of a saved database (PGlite's `dumpDataDir`), as tests start. */
  | { kind: "pglite-memory"; copyOf?: Blob };

const migrationsFolder = path.join(repositoryRoot, "apps/api/drizzle");

/**
 * The PostgreSQL extensions the migrations create, which PGlite must be given to load:
 * `pg_trgm` finds plans by part of a name, email, phone or postcode (decision 031). Imported
 * only where PGlite is used.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
}

/** How long a request waits for a connection before the database counts as unavailable. */
const connectionTimeoutMilliseconds = 5_000;

/**
 * The key of the advisory lock that migrations and seeding hold on PostgreSQL (any fixed number;
 * this one spells "kindred" in ASCII).
 */
const migrationLockKey = 0x6b696e64726564n;

let newestMigration: number | undefined;

/** When the newest committed migration was made (drizzle's `created_at` for it); read once. */
function newestMigrationMillis(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    newestMigration = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return newestMigration;
}

/**
 * True when the database holds every committed migration (a newer one, applied by the next
 * release's migrate step while this release still serves, counts as holding them). False when
 * one is missing or the table is not there at all.
 */
export async function areMigrationsApplied(db: Database): Promise<boolean> {
  try {
    // Both drivers answer `{ rows }` (node-postgres's QueryResult, PGlite's Results).
    const result = (await db.execute(
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { newest: string | null }[] };
    const newest = result.rows[0]?.newest;
    return newest !== null && newest !== undefined && Number(newest) >= newestMigrationMillis();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    // 42P01 (no such table) and 3F000 (no such schema): never migrated.
    return false;
  }
}

/**
 * Opens the database. Its schema is brought up to date by `migrate()`, which `prepareDatabase`
 * (startup.ts) calls under `exclusively` with the seeding.
 */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === "postgres") {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({
      connectionString: location.url,
      application_name: apiApplicationName,
      max: 10,
      connectionTimeoutMillis: connectionTimeoutMilliseconds,
      keepAlive: true,
    });
    // Without a listener, an idle connection that the server drops (a restart, a failover,
    // pg_terminate_backend) is an unhandled 'error' event and ends the process.
    let connectionLost: ConnectionLostListener = (error) =>
      process.stderr.write(`Database connection lost: ${describeDatabaseError(error)}\n`);
    pool.on("error", (error) => connectionLost(error));
    const db = drizzle({ client: pool, schema });
    const stopListening = new Set<() => Promise<void>>();
    return {
      db: db as unknown as Database,
      engine: "postgres",
      driver: { engine: "postgres", url: location.url },
      onConnectionLost(listener) {
        connectionLost = listener;
      },
      migrate: () => migrate(db, { migrationsFolder }),
      async exclusively(work) {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [migrationLockKey.toString()]);
          try {
            return await work();
          } finally {
            await client.query("select pg_advisory_unlock($1)", [migrationLockKey.toString()]);
          }
        } finally {
          client.release();
        }
      },
      async listen(channel, listener) {
        const stop = await listenOnServer(pg, location.url, channel, listener, (error) =>
          connectionLost(error),
        );
        stopListening.add(stop);
        return async () => {
          stopListening.delete(stop);
          await stop();
        };
      },
      async close() {
        await Promise.all([...stopListening].map((stop) => stop()));
        await pool.end();
      },
    };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const extensions = await pgliteExtensions();
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let client: InstanceType<typeof PGlite>;
  if (location.kind === "pglite") {
    // The folder is the API user's alone before PGlite writes in it. PGlite sets its files' modes
    // itself, whatever the umask (0666 for those it unpacks on the first start, 0644 for the cache
    // it writes at each), so once it is up they are tightened, with any an earlier run left.
    keepToOwner(location.dataDir);
    client = new PGlite(location.dataDir, { extensions });
    await client.waitReady;
    keepToOwner(location.dataDir);
  } else {
    client = new PGlite({ ...(location.copyOf ? { loadDataDir: location.copyOf } : {}), extensions });
    await client.waitReady;
  }
  const db = drizzle({ client, schema });
  return {
    db: db as unknown as Database,
    engine: "pglite",
    driver: { engine: "pglite", client },
    // PGlite runs in this process: it has no connections to lose.
    onConnectionLost() {},
    migrate: () => migrate(db, { migrationsFolder }),
    exclusively: (work) => work(),
    async listen(channel, listener) {
      const unlisten = await client.listen(channel, (payload) => listener.onNotification(payload));
      listener.onListening();
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

const relistenDelaysMs = [100, 500, 1_000, 2_000, 5_000];

/**
 * LISTEN on its own connection (a pooled one would be handed to other queries), opened again
 * whenever it is lost, for as long as the API runs.
 */
async function listenOnServer(
  pg: typeof PgModule,
  url: string,
  channel: string,
  listener: ChannelListener,
  reportLost: ConnectionLostListener,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: InstanceType<typeof pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: apiApplicationName,
      connectionTimeoutMillis: connectionTimeoutMilliseconds,
    });
    next.on("notification", (message) => {
      if (message.channel === channel) listener.onNotification(message.payload ?? "");
    });
    next.on("error", (error) => {
      if (stopped || client !== next) return;
      client = undefined;
      reportLost(error);
      listener.onInterrupted();
      void next.end().catch(() => undefined);
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    failures = 0;
    listener.onListening();
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    const delay = relistenDelaysMs[Math.min(failures, relistenDelaysMs.length - 1)];
    failures += 1;
    retry = setTimeout(() => {
      connect().catch((error: Error) => {
        reportLost(error);
        scheduleReconnect();
      });
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = undefined;
  };
}

/** True when the database answers a trivial query. */
export async function isDatabaseReady(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

// Network failures, and PostgreSQL's connection exceptions (class 08), shutdowns (57P01 to
// 57P03) and a full server (53300): the database is out of reach, not the request at fault.
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
const unavailableMessages = [
  /^Connection terminated/,
  /^Client has encountered a connection error/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end/,
  /^PGlite is closed/,
];

/** The error and what it wraps: `cause` (Drizzle), `inner` (the OAuth2 server), `errors`. */
function causeChain(error: unknown): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length < 10) {
    chain.push(current);
    if (current instanceof AggregateError) chain.push(...current.errors.filter((e) => e instanceof Error));
    current = current.cause ?? (current as { inner?: unknown }).inner;
  }
  return chain;
}

/**
 * True when a failure means the database cannot be reached (answered 503, and the request may be
 * tried again), rather than a fault in the request or the code. Drizzle wraps the driver's error
 * as its cause, so the whole chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some((link) => {
    const code = (link as { code?: unknown }).code;
    if (typeof code === "string" && (unavailableCodes.has(code) || code.startsWith("08"))) return true;
    return unavailableMessages.some((pattern) => pattern.test(link.message));
  });
}

/**
 * A database failure in words safe for a log. Never the query's text or parameters (they carry
 * password hashes, email addresses and plan notes), and never a server error's message either,
 * which can quote the value it refused ("invalid input syntax for type integer: ..."): only its
 * SQLSTATE code and the names of the table, column and constraint. A connection failure, which
 * holds no data, keeps its message.
 */
export function describeDatabaseError(error: unknown): string {
  const driverError = causeChain(error).at(-1);
  if (!driverError) return "unknown error";
  const fields = driverError as {
    code?: unknown;
    severity?: unknown;
    table?: unknown;
    column?: unknown;
    constraint?: unknown;
  };
  const code = typeof fields.code === "string" ? fields.code : undefined;
  if (fields.severity !== undefined) {
    const names = (["table", "column", "constraint"] as const)
      .filter((name) => typeof fields[name] === "string")
      .map((name) => `${name} ${String(fields[name])}`);
    return [`SQLSTATE ${code ?? "unknown"}`, ...names].join(", ");
  }
  return code ? `${code} ${driverError.message}` : driverError.message;
}

/**
 * True for a failure of a database query: Drizzle's wrapper (which carries the query text and
 * its parameters), or a driver's error (PostgreSQL's and PGlite's carry a severity).
 */
export function isDatabaseError(error: unknown): boolean {
  return causeChain(error).some((link) => "params" in link || "severity" in link);
}

/** True when the error (or one it wraps) is PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * True when the error (or one it wraps) is PostgreSQL's foreign_key_violation: a row another
 * transaction has just come to depend on.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === "23503") return true;
  }
  return false;
}
