import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  planListResponseSchema,
  planOptionsResponseSchema,
  customerSignInLinkGrantType,
  planResponseSchema,
  tokenErrorResponseSchema,
  tokenResponseSchema,
  violationsResponseSchema,
  type PlanOptionsResponse,
} from "@kindred/contracts";
import { messages, normaliseEmail } from "@kindred/domain";
import { accessTokens, accountTokens, authAttempts, users } from "../src/db/schema";
import { hashSecret } from "../src/modules/auth/secret-hash";
import {
  callApi,
  createCustomer,
  createSignedInCustomer,
  goodPassword,
  registrationDetails,
  requestCustomerToken,
  requestToken,
  signIn,
  uniqueAddress,
} from "./support/customers";
import { attemptsAgeBy } from "./support/attempts";
import { createTestApp, testClient, type TestApp } from "./support/test-app";

let testApp: TestApp;
let catalogue: PlanOptionsResponse;

beforeAll(async () => {
  testApp = await createTestApp({ CUSTOMER_TOKEN_LIFETIME_SECONDS: 1200 });
  const token = await testApp.requestApplicationToken();
  catalogue = planOptionsResponseSchema.parse(
    (await callApi(testApp, token, "GET", "/api/plan-options")).json(),
  );
});
afterAll(() => testApp.close());

function attendedJourney() {
  const attended = catalogue.attendance.find((option) => option.code === "attended");
  if (!attended) throw new Error("The catalogue has no attended option");
  return { attendance: { option: { id: attended.id, code: "attended" } } };
}

/** Attempts made `minutesAgo`, straight into the table, as if from an earlier visit. */
async function insertAttempts(
  kind: "sign-in" | "password-reset",
  subject: string,
  count: number,
  minutesAgo: number,
) {
  const createdAt = new Date(Date.now() - minutesAgo * 60_000);
  await testApp.db
    .insert(authAttempts)
    .values(Array.from({ length: count }, () => ({ kind, subject, createdAt })));
}

const tooManyAttemptsBody = { error: "too_many_attempts", error_description: messages.tooManyAttempts };

describe("POST /token with the password grant", () => {
  it("issues a CUSTOMER token with its lifetime, owned by the customer", async () => {
    const { details, user } = await createCustomer(testApp);

    const response = await requestCustomerToken(testApp, {
      username: details.email,
      password: details.password,
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = tokenResponseSchema.parse(response.json());
    expect(body).toMatchObject({ token_type: "Bearer", scope: "CUSTOMER" });
    expect(body.expires_in).toBeGreaterThanOrEqual(1199);
    expect(body.expires_in).toBeLessThanOrEqual(1200);
    expect(body).not.toHaveProperty("refresh_token");
    const [row] = await testApp.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashSecret(body.access_token)));
    expect(row).toMatchObject({ userId: user.id, scope: "CUSTOMER", clientId: testClient.id });
  });

  it("is taken with the scheme written in any case, as HTTP allows, and refused with another scheme", async () => {
    const { details } = await createCustomer(testApp);
    const token = tokenResponseSchema.parse(
      (await requestCustomerToken(testApp, { username: details.email, password: details.password })).json(),
    ).access_token;
    const accountWith = (authorization: string) =>
      testApp.app.inject({ method: "GET", url: "/api/user", headers: { authorization } });

    for (const scheme of ["Bearer", "bearer", "BEARER"]) {
      expect((await accountWith(`${scheme} ${token}`)).statusCode, scheme).toBe(200);
    }
    expect((await accountWith(`Basic ${token}`)).statusCode).toBe(401);
    expect((await accountWith(`bearer ${token}x`)).statusCode).toBe(401);
  });

  it("takes the email address in any case, with spaces around it", async () => {
    const { details } = await createCustomer(testApp);

    const response = await requestCustomerToken(testApp, {
      username: `  ${details.email.toUpperCase()} `,
      password: details.password,
    });

    expect(response.statusCode).toBe(200);
  });

  it("answers a wrong password and an unknown address with the same OAuth2 error", async () => {
    const { details } = await createCustomer(testApp);

    const wrongPassword = await requestCustomerToken(testApp, {
      username: details.email,
      password: `${details.password}x`,
    });
    const unknownUser = await requestCustomerToken(testApp, {
      username: registrationDetails().email,
      password: details.password,
    });

    expect(wrongPassword.statusCode).toBe(400);
    expect(unknownUser.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownUser.body).toBe(wrongPassword.body);
    expect(tokenErrorResponseSchema.parse(wrongPassword.json())).toEqual({
      error: "invalid_grant",
      error_description: messages.signInFailed,
    });
  });

  it.each([
    ["the APPLICATION scope", { scope: "APPLICATION" }, "invalid_scope"],
    ["two scopes", { scope: "CUSTOMER APPLICATION" }, "invalid_scope"],
    ["no password", { password: "" }, "invalid_request"],
    ["no username", { username: "" }, "invalid_request"],
  ])("refuses %s, even with the right password, and issues nothing", async (_case, change, error) => {
    const { details, user } = await createCustomer(testApp);

    const response = await requestCustomerToken(testApp, {
      username: details.email,
      password: details.password,
      ...change,
    });

    expect(response.statusCode).toBe(400);
    expect(tokenErrorResponseSchema.parse(response.json()).error).toBe(error);
    expect(await testApp.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id))).toEqual([]);
  });

  it("does not sign a visitor in with client credentials and the CUSTOMER scope", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/token",
      payload: new URLSearchParams({
        grant_type: "client_credentials",
        scope: "CUSTOMER",
        client_id: testClient.id,
        client_secret: testClient.secret,
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "invalid_scope" });
  });
});

