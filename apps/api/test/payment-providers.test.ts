import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardFieldsSchema, planPaymentsSchema, violationsResponseSchema } from "@kindred/contracts";
import { purchaseMessages } from "@kindred/domain";
import { loadConfig } from "../src/config";
import { createPaymentProviders } from "../src/modules/payments";
import type { CardPaymentProvider, DirectDebitProvider } from "../src/modules/payments/provider";
import { startFakeGoCardless, type FakeGoCardless } from "./support/fake-gocardless";
import { callApi } from "./support/customers";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { readyPlan } from "./support/ready-plans";
import { createTestApp, type TestApp } from "./support/test-app";

const stripeKeys = {
  secretKey: "sk_test_51KindredWiring0123456789",
  webhookSecret: "whsec_KindredWiring0123",
  publishableKey: "pk_test_51KindredWiring0123456789",
};
const goCardlessKeys = { accessToken: "sandbox_KindredWiring0123", webhookSecret: "kindred-wiring-secret" };

/** Stand-ins for the embedded sandbox providers, which the payments service makes. */
const sandbox = {
  card: { name: "sandbox" } as CardPaymentProvider,
  directDebit: { name: "sandbox" } as DirectDebitProvider,
};

let stripe: FakeStripe;
let goCardless: FakeGoCardless;
beforeAll(async () => {
  stripe = await startFakeStripe(stripeKeys);
  goCardless = await startFakeGoCardless(goCardlessKeys);
});
afterAll(async () => {
  await stripe.close();
  await goCardless.close();
});

function realProviders(overrides: Record<string, string> = {}) {
  const config = loadConfig({
    CARD_PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: stripeKeys.secretKey,
    STRIPE_WEBHOOK_SECRET: stripeKeys.webhookSecret,
    STRIPE_PUBLISHABLE_KEY: stripeKeys.publishableKey,
    STRIPE_API_BASE_URL: stripe.baseUrl,
    DIRECT_DEBIT_PROVIDER: "gocardless",
    GOCARDLESS_ACCESS_TOKEN: goCardlessKeys.accessToken,
    GOCARDLESS_WEBHOOK_SECRET: goCardlessKeys.webhookSecret,
    GOCARDLESS_BASE_URL: `${goCardless.baseUrl}/`,
    ...overrides,
  });
  return createPaymentProviders(config, { sandbox });
}

describe("the payment providers the settings choose", () => {
  it("are the sandbox ones by default", () => {
    const providers = createPaymentProviders(loadConfig({}), { sandbox });

    expect(providers.card).toBe(sandbox.card);
    expect(providers.directDebit).toBe(sandbox.directDebit);
  });

  it("are Stripe and GoCardless when chosen, each reached at its address with its own secret", async () => {
    const providers = realProviders();

    const payment = await providers.card.createPayment({
      amountPence: 12_000,
      description: "Kindred Funeral Plans: payment in full",
      reference: "payment-wiring",
      idempotencyKey: "wiring-card-1",
    });
    const mandate = await providers.directDebit.createMandate({
      bankAccount: { accountHolderName: "Arthur Pendle", sortCode: "20-00-00", accountNumber: "55779911" },
      customer: {
        givenName: "Arthur",
        familyName: "Pendle",
        email: "arthur.pendle@example.com",
        address: { line1: "3 Mill Lane", locality: "Leeds", postcode: "LS1 4AP" },
      },
      reference: "mandate-wiring",
      requestId: "wiring-mandate-1",
    });

    expect([providers.card.name, providers.directDebit.name]).toEqual(["stripe", "gocardless"]);
    expect(stripe.paymentIntents.has(payment.providerPaymentId)).toBe(true);
    expect(goCardless.mandates.has(mandate.providerMandateId)).toBe(true);
  });

  it("mix a real provider with a sandbox one", () => {
    const providers = realProviders({ DIRECT_DEBIT_PROVIDER: "sandbox" });

    expect(providers.card.name).toBe("stripe");
    expect(providers.directDebit).toBe(sandbox.directDebit);
  });

  it("give up on a provider after PAYMENT_PROVIDER_TIMEOUT_MS", async () => {
    const providers = realProviders({ PAYMENT_PROVIDER_TIMEOUT_MS: "200" });
    stripe.hangNext();
    goCardless.hangNext();

    const [card, directDebit] = await Promise.allSettled([
      providers.card.refundPayment({ providerPaymentId: "pi_x", amountPence: 1, idempotencyKey: "k1" }),
      providers.directDebit.cancelMandate("MD000KINDRED"),
    ]);

    expect(card).toMatchObject({
      status: "rejected",
      reason: { name: "PaymentProviderError", reason: "timed out" },
    });
    expect(directDebit).toMatchObject({
      status: "rejected",
      reason: { name: "PaymentProviderError", reason: "timed out" },
    });
  });
});

