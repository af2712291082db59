import { randomUUID } from "node:crypto";
import { paymentSchema, planPaymentsSchema, sandboxCardAnswerSchema } from "@kindred/contracts";
import { expect } from "vitest";
import { callApi } from "./customers";
import type { TestApp } from "./test-app";

/** A call that moves money, with an `Idempotency-Key` (a new one unless given). */
export function withKey(
  testApp: TestApp,
  token: string,
  method: "POST" | "PUT",
  url: string,
  payload: unknown,
  key: string = randomUUID(),
) {
  return testApp.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}`, "idempotency-key": key },
  });
}

/** The embedded sandbox provider the test app runs on. */
export function sandboxOf(testApp: TestApp) {
  const provider = testApp.app.sandboxProvider;
  if (!provider) throw new Error("The test app runs on the sandbox provider");
  return provider;
}

/** `PUT /api/plan/{id}/payment-choice`, which must be accepted. */
export async function choosePayment(testApp: TestApp, token: string, planId: string, choice: unknown) {
  const response = await callApi(testApp, token, "PUT", `/api/plan/${planId}/payment-choice`, choice);
  expect(response.statusCode, response.body).toBe(200);
  return planPaymentsSchema.parse(response.json());
}

/** `GET /api/plan/{id}/payments`, which must answer. */
export async function paymentsOf(testApp: TestApp, token: string, planId: string) {
  const response = await callApi(testApp, token, "GET", `/api/plan/${planId}/payments`);
  expect(response.statusCode, response.body).toBe(200);
  return planPaymentsSchema.parse(response.json());
}

/**
 * Starts a card payment and enters `cardNumber` on the sandbox's card page, as a person would,
 * then waits until the sandbox's webhooks have been delivered.
 */
export async function payByCard(
  testApp: TestApp,
  token: string,
  planId: string,
  paymentOption: "full" | "deposit",
  cardNumber: string,
) {
  const created = await withKey(testApp, token, "POST", "/api/payments/create", { planId, paymentOption });
  expect(created.statusCode, created.body).toBe(201);
  const payment = paymentSchema.parse(created.json());
  const confirmed = await callApi(
    testApp,
    token,
    "POST",
    `/api/sandbox-provider/card-payments/${payment.providerPaymentId}/confirm`,
    { clientSecret: payment.clientSecret, cardNumber, expiry: "04/39", securityCode: "123" },
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await sandboxOf(testApp).idle();
  return { payment, answer: sandboxCardAnswerSchema.parse(confirmed.json()) };
}
