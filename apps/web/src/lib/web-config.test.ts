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
      SHUTDOWN_DELAY_SECONDS: 0,
      STRICT_TRANSPORT_SECURITY: false,
      COOKIE_POLICY_VERSION: "1",
      SENTRY_RELEASE: "kindred@0.0.0",
      // No third party and no error reporting: nothing for a browser to load or ask about.
      BROWSER_SETTINGS: { cookiePolicyVersion: "1", errorReporting: null, thirdParties: {} },
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

  it("give browsers each configured third party and error reporting, and nothing secret", () => {
    const config = loadWebConfig({
      COOKIE_POLICY_VERSION: "2026-11",
      VISITOR_TRACKING_SCRIPT_URL: "https://tracking.example.test/script.js",
      VISITOR_TRACKING_ID: "site-42",
      HELP_CHAT_SCRIPT_URL: "https://chat.example.test/widget.js",
      REVIEWS_SCRIPT_URL: "https://reviews.example.test/widget.js",
      WEB_SENTRY_DSN: "https://publickey@o1.ingest.sentry.example/12",
      SENTRY_ENVIRONMENT: "staging",
      GIT_COMMIT_SHA: "3f2a9c1e7b6d",
      OAUTH_WEB_CLIENT_SECRET: "a-very-secret-web-client-secret",
    });

    expect(config.BROWSER_SETTINGS).toEqual({
      cookiePolicyVersion: "2026-11",
      errorReporting: {
        dsn: "https://publickey@o1.ingest.sentry.example/12",
        release: "kindred@3f2a9c1e7b6d",
        environment: "staging",
      },
      thirdParties: {
        visitorTracking: { scriptUrl: "https://tracking.example.test/script.js", id: "site-42" },
        helpChat: { scriptUrl: "https://chat.example.test/widget.js" },
        reviews: { scriptUrl: "https://reviews.example.test/widget.js" },
      },
    });
    expect(JSON.stringify(config.BROWSER_SETTINGS)).not.toContain("a-very-secret-web-client-secret");
    expect(
      loadWebConfig({ SENTRY_RELEASE: "kindred@2026.11.23", GIT_COMMIT_SHA: "3f2a9c1e" }).SENTRY_RELEASE,
    ).toBe("kindred@2026.11.23");
  });

  it("refuse a third party's script over plain HTTP, an id without its script and a malformed DSN", () => {
    const problems = problemsOf({
      HELP_CHAT_SCRIPT_URL: "http://chat.example.test/widget.js",
      FEEDBACK_ID: "board-7",
      WEB_SENTRY_DSN: "https://sentry.example/not-a-project",
      COOKIE_POLICY_VERSION: "version one",
    });
    expect(problems.map((problem) => problem.split(":")[0]).sort()).toEqual([
      "COOKIE_POLICY_VERSION",
      "FEEDBACK_ID",
      "HELP_CHAT_SCRIPT_URL",
      "WEB_SENTRY_DSN",
    ]);
  });
});
