// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A stand-in for the API on a local port: records each request and answers as told. */
let fakeApi: Server;
let seen: SeenRequest[] = [];
let answer: { status: number; contentType: string; body: string } = {
  status: 200,
  contentType: "application/json",
  body: "{}",
};
let warn: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  fakeApi = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      response.writeHead(answer.status, {
        "content-type": answer.contentType,
        "set-cookie": "api=1",
        etag: '"7"',
      });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => fakeApi.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => fakeApi.close(() => resolve()));
});

async function loadForwarding(apiUrl: string) {
  vi.resetModules();
  vi.stubEnv("API_URL", apiUrl);
  vi.stubEnv("OAUTH_WEB_CLIENT_ID", "web-client");
  vi.stubEnv("OAUTH_WEB_CLIENT_SECRET", "a-server-side-secret-value");
  return import("./api-forwarding.server");
}

function fakeApiUrl(): string {
  return `http://127.0.0.1:${(fakeApi.address() as AddressInfo).port}`;
}

beforeEach(() => {
  seen = [];
  answer = { status: 200, contentType: "application/json", body: "{}" };
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllEnvs();
  warn.mockRestore();
});

describe("forwardTokenRequest", () => {
  it("replaces any client credentials the browser sent with the server's own", async () => {
    answer = {
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ access_token: "abc", token_type: "Bearer", expires_in: 3600 }),
    };
    const { forwardTokenRequest } = await loadForwarding(fakeApiUrl());

    const response = await forwardTokenRequest(
      new Request("http://localhost:3000/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials&scope=APPLICATION&client_id=browser&client_secret=guess",
      }),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ access_token: "abc", token_type: "Bearer", expires_in: 3600 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe("/token");
    expect(seen[0]?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(seen[0]?.body);
    expect(form.getAll("client_id")).toEqual(["web-client"]);
    expect(form.getAll("client_secret")).toEqual(["a-server-side-secret-value"]);
    expect(form.get("grant_type")).toBe("client_credentials");
    expect(form.get("scope")).toBe("APPLICATION");
  });

  it("tells the API the visitor's address, for its per-address sign-in limit", async () => {
    answer = {
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ error: "invalid_grant" }),
    };
    const { forwardTokenRequest } = await loadForwarding(fakeApiUrl());

    await forwardTokenRequest(
      new Request("http://localhost:3000/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "203.0.113.9" },
        body: "grant_type=password&scope=CUSTOMER&username=a%40example.com&password=x",
      }),
    );

    expect(seen[0]?.headers["x-forwarded-for"]).toBe("203.0.113.9");
  });

  it("passes the API's refusal on with its status", async () => {
    answer = {
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ error: "invalid_grant" }),
    };
    const { forwardTokenRequest } = await loadForwarding(fakeApiUrl());

    const response = await forwardTokenRequest(
      new Request("http://localhost:3000/token", {
        method: "POST",
        body: new URLSearchParams({ grant_type: "password" }),
      }),
    );

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_grant" });
  });
});

