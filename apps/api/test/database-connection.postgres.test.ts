// Runs when the suite runs on a PostgreSQL server (DATABASE_URL set, as in CI's PostgreSQL stage):
// PGlite lives inside the process and has no connections to lose.
// @module-tag engine
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiApplicationName } from "../src/db/database";
import { jobQueueApplicationName } from "../src/db/job-queue";
import { createCustomer } from "./support/customers";
import { startTcpProxy } from "./support/tcp-proxy";
import { createTestApp, type TestApp } from "./support/test-app";

const serverUrl = process.env.DATABASE_URL ?? "";

async function signedRequests(testApp: TestApp) {
  const token = await testApp.requestApplicationToken();
  return testApp.app.inject({
    method: "GET",
    url: "/api/plan",
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Ends, as an administrator would, every connection of `applicationName` to the app's database. */
async function terminateBackends(testApp: TestApp, applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const backends = await admin.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and application_name = $2",
    [testApp.databaseName, applicationName],
  );
  for (const { pid } of backends.rows) await admin.query("select pg_terminate_backend($1)", [pid]);
  await admin.end();
  return backends.rowCount ?? 0;
}

function connectionLostLines(testApp: TestApp): number {
  return testApp.logs.filter((line) => line.includes("database connection lost")).length;
}

describe("when PostgreSQL ends the API's connections", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("logs each lost connection, stays up and serves the next requests", async () => {
    // Several requests at once, so the pool holds several idle connections.
    const first = await Promise.all(Array.from({ length: 4 }, () => signedRequests(testApp)));
    expect(first.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);

    const terminated = await terminateBackends(testApp, apiApplicationName);
    expect(terminated).toBeGreaterThan(0);

    await expect.poll(() => connectionLostLines(testApp)).toBe(terminated);
    const after = await signedRequests(testApp);
    expect(after.statusCode).toBe(200);
  });

  it("keeps query parameters and texts out of the lost-connection log lines", () => {
    const lines = testApp.logs.filter((line) => line.includes("database connection lost"));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(JSON.parse(line)).toMatchObject({ level: 40, database: expect.stringContaining("57P01") });
      expect(line).not.toMatch(/select|insert|update|params/i);
    }
  });
});

describe("when PostgreSQL ends the email queue's connections", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const queueLostLines = () =>
    testApp.logs.filter((line) => line.includes("job queue lost its database connection"));

  it("logs it without query details, connects again, and emails still go out", async () => {
    const terminated = await terminateBackends(testApp, jobQueueApplicationName);
    expect(terminated).toBeGreaterThan(0);

    await expect.poll(() => queueLostLines().length).toBeGreaterThan(0);
    const customer = await createCustomer(testApp);
    const sent = await testApp.readOutbox();

    expect(sent.map((message) => message.to)).toEqual([customer.details.email]);
    for (const line of queueLostLines()) {
      expect(JSON.parse(line)).toMatchObject({ level: 40, database: expect.stringContaining("57P01") });
      expect(line).not.toMatch(/select|insert|update|params|pgboss\./i);
    }
  });
});

describe("when the database server cannot be reached", () => {
  let testApp: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  beforeAll(async () => {
    const server = new URL(serverUrl);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    testApp = await createTestApp(
      {},
      {
        reachDatabaseBy(url) {
          url.hostname = "127.0.0.1";
          url.port = String(proxy.port);
          return url;
        },
      },
    );
  });
  afterAll(async () => {
    await proxy.restore().catch(() => undefined);
    await testApp.close();
    await proxy.close();
  });

  it("answers 503 while it is gone, and serves again once it is back", async () => {
    expect((await signedRequests(testApp)).statusCode).toBe(200);
    const token = await testApp.requestApplicationToken();

    await proxy.cut();
    const whileGone = await testApp.app.inject({
      method: "GET",
      url: "/api/plan",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(whileGone.statusCode).toBe(503);
    expect(whileGone.json()).toEqual({
      violations: [{ propertyPath: "Global", title: "Fatal error please refresh or contact site admin" }],
    });
    expect((await testApp.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);

    await proxy.restore();
    expect((await testApp.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    expect((await signedRequests(testApp)).statusCode).toBe(200);
  });
});
