import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenErrorResponseSchema, tokenResponseSchema } from "@kindred/contracts";
import { accessTokens, users } from "../src/db/schema";
import { hashSecret } from "../src/modules/auth/secret-hash";
import { createTestApp, testClient, type TestApp } from "./support/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ ACCESS_TOKEN_LIFETIME_SECONDS: 900 });
});
afterAll(() => testApp.close());

function requestToken(fields: Record<string, string>, contentType = "application/x-www-form-urlencoded") {
  return testApp.app.inject({
    method: "POST",
    url: "/token",
    payload: contentType.includes("json") ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    headers: { "content-type": contentType },
  });
}

const applicationGrant = {
  grant_type: "client_credentials",
  scope: "APPLICATION",
  client_id: testClient.id,
  client_secret: testClient.secret,
};

describe("POST /token with client credentials", () => {
  it("issues a bearer token with its lifetime in seconds", async () => {
    const response = await requestToken(applicationGrant);

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = tokenResponseSchema.parse(response.json());
    expect(body.token_type).toBe("Bearer");
    expect(body.expires_in).toBeGreaterThanOrEqual(899);
    expect(body.expires_in).toBeLessThanOrEqual(900);
    expect(body.scope).toBe("APPLICATION");
  });

  it("gives a new token, owned by a new guest, on every call", async () => {
    const first = tokenResponseSchema.parse((await requestToken(applicationGrant)).json());
    const second = tokenResponseSchema.parse((await requestToken(applicationGrant)).json());

    expect(first.access_token).not.toBe(second.access_token);
    const owners = await Promise.all(
      [first, second].map(async ({ access_token }) => {
        const [row] = await testApp.db
          .select({ userId: accessTokens.userId, kind: users.kind })
          .from(accessTokens)
          .innerJoin(users, eq(users.id, accessTokens.userId))
          .where(eq(accessTokens.tokenHash, hashSecret(access_token)));
        return row;
      }),
    );
    expect(owners.map((owner) => owner?.kind)).toEqual(["guest", "guest"]);
    expect(owners[0]?.userId).not.toBe(owners[1]?.userId);
  });

  it("stores only a hash of the token", async () => {
    const { access_token } = tokenResponseSchema.parse((await requestToken(applicationGrant)).json());

    const rows = await testApp.db.select({ tokenHash: accessTokens.tokenHash }).from(accessTokens);
    expect(rows.map((row) => row.tokenHash)).toContain(hashSecret(access_token));
    expect(rows.map((row) => row.tokenHash)).not.toContain(access_token);
  });
});

describe("POST /token refusals", () => {
  it.each([
    [
      "a wrong client secret",
      { ...applicationGrant, client_secret: "not-the-secret-at-all" },
      "invalid_client",
      401,
    ],
    ["an unknown client", { ...applicationGrant, client_id: "someone-else" }, "invalid_client", 401],
    [
      "no grant type",
      { scope: "APPLICATION", client_id: testClient.id, client_secret: testClient.secret },
      "invalid_request",
      400,
    ],
    ["an unknown grant", { ...applicationGrant, grant_type: "magic_words" }, "unsupported_grant_type", 400],
    [
      "a grant the client may not use",
      { ...applicationGrant, grant_type: "authorization_code" },
      "unauthorized_client",
      400,
    ],
    ["the customer scope", { ...applicationGrant, scope: "CUSTOMER" }, "invalid_scope", 400],
    [
      "no scope",
      { grant_type: "client_credentials", client_id: testClient.id, client_secret: testClient.secret },
      "invalid_scope",
      400,
    ],
  ])("answers an OAuth2 error for %s", async (_case, fields, error, status) => {
    const usersBefore = (await testApp.db.select().from(users)).length;

    const response = await requestToken(fields);

    expect(response.statusCode).toBe(status);
    expect(tokenErrorResponseSchema.parse(response.json()).error).toBe(error);
    expect((await testApp.db.select().from(users)).length).toBe(usersBefore);
  });

  it("refuses a body that is not a form with 415, JSON, malformed or plain text, and makes no token (issue 45 item 7)", async () => {
    const tokensBefore = (await testApp.db.select().from(accessTokens)).length;
    const answers = [
      await requestToken(applicationGrant, "application/json"),
      await requestToken(applicationGrant, "text/plain"),
      await testApp.app.inject({
        method: "POST",
        url: "/token",
        payload: "{not json",
        headers: { "content-type": "application/json" },
      }),
    ];

    for (const response of answers) {
      expect(response.statusCode).toBe(415);
      expect(tokenErrorResponseSchema.parse(response.json())).toEqual({
        error: "invalid_request",
        error_description: "Send the token request as a form (application/x-www-form-urlencoded).",
      });
    }
    expect((await testApp.db.select().from(accessTokens)).length).toBe(tokensBefore);
  });
});

describe("bearer tokens on /api routes", () => {
  it("refuses a request with no token", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/plan-options" });

    expect(response.statusCode).toBe(401);
    expect(response.headers["www-authenticate"]).toContain("Bearer");
    expect(response.json()).toMatchObject({ error: "invalid_token" });
  });

  it("refuses an unknown token", async () => {
    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/plan-options",
      headers: { authorization: "Bearer made-up-token" },
    });

    expect(response.statusCode).toBe(401);
  });

  it("refuses a token once it has expired", async () => {
    const token = await testApp.requestApplicationToken();
    await testApp.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.tokenHash, hashSecret(token)));

    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/plan-options",
      headers: { authorization: `Bearer ${token}` },
    });

    expect(response.statusCode).toBe(401);
  });

  it("refuses a token sent in the query string", async () => {
    const token = await testApp.requestApplicationToken();

    const response = await testApp.app.inject({
      method: "GET",
      url: `/api/plan-options?access_token=${token}`,
    });

    expect(response.statusCode).toBe(401);
  });
});
