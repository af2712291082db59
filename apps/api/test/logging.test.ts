import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testClient, type TestApp } from "./support/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: "trace" });
});
afterAll(() => testApp.close());

describe("logs", () => {
  it("never hold the client secret, a token or an authorization header", async () => {
    const token = await testApp.requestApplicationToken();
    await testApp.app.inject({
      method: "GET",
      url: "/api/plan-options",
      headers: { authorization: `Bearer ${token}` },
    });

    const written = testApp.logs.join("\n");
    expect(testApp.logs.length).toBeGreaterThan(2);
    expect(written).toContain("/api/plan-options");
    expect(written).toContain("[redacted]");
    expect(written).not.toContain(testClient.secret);
    expect(written).not.toContain(token);
  });

  it("are one JSON object per line", () => {
    for (const line of testApp.logs) {
      expect(() => JSON.parse(line)).not.toThrow();
    }
  });
});
