// @vitest-environment node
import { describe, expect, it, vi } from "vitest";

// Sentry's Http integration as @sentry/nextjs makes it: it records the options it was given.
vi.mock("@sentry/nextjs", () => ({
  httpIntegration: (options: unknown) => ({ name: "Http", options }),
}));

const { serverErrorReportingOptions } = await import("./error-reporting.server");

describe("error reporting in the web server", () => {
  const options = serverErrorReportingOptions({
    WEB_SENTRY_DSN: "https://publickey@o1.ingest.sentry.example/12",
    SENTRY_RELEASE: "kindred@3f2a9c1e",
    SENTRY_ENVIRONMENT: "staging",
  });

  it("names the release and the deployment, and collects no personal data", () => {
    expect(options).toMatchObject({
      dsn: "https://publickey@o1.ingest.sentry.example/12",
      release: "kindred@3f2a9c1e",
      environment: "staging",
      dataCollection: { userInfo: false, cookies: false, httpBodies: [], urlQueryParams: false },
    });
  });

  it("sends errors only: no trace and no release-health session for a page view", () => {
    expect(options).not.toHaveProperty("tracesSampleRate");
    expect(options.sendClientReports).toBe(false);
    const defaults = [{ name: "Http" }, { name: "OnUncaughtException" }, { name: "NextjsUseCache" }];
    expect(options.integrations(defaults)).toEqual([
      { name: "Http", options: { disableIncomingRequestSpans: true, sessions: false } },
      { name: "OnUncaughtException" },
      { name: "NextjsUseCache" },
    ]);
  });
});
