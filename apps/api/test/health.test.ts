import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinnedNodeVersion } from "../../../test-setup/pinned-node";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { DatabaseHandle } from "../src/db/database";
import { createLifecycle } from "../src/lifecycle";
import { prepareDatabase } from "../src/startup";
import { createTestApp, type TestApp } from "./support/test-app";

describe("health checks", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("answers /healthz without a token, naming the pinned Node.js it runs on", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/healthz" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", node: `v${pinnedNodeVersion}` });
  });

  it("answers /readyz when the database answers", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/readyz" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });
});

// The database closed under the app: on PostgreSQL its pool's connections are lost, as in an outage.
describe("without a database", { tags: ["engine"] }, () => {
  let testApp: TestApp;
  let token: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    token = await testApp.requestApplicationToken();
    await testApp.closeDatabase();
  });
  afterAll(() => testApp.close());

  it("answers /readyz with 503 once the database has gone", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/readyz" });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "unavailable", reason: "database" });
  });

  it("still answers /healthz: liveness never asks the database, so an outage restarts nothing", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/healthz" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok" });
  });

  it("answers a request that needs the database with 503 and a request to try again", async () => {
    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/plan",
      headers: { authorization: `Bearer ${token}` },
    });

    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toEqual({
      violations: [{ propertyPath: "Global", title: "Fatal error please refresh or contact site admin" }],
    });
  });

  it("answers a token request with OAuth2's temporarily_unavailable", async () => {
    const response = await testApp.applicationTokenRequest();

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: "temporarily_unavailable" });
  });
});

describe("while the process drains after SIGTERM", () => {
  let testApp: TestApp;
  const lifecycle = createLifecycle();
  beforeAll(async () => {
    testApp = await createTestApp({}, { lifecycle });
  });
  afterAll(() => testApp.close());

  it("answers /readyz with 503 so the load balancer sends no more, and /healthz still with 200", async () => {
    lifecycle.startDraining();

    const readiness = await testApp.app.inject({ method: "GET", url: "/readyz" });
    const liveness = await testApp.app.inject({ method: "GET", url: "/healthz" });

    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ status: "unavailable", reason: "draining" });
    expect(liveness.statusCode).toBe(200);
  });
});

describe("on a database the migrate step has not reached (MIGRATE_ON_START=false)", () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", MIGRATE_ON_START: "false" });
    database = await prepareDatabase(config, { kind: "pglite-memory" }, { setUp: config.MIGRATE_ON_START });
    app = await buildApp({ config, database });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("answers /readyz with 503 until the migrations are applied, then 200", async () => {
    const before = await app.inject({ method: "GET", url: "/readyz" });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: "unavailable", reason: "migrations" });

    await database.exclusively(() => database.migrate());

    const after = await app.inject({ method: "GET", url: "/readyz" });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: "ok" });
  });
});
