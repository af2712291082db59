import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinnedNodeVersion } from "../../../test-setup/pinned-node";
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

describe("without a database", () => {
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
    expect(response.json()).toEqual({ status: "unavailable" });
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
