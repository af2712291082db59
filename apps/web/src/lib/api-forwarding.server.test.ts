// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// `server-only` refuses to load outside React's server build; here we are the server.
vi.mock("server-only", () => ({}));

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
      response.writeHead(answer.status, { "content-type": answer.contentType, "set-cookie": "api=1" });
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
