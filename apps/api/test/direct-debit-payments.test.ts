import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDirectDebitResponseSchema,
  paymentSchema,
  planPaymentsSchema,
  sandboxCardAnswerSchema,
} from "@kindred/contracts";
import { paymentSchedule, sumPence } from "@kindred/domain";
import { sandboxBankAccounts, sandboxCards } from "../src/modules/payments";
import { callApi } from "./support/customers";
import { readyPlan } from "./support/ready-plans";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function withKey(token: string, url: string, payload: unknown) {
  return testApp.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
  });
}

const sandbox = () => {
  const provider = testApp.app.sandboxProvider;
  if (!provider) throw new Error("The test app runs on the sandbox provider");
  return provider;
};

async function paymentsOf(token: string, planId: string) {
  const response = await callApi(testApp, token, "GET", `/api/plan/${planId}/payments`);
  expect(response.statusCode, response.body).toBe(200);
  return planPaymentsSchema.parse(response.json());
}

async function payDeposit(token: string, planId: string) {
  const created = await withKey(token, "/api/payments/create", { planId, paymentOption: "deposit" });
  expect(created.statusCode, created.body).toBe(201);
  const payment = paymentSchema.parse(created.json());
  const confirmed = await callApi(
    testApp,
    token,
    "POST",
    `/api/sandbox-provider/card-payments/${payment.providerPaymentId}/confirm`,
    {
      clientSecret: payment.clientSecret,
      cardNumber: sandboxCards.succeeds,
      expiry: "04/39",
      securityCode: "123",
    },
  );
  expect(sandboxCardAnswerSchema.parse(confirmed.json()).status).toBe("processing");
  await sandbox().idle();
}

async function depositPlan(account: { sortCode: string; accountNumber: string }, deposit = 25_000) {
  const ready = await readyPlan(testApp);
  const choice = { option: "deposit", deposit, months: 12 } as const;
  const chosen = await callApi(
    testApp,
    ready.token,
    "PUT",
    `/api/plan/${ready.planId}/payment-choice`,
    choice,
  );
  expect(chosen.statusCode, chosen.body).toBe(200);
  await payDeposit(ready.token, ready.planId);
  const created = await withKey(ready.token, "/api/direct-debit-v2/create", {
    planId: ready.planId,
    accountHolderName: "Margaret Thompson",
    sortCode: account.sortCode.replace(/-/g, ""),
    accountNumber: account.accountNumber,
    isSoleSignatory: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  await sandbox().idle();
  return { ...ready, choice, created };
}

describe("a deposit and monthly instalments by Direct Debit", () => {
  it("sets up the mandate with the schedule, shows only the last four digits, and collects month by month", async () => {
    const { planId, price, token, email, catalogue, choice, created } = await depositPlan(
      sandboxBankAccounts.collects,
    );
    const mandate = createDirectDebitResponseSchema.parse(created.json());
    expect(mandate.directDebit).toMatchObject({ sortCode: "20-00-00", accountNumberEnding: "9911" });
    expect(created.body).not.toContain(sandboxBankAccounts.collects.accountNumber);
    expect(mandate.instalments).toBe(12);

    let state = await paymentsOf(token, planId);
    const schedule = paymentSchedule(
      price,
      choice,
      catalogue.paymentTerms,
      new Date().toISOString().slice(0, 10),
    );
    expect(state).toMatchObject({ state: "paying_by_instalments", paid: true, collected: 0 });
    expect(state.directDebit?.status).toBe("active");
    expect(mandate.firstCollection).toEqual({
      date: schedule.instalments[0]?.date,
      amount: schedule.instalments[0]?.amount,
    });
    expect(25_000 + sumPence(state.collections.map((collection) => collection.amount))).toBe(
      schedule.totalPayable,
    );

    await sandbox().collectDue(state.collections[1]!.date);
    await sandbox().idle();

    state = await paymentsOf(token, planId);
    expect(state.collected).toBe(2);
    expect(state.collections.slice(0, 3).map((collection) => collection.status)).toEqual([
      "collected",
      "collected",
      "scheduled",
    ]);
    const notice = (await testApp.readOutbox()).find(
      (message) => message.to === email && message.subject.startsWith("Your Direct Debit is set up"),
    );
    expect(notice?.text).toContain("ending 9911");
    expect(notice?.text).not.toContain(sandboxBankAccounts.collects.accountNumber);
  });

  it("after two missed payments sends one statement with 10 days to catch up, and the plan shows it", async () => {
    const { planId, token, email } = await depositPlan(sandboxBankAccounts.collectionsFail);
    const { collections } = await paymentsOf(token, planId);

    await sandbox().collectDue(collections[0]!.date);
    await sandbox().idle();
    expect((await paymentsOf(token, planId)).arrears).toBeNull();
    await sandbox().collectDue(collections[1]!.date);
    await sandbox().idle();

    const state = await paymentsOf(token, planId);
    expect(state.missedPayments).toBe(2);
    expect(state.arrears?.owed).toBe(collections[0]!.amount + collections[1]!.amount);
    const statements = (await testApp.readOutbox()).filter(
      (message) =>
        message.to === email && message.subject === "Two payments for your funeral plan have been missed",
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]?.text).toContain("Please pay what is owed by");
  });

  it("cancels at any time with no fee: refunds everything paid, stops the Direct Debit, and says so by email", async () => {
    const { planId, token, email } = await depositPlan(sandboxBankAccounts.collects, 50_000);
    const before = await paymentsOf(token, planId);
    await sandbox().collectDue(before.collections[0]!.date);
    await sandbox().idle();

    const cancelled = await withKey(token, `/api/plan/${planId}/cancel`, {});
    await sandbox().idle();

    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(planPaymentsSchema.parse(cancelled.json()).refunded).toBe(50_000 + before.collections[0]!.amount);
    const state = await paymentsOf(token, planId);
    expect(state.state).toBe("cancelled");
    expect(state.directDebit?.status).toBe("cancelled");
    expect(state.payments[0]?.status).toBe("refunded");
    expect(state.collections[0]?.status).toBe("refunded");
    expect(state.collections.slice(1).every((collection) => collection.status === "cancelled")).toBe(true);
    const again = await withKey(token, "/api/payments/create", { planId, paymentOption: "deposit" });
    expect(again.statusCode).toBe(409);
    const message = (await testApp.readOutbox()).find(
      (outgoing) => outgoing.to === email && outgoing.subject === "Your funeral plan has been cancelled",
    );
    expect(message?.text).toContain("within 30 days");
  });
});
