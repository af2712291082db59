import { describe, expect, it } from "vitest";
import {
  filteredValue,
  isNotFoundError,
  isNotFoundTransaction,
  notFoundPageAttribute,
  scrubErrorReport,
  scrubText,
} from "../src";

// What must never reach an error report, each as it might turn up.
const secrets = {
  password: "correct horse battery staple",
  token: "k3JqZ8w_4Nf0Lh2Rr9sVt1Xy6Bc5Dm7Ee8Gg0Hh1Ii2",
  resetToken: "b0d7c4e1f2a34c5d9e8f7a6b5c4d3e2f1a0b9c8d",
  clientSecret: "development-web-client-secret-change-me",
  sortCode: "20-00-00",
  accountNumber: "55779911",
  cardNumber: "4242 4242 4242 4242",
  healthNote: "Has early dementia and finds phone calls hard",
  email: "margaret.hughes@example.org",
  cookie: "session=abc123secretcookie",
  knownBrowser: "v1.4b0d6f2e-8c1a-4f3b-9d2e-7a6c5b4d3e2f.Qm9va2tlZXBlcg.1795000000.c2lnbmF0dXJl",
  signInLinkToken: "Zs0m3S1gnInL1nkT0k3nZs0m3S1gnInL1nkT0k3n12",
};

/** An event as Sentry's SDKs build one, carrying all of the above in the places they end up. */
function eventCarryingSecrets() {
  return {
    event_id: "0f3c1d9a2b7e4c5d8e9f0a1b2c3d4e5f",
    release: "kindred@3f2a9c1e7b6d5a4f3e2d1c0b9a8f7e6d5c4b3a29",
    environment: "production",
    level: "error",
    message: `Payment failed for sort code ${secrets.sortCode} account ${secrets.accountNumber}`,
    exception: {
      values: [
        {
          type: "TypeError",
          value: `Cannot read properties of undefined (Authorization: Bearer ${secrets.token})`,
          stacktrace: {
            frames: [
              {
                filename: "app:///plan.js",
                function: "savePlan",
                lineno: 12,
                vars: { password: secrets.password, card: secrets.cardNumber },
              },
            ],
          },
        },
      ],
    },
    request: {
      method: "POST",
      url: `https://plans.example/reset-password?token=${secrets.resetToken}`,
      query_string: `token=${secrets.resetToken}`,
      cookies: { session: secrets.cookie },
      headers: {
        Authorization: `Bearer ${secrets.token}`,
        Cookie: secrets.cookie,
        "User-Agent": "Mozilla/5.0",
        "x-client-secret": secrets.clientSecret,
      },
      data: {
        password: secrets.password,
        passwordRepeat: secrets.password,
        customer: {
          email: secrets.email,
          vulnerabilities: { dementiaOrAlzheimers: true, notes: secrets.healthNote },
        },
        bankDetails: { sortCode: secrets.sortCode, accountNumber: secrets.accountNumber },
      },
    },
    user: { id: "user-17", email: secrets.email, ip_address: "203.0.113.9" },
    breadcrumbs: [
      {
        category: "fetch",
        data: {
          method: "GET",
          url: `/api/account/confirm-email?token=${secrets.resetToken}`,
          status_code: 200,
        },
      },
      {
        category: "navigation",
        data: { from: "/planning", to: `/reset-password?token=${secrets.resetToken}` },
      },
      { category: "console", message: `posting {"password":"${secrets.password}"}` },
      { category: "console", message: `signing in with known_browser=${secrets.knownBrowser}` },
      { category: "console", message: `signing in with link_token=${secrets.signInLinkToken}` },
      {
        category: "navigation",
        data: { from: "/", to: `/account/sign-in-link?id=7&token=${secrets.signInLinkToken}` },
      },
    ],
    extra: {
      answers: { mentalHealth: true, longTermIllness: true },
      payer: { accountHolderName: "M Hughes", sortCode: secrets.sortCode },
      card: { cardNumber: secrets.cardNumber, cvc: "123" },
      note: `client_secret=${secrets.clientSecret}`,
      signIn: { knownBrowser: secrets.knownBrowser, linkToken: secrets.signInLinkToken },
    },
    contexts: {
      trace: {
        trace_id: "5b8efff798038103d269b633813fc60c",
        data: { "http.query": `?token=${secrets.token}` },
      },
    },
  };
}

