import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../src/modules/payments";
import { choosePayment, payByCard, paymentsOf, setUpDirectDebit, withKey } from "./support/paying";
import { readyPlan } from "./support/ready-plans";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * A deposit still to pay (issue 25 item 1): the payment page sets up the Direct Debit first and
 * takes the deposit by card after, so a person who leaves between the two has a Direct Debit and
 * no deposit. The plan's payments say what is owed (`depositOwed`, the domain's rule), and so does
 * the Direct Debit's notice when it is written.
 */

const siteUrl = "https://plans.kindred.test";
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ SITE_URL: siteUrl });
});
afterAll(() => testApp.close());

const depositChoice = { option: "deposit", deposit: 25_000, months: 12 } as const;

async function noticeTo(email: string) {
  const notice = (await testApp.readOutbox()).find(
    (message) => message.to === email && message.subject.startsWith("Your Direct Debit is set up"),
  );
  expect(notice).toBeDefined();
  return notice!;
}

describe("a deposit still to pay", () => {
  it("is owed once the Direct Debit is set up without it, said in the notice with the way to the account, and owed no more once paid", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, depositChoice);
    expect((await paymentsOf(testApp, ready.token, ready.planId)).depositOwed).toBeNull();

    await setUpDirectDebit(testApp, ready.token, ready.planId);

    // SPEC.md section 4's paid flag stays as it is; what is owed is said beside it.
    expect(await paymentsOf(testApp, ready.token, ready.planId)).toMatchObject({
      state: "paying_by_instalments",
      paid: true,
      depositOwed: 25_000,
    });
    const notice = await noticeTo(ready.email);
    expect(notice.text).toContain(
      "Your deposit of £250 is paid by card: if you have not finished paying it, you can pay it in your account.",
    );
    expect(notice.text).toContain(`Pay your deposit:\n${siteUrl}/account?plan=${ready.planId}`);

    const { answer } = await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
    expect(answer.status).toBe("processing");
    expect(await paymentsOf(testApp, ready.token, ready.planId)).toMatchObject({
      state: "paying_by_instalments",
      depositOwed: null,
    });
  });

  it("is not owed, nor mentioned in the notice, when the deposit was paid before the Direct Debit", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, depositChoice);
    await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
    await setUpDirectDebit(testApp, ready.token, ready.planId);

    expect((await paymentsOf(testApp, ready.token, ready.planId)).depositOwed).toBeNull();
    const notice = await noticeTo(ready.email);
    expect(notice.text).not.toContain("Pay your deposit");
    expect(notice.text).not.toContain("if you have not finished paying it");
  });

  it("is not owed once the plan is cancelled", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, depositChoice);
    await setUpDirectDebit(testApp, ready.token, ready.planId);
    expect((await paymentsOf(testApp, ready.token, ready.planId)).depositOwed).toBe(25_000);

    const cancelled = await withKey(testApp, ready.token, "POST", `/api/plan/${ready.planId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await paymentsOf(testApp, ready.token, ready.planId)).depositOwed).toBeNull();
  });
});