describe("sign-in rate limits", () => {
  /** Wrong passwords for `email`, each from the given address or a new one. */
  async function failSignIns(email: string, count: number, address?: string) {
    for (let attempt = 1; attempt <= count; attempt += 1) {
      const failed = await requestCustomerToken(
        testApp,
        { username: email, password: `wrong-password-${attempt}!` },
        address ?? uniqueAddress(),
      );
      expect(failed.statusCode).toBe(400);
    }
  }

  function signInFrom(details: { email: string; password: string }, address: string, knownBrowser?: string) {
    return requestCustomerToken(
      testApp,
      {
        username: details.email,
        password: details.password,
        ...(knownBrowser === undefined ? {} : { known_browser: knownBrowser }),
      },
      address,
    );
  }

  it("lets the owner in after a stranger's five wrong passwords from rotating addresses", async () => {
    const { details } = await createCustomer(testApp);
    await failSignIns(details.email, 5);

    const owner = await signInFrom(details, uniqueAddress());

    expect(owner.statusCode).toBe(200);
  });

  it("slows a 6th attempt for one account from one address, right password or not, but not from another", async () => {
    const { details } = await createCustomer(testApp);
    const address = uniqueAddress();
    await failSignIns(details.email, 5, address);

    const sixth = await signInFrom(details, address);
    const fromElsewhere = await signInFrom(details, uniqueAddress());

    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(tooManyAttemptsBody);
    expect(["1", "2"]).toContain(sixth.headers["retry-after"]);
    expect(fromElsewhere.statusCode).toBe(200);
  });

  it("never locks the address a stranger guessed from: the owner's right password gets in there once the wait is over", async () => {
    const { details } = await createCustomer(testApp);
    const address = uniqueAddress();
    await failSignIns(details.email, 5, address);
    expect((await signInFrom(details, address)).statusCode).toBe(429);

    await attemptsAgeBy(testApp, 3);

    expect((await signInFrom(details, address)).statusCode).toBe(200);
  });

  it("makes each wait longer than the last, up to a minute between tries", async () => {
    const waitAfter = async (failures: number) => {
      const { details } = await createCustomer(testApp);
      const address = uniqueAddress();
      await insertAttempts("sign-in", `${normaliseEmail(details.email)}|ip:${address}`, failures, 0);
      const slowed = await signInFrom(details, address);
      expect(slowed.statusCode).toBe(429);
      return Number(slowed.headers["retry-after"]);
    };

    expect([await waitAfter(5), await waitAfter(6), await waitAfter(8), await waitAfter(30)]).toEqual([
      2, 4, 16, 60,
    ]);
  });

  it("counts failures for an unknown address the same way", async () => {
    const unknown = registrationDetails().email;
    const address = uniqueAddress();
    await failSignIns(unknown, 5, address);

    const sixth = await requestCustomerToken(testApp, { username: unknown, password: goodPassword }, address);

    expect(sixth.statusCode).toBe(429);
  });

  it("lets the customer in again once the failures from their address are more than 15 minutes old", async () => {
    const { details } = await createCustomer(testApp);
    const address = uniqueAddress();
    await insertAttempts("sign-in", `${normaliseEmail(details.email)}|ip:${address}`, 20, 16);

    expect((await signInFrom(details, address)).statusCode).toBe(200);
  });

  it("forgets nothing on a success: failures before it still count", async () => {
    const { details } = await createCustomer(testApp);
    const address = uniqueAddress();
    await failSignIns(details.email, 4, address);
    expect((await signInFrom(details, address)).statusCode).toBe(200);
    await failSignIns(details.email, 1, address);

    expect((await signInFrom(details, address)).statusCode).toBe(429);
  });

  it("lets a resident in after 30 wrong passwords from the address their care home shares", async () => {
    const sharedAddress = uniqueAddress();
    const { details } = await createCustomer(testApp);
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      await failSignIns(registrationDetails().email, 1, sharedAddress);
    }

    expect((await signInFrom(details, sharedAddress)).statusCode).toBe(200);
  });

  it("slows an address after 100 failures within 15 minutes, whichever accounts they tried, and never locks it", async () => {
    const address = uniqueAddress();
    const { details } = await createCustomer(testApp);
    await insertAttempts("sign-in", `ip:${address}`, 100, 0);

    const fromThatAddress = await signInFrom(details, address);
    const fromElsewhere = await signInFrom(details, uniqueAddress());

    expect(fromThatAddress.statusCode).toBe(429);
    expect(fromThatAddress.json()).toEqual(tooManyAttemptsBody);
    expect(fromElsewhere.statusCode).toBe(200);
    await attemptsAgeBy(testApp, 3);
    expect((await signInFrom(details, address)).statusCode).toBe(200);
  });

  it("counts an address's older failures only within the window", async () => {
    const address = uniqueAddress();
    const { details } = await createCustomer(testApp);
    await insertAttempts("sign-in", `ip:${address}`, 200, 16);

    expect((await signInFrom(details, address)).statusCode).toBe(200);
  });

  it("slows new browsers once an account has had 10 failures from anywhere, without stopping it", async () => {
    const { details } = await createCustomer(testApp);
    await failSignIns(details.email, 10);

    const straightAfter = await signInFrom(details, uniqueAddress());
    expect(straightAfter.statusCode).toBe(429);
    expect(straightAfter.json()).toEqual(tooManyAttemptsBody);

    await attemptsAgeBy(testApp, 3);
    expect((await signInFrom(details, uniqueAddress())).statusCode).toBe(200);
  });

  it("always lets the owner in from a browser that signed in to the account before", async () => {
    const { details } = await createCustomer(testApp);
    const earlier = tokenResponseSchema.parse((await signInFrom(details, uniqueAddress())).json());
    expect(earlier.known_browser).toEqual(expect.any(String));
    await failSignIns(details.email, 10);

    const fromAnywhere = await signInFrom(details, uniqueAddress());
    const fromTheirBrowser = await signInFrom(details, uniqueAddress(), earlier.known_browser);

    expect(fromAnywhere.statusCode).toBe(429);
    expect(fromTheirBrowser.statusCode).toBe(200);
  });

  it("counts a known browser's own failures against it: 5, then it is slowed too, never locked", async () => {
    const { details } = await createCustomer(testApp);
    const note = tokenResponseSchema.parse((await signInFrom(details, uniqueAddress())).json()).known_browser;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const failed = await signInFrom(
        { ...details, password: `wrong-${attempt}-password` },
        uniqueAddress(),
        note,
      );
      expect(failed.statusCode).toBe(400);
    }

    expect((await signInFrom(details, uniqueAddress(), note)).statusCode).toBe(429);
    expect((await signInFrom(details, uniqueAddress())).statusCode).toBe(200);
    await attemptsAgeBy(testApp, 3);
    expect((await signInFrom(details, uniqueAddress(), note)).statusCode).toBe(200);
  });

  it("treats another account's note, or an altered one, as a new browser", async () => {
    const { details } = await createCustomer(testApp);
    const other = await createCustomer(testApp);
    const othersNote = tokenResponseSchema.parse(
      (await signInFrom(other.details, uniqueAddress())).json(),
    ).known_browser;
    const ownNote = tokenResponseSchema.parse(
      (await signInFrom(details, uniqueAddress())).json(),
    ).known_browser;
    await failSignIns(details.email, 10);

    expect((await signInFrom(details, uniqueAddress(), othersNote)).statusCode).toBe(429);
    expect((await signInFrom(details, uniqueAddress(), `${ownNote ?? ""}x`)).statusCode).toBe(429);
    expect((await signInFrom(details, uniqueAddress(), ownNote)).statusCode).toBe(200);
  });
});