describe("GoCardless taking the Direct Debits", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      DIRECT_DEBIT_PROVIDER: "gocardless",
      GOCARDLESS_ACCESS_TOKEN: goCardlessKeys.accessToken,
      GOCARDLESS_WEBHOOK_SECRET: goCardlessKeys.webhookSecret,
      GOCARDLESS_BASE_URL: `${goCardless.baseUrl}/`,
    });
  });
  afterAll(() => testApp.close());

  it("says so to the site, and refuses to take collections early: only the sandbox can", async () => {
    const { token, planId } = await readyPlan(testApp);

    const fields = await callApi(testApp, token, "GET", "/api/payments/card-fields");
    expect(cardFieldsSchema.parse(fields.json())).toEqual({
      provider: "sandbox",
      directDebitProvider: "gocardless",
    });
    const early = await callApi(testApp, token, "POST", "/api/sandbox-provider/collections", {
      planId,
      until: "2030-01-01",
    });
    expect(early.statusCode).toBe(404);
  });
});

describe("a payment provider that refuses us", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      CARD_PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_51SomebodyElsesKey000000000",
      STRIPE_WEBHOOK_SECRET: stripeKeys.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: stripeKeys.publishableKey,
      STRIPE_API_BASE_URL: stripe.baseUrl,
    });
  });
  afterAll(() => testApp.close());

  it("tells the payment page to show Stripe's card fields, with the publishable key and no secret", async () => {
    const { token } = await readyPlan(testApp);

    const response = await callApi(testApp, token, "GET", "/api/payments/card-fields");

    expect(response.statusCode).toBe(200);
    expect(cardFieldsSchema.parse(response.json())).toEqual({
      provider: "stripe",
      publishableKey: stripeKeys.publishableKey,
      directDebitProvider: "sandbox",
    });
    expect(response.body).not.toContain("sk_test_");
    const sandboxFields = await callApi(
      testApp,
      token,
      "POST",
      "/api/sandbox-provider/card-payments/sbx_pay_0123456789abcdef/confirm",
      { clientSecret: "x", cardNumber: "4242424242424242", expiry: "04/29", securityCode: "123" },
    );
    expect(sandboxFields.statusCode).toBe(404);
  });

  it("answers 502 in plain words, takes nothing, and lets the customer try again", async () => {
    const { planId, token } = await readyPlan(testApp);
    const chosen = await callApi(testApp, token, "PUT", `/api/plan/${planId}/payment-choice`, {
      option: "full",
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const pay = () =>
      testApp.app.inject({
        method: "POST",
        url: "/api/payments/create",
        payload: { planId, paymentOption: "full" },
        headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
      });

    const first = await pay();
    const second = await pay();

    for (const answer of [first, second]) {
      expect(answer.statusCode).toBe(502);
      expect(violationsResponseSchema.parse(answer.json()).violations).toEqual([
        { propertyPath: "Global", title: purchaseMessages.paymentProviderUnavailable },
      ]);
    }
    const state = await callApi(testApp, token, "GET", `/api/plan/${planId}/payments`);
    expect(planPaymentsSchema.parse(state.json())).toMatchObject({ paid: false, state: "ready_to_pay" });
    expect(testApp.logs.join("\n")).not.toContain("sk_test_51SomebodyElsesKey");
  });
});
