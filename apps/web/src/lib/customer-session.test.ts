import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "@kindred/domain";
import { fakeFetch, jsonResponse, tokenResponse } from "../test/fake-fetch";
import { signIn as signInWithPassword } from "./customer-session";

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
});