describe("forwardApiRequest", () => {
  it("forwards method, path, query, body and the needed headers, and returns status, body and type", async () => {
    answer = { status: 201, contentType: "application/json; charset=utf-8", body: JSON.stringify({ id: 7 }) };
    const { forwardApiRequest } = await loadForwarding(fakeApiUrl());

    const response = await forwardApiRequest(
      new Request("http://localhost:3000/api/plan/7?encode=base64", {
        method: "PATCH",
        headers: {
          authorization: "Bearer token-1",
          "content-type": "application/json",
          accept: "application/json",
          cookie: "session=private",
        },
        body: JSON.stringify({ notes: "Abide with me" }),
      }),
    );

    expect(seen[0]).toMatchObject({
      method: "PATCH",
      url: "/api/plan/7?encode=base64",
      body: JSON.stringify({ notes: "Abide with me" }),
    });
    expect(seen[0]?.headers).toMatchObject({
      authorization: "Bearer token-1",
      "content-type": "application/json",
      accept: "application/json",
    });
    expect(seen[0]?.headers.cookie).toBeUndefined();
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.json()).toEqual({ id: 7 });
  });

  it("passes a payment's Idempotency-Key on, so a retried payment is taken once", async () => {
    const { forwardApiRequest } = await loadForwarding(fakeApiUrl());

    await forwardApiRequest(
      new Request("http://localhost:3000/api/payments/create", {
        method: "POST",
        headers: {
          authorization: "Bearer token-1",
          "content-type": "application/json",
          "idempotency-key": "2d1f3c84-7d4e-4a57-9a8e-5c1b0f6e7a21",
        },
        body: JSON.stringify({ planId: "p", paymentOption: "full" }),
      }),
    );

    expect(seen[0]?.headers["idempotency-key"]).toBe("2d1f3c84-7d4e-4a57-9a8e-5c1b0f6e7a21");
  });

  it("passes a plan's version both ways (ETag and If-Match), so a stale save is refused, not lost", async () => {
    const { forwardApiRequest } = await loadForwarding(fakeApiUrl());

    const read = await forwardApiRequest(
      new Request("http://localhost:3000/api/plan/p", { headers: { authorization: "Bearer token-1" } }),
    );
    await forwardApiRequest(
      new Request("http://localhost:3000/api/plan/p", {
        method: "PATCH",
        headers: { authorization: "Bearer token-1", "content-type": "application/json", "if-match": '"6"' },
        body: "{}",
      }),
    );

    expect(read.headers.get("etag")).toBe('"7"');
    expect(seen[1]?.headers["if-match"]).toBe('"6"');
  });

  it("asks with the catalogue version the browser has, and passes on the API's 304 with no body", async () => {
    const { forwardApiRequest } = await loadForwarding(fakeApiUrl());
    answer = { status: 304, contentType: "application/json", body: "" };

    const response = await forwardApiRequest(
      new Request("http://localhost:3000/api/plan-options", {
        headers: { authorization: "Bearer token-1", "if-none-match": '"7"' },
      }),
    );

    expect(seen[0]?.headers["if-none-match"]).toBe('"7"');
    expect(response.status).toBe(304);
    expect(await response.text()).toBe("");
  });

  it("answers 502 with SPEC.md's message when the API cannot be reached", async () => {
    // Nothing listens on port 9 of this machine.
    const { forwardApiRequest } = await loadForwarding("http://127.0.0.1:9");

    const response = await forwardApiRequest(new Request("http://localhost:3000/api/plan-options"));

    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      violations: [
        { propertyPath: "Request", title: "Application could not send request, please contact site admin" },
      ],
    });
    expect(warn).toHaveBeenCalled();
  });
});

describe("a load balancer between the web server and the API", () => {
  it("answers its gateway error page (an API process died) with SPEC.md's message, not the page", async () => {
    answer = {
      status: 502,
      contentType: "text/html",
      body: "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>",
    };
    const { forwardApiRequest } = await loadForwarding(fakeApiUrl());

    const response = await forwardApiRequest(
      new Request("http://localhost:3000/api/plan/0b1e6a3c-7f2d-4c59-9a0e-3f1c2d4b5a6e", {
        method: "PATCH",
        body: "{}",
        headers: { "content-type": "application/json" },
      }),
    );

    expect(response.status).toBe(502);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({
      violations: [
        { propertyPath: "Request", title: "Application could not send request, please contact site admin" },
      ],
    });
  });

  it("passes the API's own 503 on as it is", async () => {
    const unavailable = { violations: [{ propertyPath: "Global", title: "Please type the address." }] };
    answer = { status: 503, contentType: "application/json", body: JSON.stringify(unavailable) };
    const { forwardApiRequest } = await loadForwarding(fakeApiUrl());

    const response = await forwardApiRequest(
      new Request("http://localhost:3000/api/address-lookup/autocomplete"),
    );

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(unavailable);
  });
});

