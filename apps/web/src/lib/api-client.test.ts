import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, jsonResponse, tokenResponse } from "../test/fake-fetch";
import { apiRequest } from "./api-client";

// Failed requests are logged as warnings; keep the test output quiet.
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  warn.mockRestore();
});

describe("apiRequest", () => {
  it("asks for an application token first, stores it, and sends it as a bearer token", async () => {
    const requests = fakeFetch((request) =>
      request.url === "/token" ? tokenResponse("first-token", 1800) : jsonResponse({ hello: "there" }),
    );
    const before = Date.now();

    const result = await apiRequest<{ hello: string }>("/api/plan-options");

    expect(result).toEqual({ ok: true, status: 200, data: { hello: "there" } });
    const [tokenRequest, apiCall] = requests;
    expect(tokenRequest?.method).toBe("POST");
    expect(tokenRequest?.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(tokenRequest?.body ?? "");
    expect(Object.fromEntries(form)).toEqual({ grant_type: "client_credentials", scope: "APPLICATION" });

    expect(apiCall?.url).toBe("/api/plan-options");
    expect(apiCall?.headers.get("authorization")).toBe("Bearer first-token");
    expect(apiCall?.headers.get("content-type")).toBe("application/json");

    expect(JSON.parse(localStorage.getItem("token") ?? "null")).toBe("first-token");
    expect(JSON.parse(localStorage.getItem("tokenExpiry") ?? "null")).toBe(1800);
    expect(JSON.parse(localStorage.getItem("tokenSetAt") ?? "null")).toBeGreaterThanOrEqual(before);
  });

  it("sends a payment's Idempotency-Key, and the same key again when a refused token is replaced", async () => {
    localStorage.setItem("token", JSON.stringify("stale-token"));
    localStorage.setItem("tokenSetAt", JSON.stringify(Date.now()));
    localStorage.setItem("tokenExpiry", JSON.stringify(3600));
    let refused = false;
    const requests = fakeFetch((request) => {
      if (request.url === "/token") return tokenResponse("fresh-token");
      if (!refused) {
        refused = true;
        return jsonResponse({ violations: [] }, 401);
      }
      return jsonResponse({ id: "payment" }, 201);
    });

    await apiRequest("/api/payments/create", {
      method: "POST",
      body: { planId: "p", paymentOption: "full" },
      idempotencyKey: "attempt-key-0001",
    });

    const payments = requests.filter((request) => request.url === "/api/payments/create");
    expect(payments).toHaveLength(2);
    expect(payments.map((request) => request.headers.get("idempotency-key"))).toEqual([
      "attempt-key-0001",
      "attempt-key-0001",
    ]);
  });

  it("uses a stored token that has not expired without asking for another", async () => {
    localStorage.setItem("token", JSON.stringify("stored-token"));
    localStorage.setItem("tokenSetAt", JSON.stringify(Date.now() - 60_000));
    localStorage.setItem("tokenExpiry", JSON.stringify(3600));
    const requests = fakeFetch(() => jsonResponse([]));

    await apiRequest("/api/plan-options");

    expect(requests.map((request) => request.url)).toEqual(["/api/plan-options"]);
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer stored-token");
  });

  it("replaces a token that is past its lifetime", async () => {
    localStorage.setItem("token", JSON.stringify("old-token"));
    localStorage.setItem("tokenSetAt", JSON.stringify(Date.now() - 3_601_000));
    localStorage.setItem("tokenExpiry", JSON.stringify(3600));
    const requests = fakeFetch((request) =>
      request.url === "/token" ? tokenResponse("new-token") : jsonResponse([]),
    );

    await apiRequest("/api/plan-options");

    expect(requests.map((request) => request.url)).toEqual(["/token", "/api/plan-options"]);
    expect(requests[1]?.headers.get("authorization")).toBe("Bearer new-token");
  });

  it("on a 401 gets a new token once and tries that request again", async () => {
    localStorage.setItem("token", JSON.stringify("revoked-token"));
    localStorage.setItem("tokenSetAt", JSON.stringify(Date.now()));
    localStorage.setItem("tokenExpiry", JSON.stringify(3600));
    const requests = fakeFetch((request) => {
      if (request.url === "/token") return tokenResponse("fresh-token");
      return request.headers.get("authorization") === "Bearer fresh-token"
        ? jsonResponse({ saved: true })
        : jsonResponse({ error: "invalid_token" }, 401);
    });

    const result = await apiRequest("/api/plan/7", { method: "PATCH", body: { notes: "Hymns" } });

    expect(result).toEqual({ ok: true, status: 200, data: { saved: true } });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "PATCH /api/plan/7",
      "POST /token",
      "PATCH /api/plan/7",
    ]);
    expect(requests[2]?.body).toBe(JSON.stringify({ notes: "Hymns" }));
  });

  it("does not keep retrying when the new token is refused too", async () => {
    const requests = fakeFetch((request) =>
      request.url === "/token"
        ? tokenResponse("another-token")
        : jsonResponse({ error: "invalid_token" }, 401),
    );

    const result = await apiRequest("/api/plan-options");

    expect(result.ok).toBe(false);
    expect(result.status).toBe(401);
    expect(requests.filter((request) => request.url === "/api/plan-options")).toHaveLength(2);
  });

  it("passes the API's violations on as they are", async () => {
    const violations = [{ propertyPath: "email", title: "Please enter a valid email address" }];
    fakeFetch((request) =>
      request.url === "/token" ? tokenResponse("token") : jsonResponse({ violations }, 422),
    );

    expect(await apiRequest("/api/account/register", { method: "POST", body: {} })).toEqual({
      ok: false,
      status: 422,
      data: { violations },
    });
  });

  it("shows the status and body of a failure that has no violations", async () => {
    fakeFetch((request) =>
      request.url === "/token"
        ? tokenResponse("token")
        : new Response("Service Unavailable", { status: 503, headers: { "content-type": "text/plain" } }),
    );

    expect(await apiRequest("/api/plan-options")).toEqual({
      ok: false,
      status: 503,
      data: { violations: [{ propertyPath: "Request", title: "503 Service Unavailable" }] },
    });
  });

  it("gives SPEC.md's message when the request cannot be sent at all", async () => {
    fakeFetch(() => {
      throw new TypeError("Failed to fetch");
    });

    expect(await apiRequest("/api/plan-options")).toEqual({
      ok: false,
      status: 0,
      data: {
        violations: [
          { propertyPath: "Request", title: "Application could not send request, please contact site admin" },
        ],
      },
    });
    expect(warn).toHaveBeenCalled();
  });

  it("gives the same message when this site's server cannot reach the API for a token", async () => {
    const requests = fakeFetch(() =>
      jsonResponse(
        {
          error: "temporarily_unavailable",
          error_description: "Application could not send request, please contact site admin",
        },
        502,
      ),
    );

    const result = await apiRequest("/api/plan-options");

    expect(result).toEqual({
      ok: false,
      status: 0,
      data: {
        violations: [
          { propertyPath: "Request", title: "Application could not send request, please contact site admin" },
        ],
      },
    });
    expect(requests.map((request) => request.url)).toEqual(["/token"]);
  });

  it("reports a refused token request without calling the API", async () => {
    const requests = fakeFetch(() => jsonResponse({ error: "invalid_client" }, 401));

    const result = await apiRequest("/api/plan-options");

    expect(result).toEqual({
      ok: false,
      status: 401,
      data: {
        violations: [{ propertyPath: "Request", title: "Fatal error please refresh or contact site admin" }],
      },
    });
    expect(requests.map((request) => request.url)).toEqual(["/token"]);
  });
});
