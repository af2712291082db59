import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerSignInLinkGrantType } from "@kindred/contracts";
import {
  apiUrlOfLink,
  callApi,
  createCustomer,
  registrationDetails,
  requestCustomerToken,
  requestToken,
  storedUser,
  uniqueAddress,
} from "./support/customers";
import { createTestApp, testClient, type TestApp } from "./support/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: "trace" });
  // A route that only this file has: a query that fails with a person's details as parameters,
  // as an unexpected database fault would.
  testApp.app.post<{ Body: { email: string; notes: string } }>("/example/failing-query", async (request) => {
    await testApp.db.execute(
      sql`select ${request.body.email}::integer as email, ${request.body.notes}::integer as notes, ${passwordHash}::integer`,
    );
    return { saved: true };
  });
});
const passwordHash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$ZmFrZWhhc2hmYWtlaGFzaGZha2VoYXNo";
afterAll(() => testApp.close());

describe("logs", () => {
  // A failed query's error is the driver's own (node-postgres or PGlite), each with its own fields.
  it(
    "never hold a failed query's parameters: no password hash, email or plan note",
    { tags: ["engine"] },
    async () => {
      const email = "margaret.hughes.logs@example.com";
      const notes = "Please play Jerusalem as we leave";

      const response = await testApp.app.inject({
        method: "POST",
        url: "/example/failing-query",
        payload: { email, notes },
      });

      expect(response.statusCode).toBe(500);
      const failure = testApp.logs.find((line) => line.includes("request failed"));
      expect(failure).toBeDefined();
      expect(JSON.parse(failure!).err).toMatchObject({
        type: "DatabaseError",
        message: expect.stringContaining("22P02"),
      });
      const written = testApp.logs.join("\n");
      expect(written).not.toContain(email);
      expect(written).not.toContain(notes);
      expect(written).not.toContain(passwordHash);
    },
  );

  it("never hold the client secret, a token or an authorization header", async () => {
    const token = await testApp.requestApplicationToken();
    await testApp.app.inject({
      method: "GET",
      url: "/api/plan-options",
      headers: { authorization: `Bearer ${token}` },
    });

    const written = testApp.logs.join("\n");
    expect(testApp.logs.length).toBeGreaterThan(2);
    expect(written).toContain("/api/plan-options");
    expect(written).toContain("[redacted]");
    expect(written).not.toContain(testClient.secret);
    expect(written).not.toContain(token);
  });

  it("never hold a password, whether a sign-in, a registration or a reset succeeds or fails", async () => {
    const password = "Unmistakable-Otter91";
    const wrongPassword = "Unmistakable-Badger92";
    const details = registrationDetails({ password, passwordRepeat: password });
    const token = await testApp.requestApplicationToken();

    const registered = await callApi(testApp, token, "POST", "/api/account/register", details);
    const mismatched = await callApi(testApp, token, "POST", "/api/account/register", {
      ...registrationDetails({ password: wrongPassword }),
      passwordRepeat: password,
    });
    const signedIn = await requestCustomerToken(testApp, {
      username: details.email,
      password,
      api_token: token,
    });
    const refused = await requestCustomerToken(testApp, { username: details.email, password: wrongPassword });
    const reset = await callApi(testApp, token, "POST", "/api/account/reset-password", {
      id: (await storedUser(testApp, details.email)).id,
      token: "made-up-token-made-up-token-made-up",
      password: wrongPassword,
      passwordRepeat: wrongPassword,
    });

    expect([registered, mismatched, signedIn, refused, reset].map((response) => response.statusCode)).toEqual(
      [202, 400, 200, 400, 400],
    );
    const written = testApp.logs.join("\n");
    expect(written).toContain("/token");
    expect(written).toContain("/api/account/register");
    expect(written).not.toContain(password);
    expect(written).not.toContain(wrongPassword);
    expect(written).not.toContain(signedIn.json<{ access_token: string }>().access_token);
    expect(written).not.toContain("made-up-token-made-up-token-made-up");
  });

  it("never hold the secret of an emailed link, nor the address it went to", async () => {
    const token = await testApp.requestApplicationToken();
    const details = registrationDetails();
    await callApi(testApp, token, "POST", "/api/account/register", details);
    await callApi(testApp, token, "POST", "/api/account/forgot-password", { email: details.email });
    const sent = (await testApp.readOutbox()).filter((message) => message.to === details.email);
    const links = sent.map(
      (message) => message.text.split(/\s+/).find((word) => word.includes("token=")) ?? "",
    );

    const confirmLink = links.find((link) => link.includes("confirm-email")) ?? "";
    const confirmed = await callApi(testApp, token, "GET", apiUrlOfLink(confirmLink));

    expect(sent).toHaveLength(2);
    expect(confirmed.statusCode).toBe(200);
    const written = testApp.logs.join("\n");
    expect(written).toContain("/api/account/confirm-email");
    // The email queue's own lines are there: they name the subject, the job and the attempt.
    const sentLines = testApp.logs.filter((line) => line.includes('"msg":"email sent"'));
    expect(sentLines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          subject: "Please confirm your email address",
          attempt: 1,
          jobId: expect.any(String),
        }),
        expect.objectContaining({ subject: "Reset your password", attempt: 1, jobId: expect.any(String) }),
      ]),
    );
    expect(written).not.toContain(details.email);
    expect(written).not.toContain(details.firstName);
    for (const link of links) {
      const query = new URL(link).searchParams;
      expect(written).not.toContain(query.get("token"));
      if (query.has("signature")) expect(written).not.toContain(query.get("signature"));
    }
  });

  it("never hold the secret of an emailed sign-in link, when it is used or refused", async () => {
    const { details } = await createCustomer(testApp);
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      await requestCustomerToken(
        testApp,
        { username: details.email, password: `wrong-password-${attempt}!` },
        uniqueAddress(),
      );
    }
    const [link] = (await testApp.readOutbox())
      .filter((message) => message.subject === "A link to sign in to your account")
      .map(
        (message) => message.text.split(/\s+/).find((word) => word.includes("/account/sign-in-link?")) ?? "",
      );
    const query = new URL(link ?? "").searchParams;
    const useLink = () =>
      requestToken(testApp, {
        grant_type: customerSignInLinkGrantType,
        scope: "CUSTOMER",
        link_id: query.get("id") ?? "",
        link_token: query.get("token") ?? "",
      });

    const used = await useLink();
    const refused = await useLink();

    expect([used.statusCode, refused.statusCode]).toEqual([200, 400]);
    const written = testApp.logs.join("\n");
    expect(written).toContain('"msg":"email sent"');
    expect(written).not.toContain(query.get("token"));
    expect(written).not.toContain(used.json<{ access_token: string }>().access_token);
    expect(written).not.toContain(details.email);
  });

  it("are one JSON object per line", () => {
    for (const line of testApp.logs) {
      expect(() => JSON.parse(line)).not.toThrow();
    }
  });
});