describe("bodies over the API's limit", () => {
  const tooLarge = "x".repeat(256 * 1024 + 1);

  it("are refused with 413 before the API is asked, whether their size is declared or not", async () => {
    const { forwardApiRequest } = await loadForwarding(fakeApiUrl());
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < 300; sent += 1) controller.enqueue(new Uint8Array(1024));
        controller.close();
      },
    });

    const declared = await forwardApiRequest(
      new Request("http://localhost:3000/api/guest/plan", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(tooLarge.length) },
        body: tooLarge,
      }),
    );
    const undeclared = await forwardApiRequest(
      new Request("http://localhost:3000/api/guest/plan", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: streamed,
        duplex: "half",
      } as RequestInit),
    );

    for (const response of [declared, undeclared]) {
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        violations: [
          {
            propertyPath: "Request",
            title: "This request is too large to send. Please shorten what you typed and try again.",
          },
        ],
      });
    }
    expect(seen).toHaveLength(0);
  });

  it("are refused on /token too, as is a form that cannot be read", async () => {
    const { forwardTokenRequest } = await loadForwarding(fakeApiUrl());

    const large = await forwardTokenRequest(
      new Request("http://localhost:3000/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `username=${tooLarge}`,
      }),
    );
    const malformed = await forwardTokenRequest(
      new Request("http://localhost:3000/token", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=kindred" },
        body: "--kindred\r\nthis is not a form part",
      }),
    );

    expect(large.status).toBe(413);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      error: "invalid_request",
      error_description: "The form could not be read.",
    });
    expect(seen).toHaveLength(0);
  });

  it("refuses a token request that is not a form with 415, as the API does (issue 45 item 7)", async () => {
    const { forwardTokenRequest } = await loadForwarding(fakeApiUrl());
    const body = "grant_type=client_credentials&scope=APPLICATION";

    for (const contentType of ["text/plain", "application/json", null]) {
      const response = await forwardTokenRequest(
        new Request("http://localhost:3000/token", {
          method: "POST",
          headers: contentType ? { "content-type": contentType } : {},
          body:
            contentType === "application/json" ? JSON.stringify({ grant_type: "client_credentials" }) : body,
        }),
      );
      expect(response.status, String(contentType)).toBe(415);
      expect(await response.json()).toEqual({
        error: "invalid_request",
        error_description: "Send the token request as a form (application/x-www-form-urlencoded).",
      });
    }
    expect(seen).toHaveLength(0);
  });
});

describe("the API's documentation", () => {
  it("is not published through the website", async () => {
    const { forwardApiRequest } = await loadForwarding(fakeApiUrl());

    const response = await forwardApiRequest(new Request("http://localhost:3000/api/docs/static/index.html"));

    expect(response.status).toBe(404);
    expect(seen).toHaveLength(0);
  });

  it("is not published however its address is spelt: percent-encoded, or with dot segments", async () => {
    const { forwardApiRequest } = await loadForwarding(fakeApiUrl());

    for (const path of [
      "/api/%64ocs/json",
      "/api/%64%6F%63%73",
      "/api/plan/../docs/json",
      "/api/%2e/docs",
      "/api/%ED%A0%80",
    ]) {
      const response = await forwardApiRequest(new Request(`http://localhost:3000${path}`));
      expect(response.status, path).toBe(404);
    }
    expect(seen).toHaveLength(0);
  });
});

describe("forwardPublicDocumentRequest", () => {
  it("passes a public document's PDF on from the API, with no token, and nothing else", async () => {
    answer = { status: 200, contentType: "application/pdf", body: "%PDF-1.3 terms" };
    const { forwardPublicDocumentRequest } = await loadForwarding(fakeApiUrl());

    const response = await forwardPublicDocumentRequest(
      new Request("http://localhost:3000/public-documents/terms.pdf?print=large"),
    );

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(await response.text()).toBe("%PDF-1.3 terms");
    expect(seen.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "GET /public-documents/terms.pdf?print=large",
    ]);
    expect(seen[0]?.headers.authorization).toBeUndefined();

    const elsewhere = await forwardPublicDocumentRequest(new Request("http://localhost:3000/api/plan"));
    expect(elsewhere.status).toBe(404);
    expect(seen).toHaveLength(1);
  });
});

describe("forwardFreeGuideRequest", () => {
  it("passes the free guide on from the API's address for it, with no token, and nothing else", async () => {
    answer = { status: 200, contentType: "application/pdf", body: "%PDF-1.3 guide" };
    const { forwardFreeGuideRequest } = await loadForwarding(fakeApiUrl());

    const response = await forwardFreeGuideRequest(
      new Request("http://localhost:3000/free-guide/kindred-funeral-guide.pdf?print=large"),
    );

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(await response.text()).toBe("%PDF-1.3 guide");
    expect(seen.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "GET /api/enquiries/free-guide.pdf?print=large",
    ]);
    expect(seen[0]?.headers.authorization).toBeUndefined();

    const elsewhere = await forwardFreeGuideRequest(
      new Request("http://localhost:3000/free-guide/other.pdf"),
    );
    expect(elsewhere.status).toBe(404);
    expect(seen).toHaveLength(1);
  });
});
