import { randomUUID } from "node:crypto";
import { paymentSchema, planPaymentsSchema, sandboxCardAnswerSchema } from "@kindred/contracts";
import { eq, like, or, sql, type SQL } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../../src/db/database";
import { plans, sandboxMandates, sandboxPayments } from "../../src/db/schema";
import { sandboxBankAccounts } from "../../src/modules/payments";
import { planMoneyQueue } from "../../src/modules/payments/plan-money-store";
import { sandboxWebhookQueue } from "../../src/modules/payments/sandbox/sandbox-provider";
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

/** `POST /api/direct-debit-v2/create` for a plan, with one of the sandbox's bank accounts (and a new key unless given). */
export function requestDirectDebit(
  testApp: TestApp,
  token: string,
  planId: string,
  account: { sortCode: string; accountNumber: string },
  key?: string,
) {
  return withKey(
    testApp,
    token,
    "POST",
    "/api/direct-debit-v2/create",
    {
      planId,
      accountHolderName: "Margaret Thompson",
      sortCode: account.sortCode.replace(/-/g, ""),
      accountNumber: account.accountNumber,
      isSoleSignatory: true,
    },
    key,
  );
}

/**
 * Sets up a plan's Direct Debit with one of the sandbox's bank accounts (the one that collects,
 * unless told), which must be accepted, and waits for everything that follows (its notice, the
 * mandate's activation, the collections made with the provider).
 */
export async function setUpDirectDebit(
  testApp: TestApp,
  token: string,
  planId: string,
  account: { sortCode: string; accountNumber: string } = sandboxBankAccounts.collects,
) {
  const created = await requestDirectDebit(testApp, token, planId, account);
  expect(created.statusCode, created.body).toBe(201);
  await settlePayments(testApp);
  return created;
}

/** The plan's short reference (decision 045), which its Direct Debits' references start with. */
export async function planReferenceOf(db: Database, planId: string): Promise<string> {
  const [plan] = await db.select({ reference: plans.reference }).from(plans).where(eq(plans.id, planId));
  if (!plan) throw new Error(`No plan ${planId}`);
  return plan.reference;
}

/** The sandbox's mandates of the plan: under its reference, or its reference and their number. */
export async function sandboxMandatesOf(db: Database, planId: string): Promise<SQL | undefined> {
  const reference = await planReferenceOf(db, planId);
  return or(eq(sandboxMandates.reference, reference), like(sandboxMandates.reference, `${reference}/%`));
}

/** Every mandate the sandbox provider made for a plan, as its books hold them, oldest first. */
export async function mandatesAtTheProvider(testApp: TestApp, planId: string) {
  return testApp.db
    .select()
    .from(sandboxMandates)
    .where(await sandboxMandatesOf(testApp.db, planId))
    .orderBy(sandboxMandates.createdAt);
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
 * Waits until every payment webhook the sandbox has to send and every follow-up of a change to a
 * plan's money (refunds, cancellations with the provider, emails) is done, including what those
 * set off in turn: a cancellation's refund, then the sandbox's webhook confirming it.
 */
export async function settlePayments(testApp: TestApp): Promise<void> {
  const queues = sql.join(
    [sandboxWebhookQueue, planMoneyQueue].map((queue) => sql`${queue}`),
    sql`, `,
  );
  const unfinished = async () =>
    // Both drivers answer `{ rows }` (node-postgres's QueryResult, PGlite's Results).
    (
      (await testApp.db.execute(
        sql`select name, state, retry_count, output from pgboss.job where name in (${queues}) and state < 'completed'`,
      )) as unknown as { rows: object[] }
    ).rows;
  const givingUpAt = Date.now() + 20_000;
  for (;;) {
    await sandboxOf(testApp).idle();
    await testApp.app.planMoneyJobs.idle();
    const left = await unfinished();
    if (left.length === 0) return;
    // A job that keeps failing would be waited for until the test's own timeout, saying nothing.
    if (Date.now() > givingUpAt) throw new Error(`Payment jobs still unfinished: ${JSON.stringify(left)}`);
  }
}

/** Enters a test card on the sandbox's card page for a payment, as a person would. */
export function confirmOnSandbox(
  testApp: TestApp,
  token: string,
  payment: { providerPaymentId: string | null; clientSecret: string | null },
  cardNumber: string,
) {
  return callApi(
    testApp,
    token,
    "POST",
    `/api/sandbox-provider/card-payments/${payment.providerPaymentId}/confirm`,
    {
      clientSecret: payment.clientSecret,
      cardNumber,
      expiry: "04/39",
      securityCode: "123",
    },
  );
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
  const confirmed = await confirmOnSandbox(testApp, token, payment, cardNumber);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await settlePayments(testApp);
  return { payment, answer: sandboxCardAnswerSchema.parse(confirmed.json()) };
}

/** The provider takes a card payment (the customer finished it), but its webhook has not come yet. */
export async function takenByProvider(testApp: TestApp, providerPaymentId: string) {
  await testApp.db
    .update(sandboxPayments)
    .set({ status: "succeeded", cardEnding: "4242" })
    .where(eq(sandboxPayments.id, providerPaymentId));
}

/** A card payment's webhook as the sandbox signs it, posted to ours; answers our response. */
export function postCardWebhook(
  testApp: TestApp,
  event: { eventId: string; providerPaymentId: string; status: "confirmed" | "failed" },
) {
  const rawBody = JSON.stringify({ kind: "card_payment", ...event });
  return testApp.app.inject({
    method: "POST",
    url: "/webhooks/card-payments",
    payload: rawBody,
    headers: { "content-type": "application/json", "sandbox-signature": sandboxOf(testApp).sign(rawBody) },
  });
}

/** The provider's webhook saying a card payment was taken, arriving only now, signed as the sandbox signs it. */
export async function confirmationArrives(testApp: TestApp, providerPaymentId: string) {
  const response = await postCardWebhook(testApp, {
    eventId: `sbx_evt_late_${providerPaymentId}`,
    providerPaymentId,
    status: "confirmed",
  });
  expect(response.statusCode, response.body).toBe(204);
  await settlePayments(testApp);
}
