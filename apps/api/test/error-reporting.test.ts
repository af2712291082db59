import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import * as Sentry from "@sentry/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { startErrorReporting } from "../src/error-reporting";
import { createTestApp, type TestApp } from "./support/test-app";

/** A local stand-in for Sentry's ingest: keeps every envelope posted to /api/<project>/envelope/. */
async function startFakeSentry() {
  const envelopes: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      envelopes.push(
        (request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"),
      );
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    /**
     * The items of every envelope received, each as [type, payload]. This server runs in the
     * test's own process, so Sentry traces the requests it receives too: those are left out.
     */
    items(): [string, string][] {
      return envelopes.flatMap((envelope) => {
        const lines = envelope.split("\n").slice(1);
        const items: [string, string][] = [];
        for (let index = 0; index + 1 < lines.length; index += 2) {
          items.push([(JSON.parse(lines[index]!) as { type: string }).type, lines[index + 1]!]);
        }
        return items.filter(([type, payload]) => !(type === "transaction" && payload.includes("/envelope/")));
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Routes that exist only in this file: one that breaks, with what a real request carries. */
function addBrokenRoute(testApp: TestApp) {
  testApp.app.post("/example/broken", async () => {
    throw new Error("The plan could not be saved");
  });
}

const secrets = {
  password: "correct-horse-battery-staple",
  token: "k3JqZ8w_4Nf0Lh2Rr9sVt1Xy6Bc5Dm7Ee8Gg0Hh1Ii2",
  sortCode: "20-00-00",
  accountNumber: "55779911",
  healthNote: "Has early dementia and finds phone calls hard",
};

describe("the error reporting settings", () => {
  it("are off by default, and name the release from SENTRY_RELEASE, else the commit, else the version", () => {
    expect(loadConfig({}).SENTRY_DSN).toBeUndefined();
    expect(loadConfig({}).SENTRY_RELEASE).toBe("kindred@0.0.0");
    expect(loadConfig({ GIT_COMMIT_SHA: "3f2a9c1e7b6d" }).SENTRY_RELEASE).toBe("kindred@3f2a9c1e7b6d");
    expect(
      loadConfig({ SENTRY_RELEASE: "kindred@2026.11.23", GIT_COMMIT_SHA: "3f2a9c1e" }).SENTRY_RELEASE,
    ).toBe("kindred@2026.11.23");
  });

  it("refuse a DSN that is not one", () => {
    expect(() => loadConfig({ SENTRY_DSN: "https://sentry.example/12" })).toThrow(ConfigError);
    expect(() => loadConfig({ SENTRY_DSN: "https://key@sentry.example/project" })).toThrow(/SENTRY_DSN/);
    expect(loadConfig({ SENTRY_DSN: "https://key@o1.ingest.sentry.example/12" }).SENTRY_DSN).toBe(
      "https://key@o1.ingest.sentry.example/12",
    );
  });
});

describe("without SENTRY_DSN", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    addBrokenRoute(testApp);
  });
  afterAll(() => testApp.close());

  it("sets nothing up, and a server error is answered as before", async () => {
    expect(startErrorReporting(testApp.config)).toBe(false);
    expect(Sentry.isInitialized()).toBe(false);

    const response = await testApp.app.inject({ method: "POST", url: "/example/broken", payload: {} });

    expect(response.statusCode).toBe(500);
    expect(Sentry.isInitialized()).toBe(false);
  });
});

describe("with SENTRY_DSN", () => {
  let testApp: TestApp;
  let fakeSentry: Awaited<ReturnType<typeof startFakeSentry>>;
  let baseUrl: string;
  beforeAll(async () => {
    fakeSentry = await startFakeSentry();
    testApp = await createTestApp({ SENTRY_DSN: fakeSentry.dsn, SENTRY_RELEASE: "kindred@test" });
    addBrokenRoute(testApp);
    expect(startErrorReporting(testApp.config)).toBe(true);
    await testApp.app.listen({ host: "127.0.0.1", port: 0 });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await testApp.close();
    await Sentry.close(2000);
    await fakeSentry.close();
  });

  it("reports a 5xx, without the request's body, credentials, query string, bank details or health answers", async () => {
    // As a browser's request would come: no trace of the test's own (suppressTracing).
    const response = await Sentry.suppressTracing(() =>
      fetch(`${baseUrl}/example/broken?token=${secrets.token}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${secrets.token}`,
          cookie: `session=${secrets.token}`,
        },
        body: JSON.stringify({
          password: secrets.password,
          bankDetails: { sortCode: secrets.sortCode, accountNumber: secrets.accountNumber },
          vulnerabilities: { dementiaOrAlzheimers: true, notes: secrets.healthNote },
        }),
      }),
    );
    expect(response.status).toBe(500);
    await Sentry.flush(2000);

    const items = fakeSentry.items();
    const events = items.filter(([type]) => type === "event");
    expect(events).toHaveLength(1);
    const [, payload] = events[0]!;
    // The request's transaction is sent as well; it carries none of the secrets either.
    expect(items.filter(([type]) => type === "transaction").length).toBeGreaterThan(0);
    const everything = items.map(([, itemPayload]) => itemPayload).join("\n");
    const event = JSON.parse(payload) as {
      release: string;
      exception: { values: { type: string; value: string }[] };
      tags: Record<string, string>;
    };
    expect(event.release).toBe("kindred@test");
    expect(event.exception.values[0]).toMatchObject({ type: "Error", value: "The plan could not be saved" });
    expect(event.tags.status_code).toBe("500");
    for (const [name, secret] of Object.entries(secrets)) {
      expect(everything, `${name} is not in the report`).not.toContain(secret);
    }
    expect(everything).not.toContain("dementiaOrAlzheimers");
  });

  it("reports no 4xx, and sends no transaction for a page that is not there", async () => {
    const before = fakeSentry.items().length;

    const notFound = await fetch(`${baseUrl}/no/such/place`);
    const invalid = await fetch(`${baseUrl}/token`, { method: "POST", body: "grant_type=nonsense" });
    expect(notFound.status).toBe(404);
    expect(invalid.status).toBeGreaterThanOrEqual(400);
    expect(invalid.status).toBeLessThan(500);
    await Sentry.flush(2000);

    const received = fakeSentry.items().slice(before);
    expect(received.filter(([type]) => type === "event")).toEqual([]);
    const transactionNames = received
      .filter(([type]) => type === "transaction")
      .map(([, payload]) => (JSON.parse(payload) as { transaction: string }).transaction);
    expect(transactionNames).not.toContain("GET /no/such/place");
    // The refused token request is a transaction like any other (it is not a missing page).
    expect(transactionNames).toContain("POST /token");
  });
});
