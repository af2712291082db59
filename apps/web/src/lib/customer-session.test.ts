import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "@kindred/domain";
import { fakeFetch, jsonResponse, tokenResponse } from "../test/fake-fetch";

function tokenBody(accessToken: string) {
  return { access_token: accessToken, token_type: "Bearer", expires_in: 1800, scope: "CUSTOMER" };
}
import { clearSignedInState, signIn as signInWithPassword } from "./customer-session";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("signInWithPassword", () => {
  it("asks /token for a customer token with the application token, and keeps it", async () => {
    let asked = 0;
    const requests = fakeFetch(() => {
      asked += 1;
      return asked === 1 ? tokenResponse("application-token") : tokenResponse("customer-token", 1800);
    });

    expect(await signInWithPassword("Margaret@Example.com ", "Roses&lilies2")).toEqual({ ok: true });

    const form = new URLSearchParams(requests[1]?.body ?? "");
    expect(requests[1]?.url).toBe("/token");
    expect(Object.fromEntries(form)).toEqual({
      grant_type: "password",
      scope: "CUSTOMER",
      username: "margaret@example.com",
      password: "Roses&lilies2",
      api_token: "application-token",
    });
    expect(JSON.parse(localStorage.getItem("token") ?? "null")).toBe("customer-token");
    expect(JSON.parse(localStorage.getItem("tokenExpiry") ?? "null")).toBe(1800);
    expect(JSON.parse(localStorage.getItem("isUserLoggedIn") ?? "null")).toBe(true);
    expect(JSON.parse(localStorage.getItem("userEmail") ?? "null")).toBe("margaret@example.com");
  });

  it("says the email address or password is not right, the same for both", async () => {
    let asked = 0;
    fakeFetch(() => {
      asked += 1;
      return asked === 1
        ? tokenResponse("application-token")
        : jsonResponse({ error: "invalid_grant", error_description: "Invalid grant" }, 400);
    });

    expect(await signInWithPassword("margaret@example.com", "wrong")).toEqual({
      ok: false,
      message: messages.signInFailed,
    });
    expect(JSON.parse(localStorage.getItem("token") ?? "null")).toBe("application-token");
    expect(localStorage.getItem("isUserLoggedIn")).toBeNull();
  });

  it("asks the person to wait when there have been too many attempts", async () => {
    let asked = 0;
    fakeFetch(() => {
      asked += 1;
      return asked === 1
        ? tokenResponse("application-token")
        : jsonResponse({ error: "too_many_attempts" }, 429);
    });

    expect(await signInWithPassword("margaret@example.com", "wrong")).toEqual({
      ok: false,
      message: messages.tooManyAttempts,
    });
  });

  it("keeps the note that this browser signed in, sends it next time, and keeps it after signing out", async () => {
    let signIns = 0;
    const requests = fakeFetch(({ body }) => {
      if (!body?.includes("grant_type=password")) return tokenResponse("application-token");
      signIns += 1;
      return jsonResponse({ ...tokenBody("customer-token"), known_browser: `note-${signIns}` });
    });
    const signInForms = () =>
      requests
        .filter(({ body }) => body?.includes("grant_type=password"))
        .map(({ body }) => new URLSearchParams(body ?? ""));

    await signInWithPassword("margaret@example.com", "Roses&lilies2");
    clearSignedInState();
    await signInWithPassword("margaret@example.com", "Roses&lilies2");

    expect(signInForms().map((form) => form.get("known_browser"))).toEqual([null, "note-1"]);
    expect(JSON.parse(localStorage.getItem("knownBrowser") ?? "null")).toBe("note-2");
  });
});
