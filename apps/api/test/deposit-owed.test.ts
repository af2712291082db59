import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxBankAccounts, sandboxCards } from "../src/modules/payments";
import {
  choosePayment,
  payByCard,
  paymentsOf,
  requestDirectDebit,
  settlePayments,
  withKey,
} from "./support/paying";
import { readyPlan } from "./support/ready-plans";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * A deposit still to pay (issue 25 item 1): the payment page sets up the Direct Debit first and
 * takes the deposit by card after, so a person who leaves between the two has a Direct Debit and
 * no deposit. The plan's payments say what is owed (`depositOwed`, the domain's rule).
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const depositChoice = { option: "deposit", deposit: 25_000, months: 12 } as const;

describe("a deposit still to pay", () => {
  it("is owed once the Direct Debit is set up without it, and owed no more once paid", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, depositChoice);
    expect((await paymentsOf(testApp, ready.token, ready.planId)).depositOwed).toBeNull();

    const created = await requestDirectDebit(
      testApp,
      ready.token,
      ready.planId,
      sandboxBankAccounts.collects,
    );
    expect(created.statusCode, created.body).toBe(201);
    await settlePayments(testApp);

    // SPEC.md section 4's paid flag stays as it is; what is owed is said beside it.
    expect(await paymentsOf(testApp, ready.token, ready.planId)).toMatchObject({
      state: "paying_by_instalments",
      paid: true,
      depositOwed: 25_000,
    });

    const { answer } = await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
    expect(answer.status).toBe("processing");
    expect(await paymentsOf(testApp, ready.token, ready.planId)).toMatchObject({
      state: "paying_by_instalments",
      depositOwed: null,
    });
  });

  it("is not owed when the deposit was paid before the Direct Debit", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, depositChoice);
    await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
    const created = await requestDirectDebit(
      testApp,
      ready.token,
      ready.planId,
      sandboxBankAccounts.collects,
    );
    expect(created.statusCode, created.body).toBe(201);
    await settlePayments(testApp);

    expect((await paymentsOf(testApp, ready.token, ready.planId)).depositOwed).toBeNull();
  });

  it("is not owed once the plan is cancelled", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, depositChoice);
    const created = await requestDirectDebit(
      testApp,
      ready.token,
      ready.planId,
      sandboxBankAccounts.collects,
    );
    expect(created.statusCode, created.body).toBe(201);
    await settlePayments(testApp);
    expect((await paymentsOf(testApp, ready.token, ready.planId)).depositOwed).toBe(25_000);

    const cancelled = await withKey(testApp, ready.token, "POST", `/api/plan/${ready.planId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await paymentsOf(testApp, ready.token, ready.planId)).depositOwed).toBeNull();
  });
});
