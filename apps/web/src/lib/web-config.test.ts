// @vitest-environment node
import { describe, expect, it } from "vitest";
import { loadWebConfig, WebConfigError } from "./web-config";

function problemsOf(environment: Record<string, string>): string[] {
  try {
    loadWebConfig(environment);
  } catch (error) {
    if (error instanceof WebConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("the web settings", () => {
  it("start offline on their development defaults", () => {
    expect(loadWebConfig({})).toEqual({
      PORT: 3000,
      API_PORT: 4000,
      API_URL: "http://127.0.0.1:4000",
      SITE_URL: "http://localhost:3000",
      OAUTH_WEB_CLIENT_ID: "kindred-web",
      OAUTH_WEB_CLIENT_SECRET: "development-web-client-secret-change-me",
      WEB_TRUST_PROXY: [],
      STRICT_TRANSPORT_SECURITY: false,
    });
  });

  it("take the API's address from its port, drop trailing slashes and read the trusted proxies", () => {
    const config = loadWebConfig({
      PORT: "3720",
      API_PORT: "4720",
      SITE_URL: "https://plans.example/",
      WEB_TRUST_PROXY: " loopback, 10.0.0.0/8 ",
      OAUTH_WEB_CLIENT_SECRET: "   ",
    });
    expect(config.PORT).toBe(3720);
    expect(config.API_URL).toBe("http://127.0.0.1:4720");
    expect(config.SITE_URL).toBe("https://plans.example");
    expect(config.STRICT_TRANSPORT_SECURITY).toBe(true);
    expect(config.WEB_TRUST_PROXY).toEqual(["loopback", "10.0.0.0/8"]);
    expect(config.OAUTH_WEB_CLIENT_SECRET).toBe("development-web-client-secret-change-me");
    expect(loadWebConfig({ API_URL: "http://api.internal:4000/" }).API_URL).toBe("http://api.internal:4000");
  });

  it("name every bad setting at once, never printing the secret", () => {
    const problems = problemsOf({
      PORT: "70000",
      API_URL: "ftp://api.internal",
      WEB_TRUST_PROXY: "not-an-address",
      OAUTH_WEB_CLIENT_SECRET: "short-secret",
    });
    expect(problems.map((problem) => problem.split(":")[0])).toEqual([
      "PORT",
      "API_URL",
      "OAUTH_WEB_CLIENT_SECRET",
      "WEB_TRUST_PROXY",
    ]);
    expect(problems.join("\n")).not.toContain("short-secret");
  });
});
