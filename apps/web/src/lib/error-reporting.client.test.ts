import * as Sentry from "@sentry/nextjs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { notFoundPageAttribute } from "@kindred/domain";
import { fakeFetch } from "../test/fake-fetch";
import type { ErrorReportingSettings } from "./browser-settings";
import { forgetMeasurement, loadErrorReporting, replaySessionKey } from "./error-reporting";
import {
  browserErrorReportingOptions,
  startErrorReporting,
  startMeasurement,
} from "./error-reporting.client";

// Sentry's browser SDK as far as our code uses it (Vitest would load the server's build, and the
// browser's cannot run outside a bundler): it records what it is asked to do.
const sdk = vi.hoisted(() => ({
  initialised: null as Record<string, unknown> | null,
  integrations: [] as { name: string; options: unknown }[],
  replayStopped: 0,
}));
vi.mock("@sentry/nextjs", () => ({
  init: (options: Record<string, unknown>) => {
    sdk.initialised = options;
  },
  isInitialized: () => sdk.initialised !== null,
  getClient: () => (sdk.initialised ? {} : undefined),
  addIntegration: (integration: { name: string; options: unknown }) => sdk.integrations.push(integration),
  getReplay: () =>
    sdk.integrations.some((integration) => integration.name === "Replay")
      ? {
          stop: () => {
            sdk.replayStopped += 1;
            return Promise.resolve();
          },
        }
      : undefined,
  replayIntegration: (options: unknown) => ({ name: "Replay", options }),
  browserTracingIntegration: () => ({ name: "BrowserTracing", options: undefined }),
  browserSessionIntegration: () => ({ name: "BrowserSession", options: undefined }),
  getActiveSpan: () => undefined,
  getRootSpan: () => undefined,
}));

const settings: ErrorReportingSettings = {
  dsn: "https://publickey@o1.ingest.sentry.example/12",
  release: "kindred@3f2a9c1e",
  environment: "staging",
};

afterAll(() => vi.unstubAllGlobals());

describe("error reporting in the browser", () => {
  it("without a DSN, sets nothing up and sends nothing", () => {
    const requests = fakeFetch(() => new Response(null, { status: 200 }));

    expect(startErrorReporting(null)).toBe(false);

    expect(Sentry.isInitialized()).toBe(false);
    expect(Sentry.getClient()).toBeUndefined();
    expect(requests).toEqual([]);
  });

  it("samples as SPEC.md says, names the release and sends to our own server", () => {
    expect(browserErrorReportingOptions(settings)).toMatchObject({
      dsn: settings.dsn,
      release: "kindred@3f2a9c1e",
      environment: "staging",
      tunnel: "/monitoring",
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      dataCollection: { userInfo: false, cookies: false, httpBodies: [], urlQueryParams: false },
    });
  });

  it("before measurement is allowed, sends only errors: no page-load traces, sessions or counts of dropped reports", () => {
    const { integrations, sendClientReports } = browserErrorReportingOptions(settings);
    // Sentry 11.5's browser defaults (@sentry/browser's getDefaultIntegrations), and @sentry/nextjs's.
    const errorsOnly = [
      "EventFilters",
      "FunctionToString",
      "ConversationId",
      "BrowserApiErrors",
      "Breadcrumbs",
      "Console",
      "GlobalHandlers",
      "LinkedErrors",
      "Dedupe",
      "HttpContext",
      "CultureContext",
    ];
    const defaults = [
      ...errorsOnly,
      "BrowserSession",
      "BrowserTracing",
      "NextjsClientStackFrameNormalization",
    ];

    expect(integrations(defaults.map((name) => ({ name }))).map((integration) => integration.name)).toEqual([
      ...errorsOnly,
      "NextjsClientStackFrameNormalization",
    ]);
    expect(sendClientReports).toBe(false);
  });

  it("drops not-found errors and the not-found page's transactions, and scrubs the rest", () => {
    const { beforeSend, beforeSendTransaction } = browserErrorReportingOptions(settings);
    const notFound = Object.assign(new Error("NEXT_HTTP_ERROR_FALLBACK;404"), {
      digest: "NEXT_HTTP_ERROR_FALLBACK;404",
    });

    expect(beforeSend({ message: "not found" }, { originalException: notFound })).toBeNull();
    expect(
      beforeSendTransaction({
        transaction: "/no-such-page",
        contexts: { trace: { data: { [notFoundPageAttribute]: "not-found" } } },
      }),
    ).toBeNull();
    expect(
      beforeSend(
        {
          message: "Saving failed",
          request: { url: "/reset-password?token=secret-token", data: { password: "x" } },
        },
        { originalException: new Error("Saving failed") },
      ),
    ).toEqual({ message: "Saving failed", request: { url: "/reset-password" } });
  });

  it("with a DSN, starts once with those options, and traces, counts and records sessions only once allowed", () => {
    expect(startErrorReporting(settings)).toBe(true);
    expect(Sentry.isInitialized()).toBe(true);
    expect(sdk.initialised).toMatchObject({
      dsn: settings.dsn,
      tunnel: "/monitoring",
      replaysSessionSampleRate: 0.1,
    });
    expect(Sentry.getReplay()).toBeUndefined();

    expect(sdk.integrations).toEqual([]);

    startMeasurement();
    startMeasurement();

    expect(sdk.integrations).toEqual([
      { name: "BrowserTracing", options: undefined },
      { name: "BrowserSession", options: undefined },
      { name: "Replay", options: { maskAllText: true, blockAllMedia: true } },
    ]);
  });

  it("when measurement is taken back, stops the replay and clears its session key from session storage", async () => {
    // Through the light door, as the page does; the replay was started by the test above.
    loadErrorReporting(settings);
    await vi.dynamicImportSettled();
    window.sessionStorage.setItem(replaySessionKey, JSON.stringify({ id: "a1b2c3", sampled: "session" }));
    window.sessionStorage.setItem("journeyData", "{}");

    forgetMeasurement();

    expect(sdk.replayStopped).toBe(1);
    expect(window.sessionStorage.getItem(replaySessionKey)).toBeNull();
    expect(window.sessionStorage.getItem("journeyData")).toBe("{}");
  });
});