describe("the sign-in link emailed while someone guesses", () => {
  /** Wrong passwords for `email`, each from a new address (let through or slowed). */
  async function failSignIns(email: string, count: number) {
    for (let attempt = 1; attempt <= count; attempt += 1) {
      const failed = await requestCustomerToken(
        testApp,
        { username: email, password: `wrong-password-${attempt}!` },
        uniqueAddress(),
      );
      expect([400, 429]).toContain(failed.statusCode);
    }
  }

  function useLink(link: string) {
    const query = new URL(link).searchParams;
    return requestToken(testApp, {
      grant_type: customerSignInLinkGrantType,
      scope: "CUSTOMER",
      link_id: query.get("id") ?? "",
      link_token: query.get("token") ?? "",
    });
  }

  async function signInLinksTo(email: string): Promise<string[]> {
    const sent = (await testApp.readOutbox()).filter(
      (message) =>
        message.to === normaliseEmail(email) && message.subject === "A link to sign in to your account",
    );
    return sent.map(
      (message) => message.text.split(/\s+/).find((word) => word.includes("/account/sign-in-link?")) ?? "",
    );
  }

  it("goes to the owner once an hour at most while the guessing goes on, and signs them in once", async () => {
    const { details } = await createCustomer(testApp);
    await failSignIns(details.email, 9);
    expect(await signInLinksTo(details.email)).toEqual([]);

    await failSignIns(details.email, 6);
    await attemptsAgeBy(testApp, 120);
    await failSignIns(details.email, 6);
    const links = await signInLinksTo(details.email);

    expect(links).toHaveLength(1);
    const signedIn = await useLink(links[0]!);
    expect(signedIn.statusCode).toBe(200);
    const token = tokenResponseSchema.parse(signedIn.json());
    expect(token.scope).toBe("CUSTOMER");
    expect(token.known_browser).toEqual(expect.any(String));
    expect((await callApi(testApp, token.access_token, "GET", "/api/user")).json()).toMatchObject({
      email: normaliseEmail(details.email),
    });
    const again = await useLink(links[0]!);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: "invalid_grant", error_description: messages.signInLinkInvalid });
  });

  it("stops working after an hour, and a made-up one never works", async () => {
    const { details, user } = await createCustomer(testApp);
    await failSignIns(details.email, 11);
    const [link] = await signInLinksTo(details.email);
    await testApp.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, "sign-in")));

    expect((await useLink(link!)).statusCode).toBe(400);
    const madeUp = await useLink(`https://kindred.test/account/sign-in-link?id=${user.id}&token=made-up`);
    expect(madeUp.statusCode).toBe(400);
    expect((await useLink("https://kindred.test/account/sign-in-link?id=not-an-id&token=x")).statusCode).toBe(
      400,
    );
  });
});