describe("an error report", () => {
  it("keeps no password, token, bank or card detail, health answer, email or cookie", () => {
    const scrubbed = JSON.stringify(scrubErrorReport(eventCarryingSecrets()));

    for (const [name, secret] of Object.entries(secrets)) {
      expect(scrubbed, `${name} is gone`).not.toContain(secret);
    }
    for (const healthAnswer of [
      'dementiaOrAlzheimers":true',
      'mentalHealth":true',
      'longTermIllness":true',
    ]) {
      expect(scrubbed).not.toContain(healthAnswer);
    }
    expect(scrubbed).not.toContain("203.0.113.9");
    expect(scrubbed).not.toContain('"cvc":"123"');
  });

  it("keeps what helps to find the fault: the error, where it was, the page and who (by id)", () => {
    const scrubbed = scrubErrorReport(eventCarryingSecrets());

    expect(scrubbed.request).toEqual({
      method: "POST",
      url: "https://plans.example/reset-password",
      headers: { "User-Agent": "Mozilla/5.0" },
    });
    expect(scrubbed.user).toEqual({ id: "user-17" });
    expect(scrubbed.exception.values[0]).toEqual({
      type: "TypeError",
      value: `Cannot read properties of undefined (Authorization: Bearer ${filteredValue})`,
      stacktrace: { frames: [{ filename: "app:///plan.js", function: "savePlan", lineno: 12 }] },
    });
    expect(scrubbed.breadcrumbs[1]).toEqual({
      category: "navigation",
      data: { from: "/planning", to: `/reset-password?${filteredValue}` },
    });
    expect(scrubbed.release).toBe("kindred@3f2a9c1e7b6d5a4f3e2d1c0b9a8f7e6d5c4b3a29");
    expect(scrubbed.contexts.trace.trace_id).toBe("5b8efff798038103d269b633813fc60c");
  });

  it("leaves the event it was given as it was", () => {
    const event = eventCarryingSecrets();
    scrubErrorReport(event);
    expect(event).toEqual(eventCarryingSecrets());
  });

  it("scrubs free text but keeps ordinary sentences, amounts and plan ids", () => {
    expect(scrubText("What kind of funeral would you like? It costs 1450 pounds.")).toBe(
      "What kind of funeral would you like? It costs 1450 pounds.",
    );
    expect(scrubText("GET /api/plan/4b0d6f2e-8c1a-4f3b-9d2e-7a6c5b4d3e2f failed")).toBe(
      "GET /api/plan/4b0d6f2e-8c1a-4f3b-9d2e-7a6c5b4d3e2f failed",
    );
    expect(scrubText(`password=${secrets.password.split(" ")[0]}`)).toBe(`password=${filteredValue}`);
  });
});

describe("not-found reports", () => {
  it("recognise the not-found page's transactions", () => {
    expect(isNotFoundTransaction({ transaction: "/_not-found" })).toBe(true);
    expect(isNotFoundTransaction({ transaction: "GET /404" })).toBe(true);
    expect(
      isNotFoundTransaction({
        transaction: "/no-such-page",
        contexts: { trace: { data: { [notFoundPageAttribute]: "not-found" } } },
      }),
    ).toBe(true);
    expect(
      isNotFoundTransaction({
        transaction: "GET /api/plan/:id",
        contexts: { trace: { data: { "http.response.status_code": 404 } } },
      }),
    ).toBe(true);
    expect(isNotFoundTransaction({ transaction: "/planning/attendance" })).toBe(false);
  });

  it("recognise errors that only mean not found", () => {
    expect(isNotFoundError(Object.assign(new Error("No such plan"), { statusCode: 404 }))).toBe(true);
    expect(
      isNotFoundError(
        Object.assign(new Error("NEXT_HTTP_ERROR_FALLBACK;404"), { digest: "NEXT_HTTP_ERROR_FALLBACK;404" }),
      ),
    ).toBe(true);
    expect(isNotFoundError(new Error("NEXT_NOT_FOUND"))).toBe(true);
    expect(isNotFoundError(Object.assign(new Error("boom"), { statusCode: 500 }))).toBe(false);
    expect(isNotFoundError("a string")).toBe(false);
  });
});
