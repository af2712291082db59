import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { createTestApp, type TestApp } from "./support/test-app";

const tooManyRequests =
  "We have had a great many requests from your connection. Please wait a few minutes and try again, or call us.";

function tokenRequest(testApp: TestApp, remoteAddress: string) {
  return testApp.applicationTokenRequest(remoteAddress);
}

describe("new visitors' tokens from one address", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ GUEST_TOKENS_PER_ADDRESS_PER_HOUR: 3 });
  });
  afterAll(() => testApp.close());

  it("are limited per hour, making no more guests, while other addresses are served", async () => {
    const allowed = [];
    for (let n = 0; n < 3; n += 1) allowed.push((await tokenRequest(testApp, "198.51.100.7")).statusCode);
    const guestsBefore = (await testApp.db.select().from(users)).length;

    const refused = await tokenRequest(testApp, "198.51.100.7");
    const elsewhere = await tokenRequest(testApp, "198.51.100.8");

    expect(allowed).toEqual([200, 200, 200]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: "too_many_requests", error_description: tooManyRequests });
    expect(elsewhere.statusCode).toBe(200);
    expect((await testApp.db.select().from(users)).length).toBe(guestsBefore + 1);
  });
});

describe("every request from one address", () => {
  let testApp: TestApp;
  let token: string;
  beforeAll(async () => {
    testApp = await createTestApp({ REQUESTS_PER_ADDRESS_PER_MINUTE: 4 });
    token = (await tokenRequest(testApp, "203.0.113.50")).json<{ access_token: string }>().access_token;
  });
  afterAll(() => testApp.close());

  const planOptions = (remoteAddress: string) =>
    testApp.app.inject({
      method: "GET",
      url: "/api/plan-options",
      remoteAddress,
      headers: { authorization: `Bearer ${token}` },
    });

  it("is limited per minute with a violation saying what to do, and health checks are not", async () => {
    const statuses = [];
    for (let n = 0; n < 4; n += 1) statuses.push((await planOptions("203.0.113.9")).statusCode);
    const refused = await planOptions("203.0.113.9");
    const health = await testApp.app.inject({ method: "GET", url: "/healthz", remoteAddress: "203.0.113.9" });
    const elsewhere = await planOptions("203.0.113.10");

    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json()).toEqual({ violations: [{ propertyPath: "Request", title: tooManyRequests }] });
    expect(health.statusCode).toBe(200);
    expect(elsewhere.statusCode).toBe(200);
  });

  it("counts requests with a made-up token or none, before their token is looked up", async () => {
    const withToken = (authorization?: string) =>
      testApp.app.inject({
        method: "GET",
        url: "/api/plan",
        remoteAddress: "203.0.113.12",
        headers: authorization ? { authorization } : {},
      });
    const statuses = [];
    for (let n = 0; n < 2; n += 1) statuses.push((await withToken(`Bearer made-up-${n}`)).statusCode);
    for (let n = 0; n < 2; n += 1) statuses.push((await withToken()).statusCode);
    const refused = await withToken("Bearer made-up-again");

    expect(statuses).toEqual([401, 401, 401, 401]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ violations: [{ propertyPath: "Request", title: tooManyRequests }] });
  });

  it("answers token requests over the limit in OAuth2's shape", async () => {
    const statuses = [];
    for (let n = 0; n < 5; n += 1) statuses.push((await tokenRequest(testApp, "203.0.113.11")).statusCode);
    const refused = await tokenRequest(testApp, "203.0.113.11");

    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: "too_many_requests", error_description: tooManyRequests });
  });
});