describe("forgot-password rate limits", () => {
  async function askForReset(token: string, email: string, address: string) {
    return callApi(testApp, token, "POST", "/api/account/forgot-password", { email }, address);
  }

  it("allows 3 requests an hour for one account, sending one email for them, then answers 429", async () => {
    const token = await testApp.requestApplicationToken();
    const { details } = await createCustomer(testApp);
    for (let request = 1; request <= 3; request += 1) {
      expect((await askForReset(token, details.email, uniqueAddress())).statusCode).toBe(202);
    }

    const fourth = await askForReset(token, details.email, uniqueAddress());

    expect(fourth.statusCode).toBe(429);
    expect(violationsResponseSchema.parse(fourth.json()).violations).toEqual([
      { propertyPath: "Request", title: messages.tooManyResetRequests },
    ]);
    const resets = (await testApp.readOutbox()).filter(
      (message) => message.to === details.email && message.subject === "Reset your password",
    );
    expect(resets).toHaveLength(1);
  });

  it("limits an address without an account the same way, so the limit reveals nothing", async () => {
    const token = await testApp.requestApplicationToken();
    const unknown = registrationDetails().email;
    for (let request = 1; request <= 3; request += 1) await askForReset(token, unknown, uniqueAddress());

    expect((await askForReset(token, unknown, uniqueAddress())).statusCode).toBe(429);
  });

  it("allows 100 requests an hour from one address, for a care home or hospital sharing it", async () => {
    const token = await testApp.requestApplicationToken();
    const address = uniqueAddress();
    await insertAttempts("password-reset", `ip:${address}`, 99, 0);
    expect((await askForReset(token, registrationDetails().email, address)).statusCode).toBe(202);

    const hundredAndFirst = await askForReset(token, registrationDetails().email, address);

    expect(hundredAndFirst.statusCode).toBe(429);
    expect((await askForReset(token, registrationDetails().email, uniqueAddress())).statusCode).toBe(202);
  });

  it("counts requests older than an hour no more", async () => {
    const token = await testApp.requestApplicationToken();
    const { details } = await createCustomer(testApp);
    await insertAttempts("password-reset", normaliseEmail(details.email), 3, 61);

    expect((await askForReset(token, details.email, uniqueAddress())).statusCode).toBe(202);
    await insertAttempts("password-reset", normaliseEmail(details.email), 2, 59);
    expect((await askForReset(token, details.email, uniqueAddress())).statusCode).toBe(429);
  });

  it("needs a bearer token", async () => {
    const response = await callApi(testApp, null, "POST", "/api/account/forgot-password", {
      email: registrationDetails().email,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("DELETE /api/security/token/current", () => {
  it("signs a customer out: the token answers 401 everywhere afterwards", async () => {
    const { token } = await createSignedInCustomer(testApp);

    const response = await callApi(testApp, token, "DELETE", "/api/security/token/current");

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    for (const url of ["/api/user", "/api/plan", "/api/plan-options"]) {
      expect((await callApi(testApp, token, "GET", url)).statusCode).toBe(401);
    }
    expect((await callApi(testApp, token, "DELETE", "/api/security/token/current")).statusCode).toBe(401);
    const [row] = await testApp.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashSecret(token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it("revokes only the calling token", async () => {
    const { details, token: first } = await createSignedInCustomer(testApp);
    const second = await signIn(testApp, details.email);

    await callApi(testApp, first, "DELETE", "/api/security/token/current");

    expect((await callApi(testApp, second, "GET", "/api/user")).statusCode).toBe(200);
  });

  it("revokes a visitor's application token too", async () => {
    const token = await testApp.requestApplicationToken();

    expect((await callApi(testApp, token, "DELETE", "/api/security/token/current")).statusCode).toBe(204);
    expect((await callApi(testApp, token, "GET", "/api/plan")).statusCode).toBe(401);
  });
});

describe("a visitor's plans at sign-in (api_token)", () => {
  it("move to the customer, who then lists them; the visitor's token no longer sees them", async () => {
    const { details } = await createCustomer(testApp);
    const guestToken = await testApp.requestApplicationToken();
    const created = await callApi(testApp, guestToken, "POST", "/api/guest/plan", {
      ...attendedJourney(),
      readings: { notes: "Funeral Blues" },
    });
    const plan = planResponseSchema.parse(created.json());

    const customerToken = await signIn(testApp, details.email, details.password, guestToken);

    const list = planListResponseSchema.parse(
      (await callApi(testApp, customerToken, "GET", "/api/plan")).json(),
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: plan.id, journey: { readings: { notes: "Funeral Blues" } } });
    expect(list[0]?.priceData).toEqual(plan.priceData);
    const asGuest = await callApi(testApp, guestToken, "GET", `/api/plan/${plan.id}`);
    expect(asGuest.statusCode).toBe(404);
    expect(asGuest.body).not.toContain("Funeral Blues");
    expect((await callApi(testApp, guestToken, "GET", "/api/plan")).json()).toEqual([]);
    const patched = await callApi(testApp, customerToken, "PATCH", `/api/plan/${plan.id}`, {
      ...attendedJourney(),
      readings: { notes: "Stop all the clocks" },
    });
    expect(patched.statusCode).toBe(200);
  });

  it("moves nothing for an expired application token", async () => {
    const { details } = await createCustomer(testApp);
    const guestToken = await testApp.requestApplicationToken();
    const planId = (await callApi(testApp, guestToken, "POST", "/api/guest/plan", {})).json<{ id: string }>()
      .id;
    await testApp.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.tokenHash, hashSecret(guestToken)));

    const customerToken = await signIn(testApp, details.email, details.password, guestToken);

    expect((await callApi(testApp, customerToken, "GET", "/api/plan")).json()).toEqual([]);
    expect((await callApi(testApp, customerToken, "GET", `/api/plan/${planId}`)).statusCode).toBe(404);
  });

  it("moves nothing from another customer's token, nor for a made-up one", async () => {
    const other = await createSignedInCustomer(testApp);
    const otherPlan = await callApi(testApp, other.token, "POST", "/api/plan", attendedJourney());
    expect(otherPlan.statusCode).toBe(201);
    const { details } = await createCustomer(testApp);

    const withOthersToken = await signIn(testApp, details.email, details.password, other.token);
    const withMadeUpToken = await signIn(testApp, details.email, details.password, "made-up-token");

    for (const token of [withOthersToken, withMadeUpToken]) {
      expect((await callApi(testApp, token, "GET", "/api/plan")).json()).toEqual([]);
    }
    expect(
      planListResponseSchema.parse((await callApi(testApp, other.token, "GET", "/api/plan")).json()),
    ).toHaveLength(1);
  });

  it("keeps the visitor's plans when the sign-in fails", async () => {
    const { details } = await createCustomer(testApp);
    const guestToken = await testApp.requestApplicationToken();
    const planId = (await callApi(testApp, guestToken, "POST", "/api/guest/plan", {})).json<{ id: string }>()
      .id;

    const response = await requestCustomerToken(testApp, {
      username: details.email,
      password: "Not-the-password1",
      api_token: guestToken,
    });

    expect(response.statusCode).toBe(400);
    expect((await callApi(testApp, guestToken, "GET", `/api/plan/${planId}`)).statusCode).toBe(200);
  });
});

describe("POST /api/plan", () => {
  it("saves a new plan to the signed-in customer's account, priced by the API", async () => {
    const { token } = await createSignedInCustomer(testApp);
    const journey = attendedJourney();

    const response = await callApi(testApp, token, "POST", "/api/plan", {
      ...journey,
      saveUnfinishedJourney: false,
    });

    expect(response.statusCode).toBe(201);
    const plan = planResponseSchema.parse(response.json());
    const attended = catalogue.attendance.find((option) => option.code === "attended");
    expect(plan.priceData).toEqual(attended?.price ? { attendance: attended.price } : {});
    expect(plan.saveUnfinishedJourney).toBe(false);
    const list = planListResponseSchema.parse((await callApi(testApp, token, "GET", "/api/plan")).json());
    expect(list.map((saved) => saved.id)).toEqual([plan.id]);
  });

  it("says there is nothing to save for a plan with no journey data", async () => {
    const { token } = await createSignedInCustomer(testApp);

    const response = await callApi(testApp, token, "POST", "/api/plan", { saveUnfinishedJourney: true });

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "Data", title: messages.nothingToSave },
    ]);
    expect((await callApi(testApp, token, "GET", "/api/plan")).json()).toEqual([]);
  });

  it("refuses a choice the catalogue does not hold, as PATCH does", async () => {
    const { token } = await createSignedInCustomer(testApp);

    const response = await callApi(testApp, token, "POST", "/api/plan", {
      attendance: { option: { id: 999_999, code: "attended" } },
    });

    expect(response.statusCode).toBe(422);
  });

  it("asks a visitor with an application token to sign in", async () => {
    const token = await testApp.requestApplicationToken();

    const response = await callApi(testApp, token, "POST", "/api/plan", attendedJourney());

    expect(response.statusCode).toBe(403);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "Request", title: messages.signInToSeeAccount },
    ]);
  });
});

describe("customer tokens", () => {
  it("stop working when they expire", async () => {
    const { token, user } = await createSignedInCustomer(testApp);
    await testApp.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(accessTokens.userId, user.id), eq(accessTokens.tokenHash, hashSecret(token))));

    expect((await callApi(testApp, token, "GET", "/api/user")).statusCode).toBe(401);
  });

  it("belong to a customer user, not a guest", async () => {
    const { token } = await createSignedInCustomer(testApp);

    const [row] = await testApp.db
      .select({ kind: users.kind })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .where(eq(accessTokens.tokenHash, hashSecret(token)));

    expect(row?.kind).toBe("customer");
  });
});
