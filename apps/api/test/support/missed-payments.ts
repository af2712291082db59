import { expect } from "vitest";
import { sandboxBankAccounts, sandboxCards } from "../../src/modules/payments";
import { callApi } from "./customers";
import { choosePayment, payByCard, paymentsOf, setUpDirectDebit, settlePayments } from "./paying";
import { readyPlan } from "./ready-plans";
import type { TestApp } from "./test-app";

/** The deposit `failingInstalmentPlan` pays by card. */
export const failingPlanDeposit = 25_000;

/**
 * A plan paid by a deposit and instalments from the sandbox's failing account (55779922), its first
 * two collections taken and missed, so the arrears statement is sent. Answers the ready plan and
 * what the two missed collections owe.
 */
export async function failingInstalmentPlan(testApp: TestApp) {
  const ready = await readyPlan(testApp);
  await choosePayment(testApp, ready.token, ready.planId, {
    option: "deposit",
    deposit: failingPlanDeposit,
    months: 12,
  });
  await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
  await setUpDirectDebit(testApp, ready.token, ready.planId, sandboxBankAccounts.collectionsFail);
  const { collections } = await paymentsOf(testApp, ready.token, ready.planId);
  const taken = await callApi(testApp, ready.token, "POST", "/api/sandbox-provider/collections", {
    planId: ready.planId,
    until: collections[1]!.date,
  });
  expect(taken.statusCode, taken.body).toBe(200);
  await settlePayments(testApp);
  return { ...ready, owed: collections[0]!.amount + collections[1]!.amount };
}
