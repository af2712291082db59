import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

describe("answers on the API", () => {
  let testApp: TestApp;
  let token: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    token = await testApp.requestApplicationToken();
  });
  afterAll(() => testApp.close());

  it("are never stored by a browser or proxy, and can be neither run nor framed", async () => {
    const created = await testApp.app.inject({
      method: "POST",
      url: "/api/guest/plan",
      headers: { authorization: `Bearer ${token}` },
      payload: { readings: { notes: "Do not stand at my grave and weep" } },
    });
    const listed = await testApp.app.inject({
      method: "GET",
      url: "/api/plan",
      headers: { authorization: `Bearer ${token}` },
    });

    for (const response of [created, listed]) {
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("publish the API's documentation in development", async () => {
    expect((await testApp.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBeLessThan(400);
  });
});

describe("answers on an API served over HTTPS, as in production", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ SITE_URL: "https://plans.kindred.example", PUBLISH_API_DOCS: "false" });
  });
  afterAll(() => testApp.close());

  it("tell browsers to use HTTPS only, and do not publish the documentation", async () => {
    const health = await testApp.app.inject({ method: "GET", url: "/healthz" });
    const docs = await testApp.app.inject({ method: "GET", url: "/api/docs" });

    expect(health.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(docs.statusCode).toBe(404);
  });
});
