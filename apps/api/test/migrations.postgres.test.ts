// Runs when the suite runs on a PostgreSQL server (DATABASE_URL set). Several replicas (or the
// migrate step and a replica) setting up one database at the same moment take turns under an
// advisory lock; without it each would apply the same migrations and all but one would fail.
// @module-tag engine
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { areMigrationsApplied } from "../src/db/database";
import { prepareDatabase } from "../src/startup";
import { createSharedTestDatabase, type SharedTestDatabase } from "./support/test-app";

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("setting up one PostgreSQL database from several processes at once", () => {
  let shared: SharedTestDatabase;
  beforeAll(async () => {
    shared = await createSharedTestDatabase();
  });
  afterAll(() => shared.drop());

  it("applies each migration once and every replica starts", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    const replicas = await Promise.all(
      Array.from({ length: 4 }, () => prepareDatabase(config, shared.location)),
    );
    try {
      for (const replica of replicas) expect(await areMigrationsApplied(replica.db)).toBe(true);
      const url = shared.location.kind === "postgres" ? shared.location.url : "";
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const applied = await client.query<{ hash: string; copies: string }>(
        "select hash, count(*) as copies from drizzle.__drizzle_migrations group by hash having count(*) > 1",
      );
      await client.end();
      expect(applied.rows).toEqual([]);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
  });
});

describe("the migrate step (src/migrate.ts, dist/migrate.js once built)", () => {
  let shared: SharedTestDatabase;
  beforeAll(async () => {
    shared = await createSharedTestDatabase();
  });
  afterAll(() => shared.drop());

  it("migrates the database and exits 0", { timeout: 120_000 }, async () => {
    const url = shared.location.kind === "postgres" ? shared.location.url : "";
    const child = spawn(process.execPath, ["--import", "tsx", "src/migrate.ts"], {
      cwd: apiRoot,
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));

    expect(code).toBe(0);
    expect(output).toContain("The PostgreSQL database is migrated.\n");
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", MIGRATE_ON_START: "false" });
    const replica = await prepareDatabase(config, shared.location, { setUp: false });
    try {
      expect(await areMigrationsApplied(replica.db)).toBe(true);
    } finally {
      await replica.close();
    }
  });
});
