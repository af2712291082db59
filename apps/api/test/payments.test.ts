import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cardFieldsSchema,
  paymentSchema,
  sandboxCardAnswerSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { endOfTheFirstMonths, purchaseMessages, ukToday, whenTheTimeComesExplained } from "@kindred/domain";
import { eq } from "drizzle-orm";
import { payments, sandboxPayments } from "../src/db/schema";
import { sandboxBankAccounts, sandboxCards } from "../src/modules/payments";
import { atOnce } from "./support/at-once";
import { callApi, createSignedInCustomer } from "./support/customers";
import {
  choosePayment,
  confirmOnSandbox,
  payByCard,
  paymentsOf,
  sandboxOf,
  withKey,
  settlePayments,
} from "./support/paying";
import { readyPlan } from "./support/ready-plans";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("paying in full by card", () => {
  it("charges the plan's price once the provider confirms, marks it paid, and emails both PDFs", async () => {
    const { planId, price, token, email, catalogue } = await readyPlan(testApp);
    expect((await paymentsOf(testApp, token, planId)).state).toBe("ready_to_pay");
    await choosePayment(testApp, token, planId, { option: "full" });

    const { payment, answer } = await payByCard(testApp, token, planId, "full", sandboxCards.succeeds);

    expect(payment).toMatchObject({
      amount: price,
      status: "pending",
      completed: false,
      provider: "sandbox",
    });
    expect(answer.status).toBe("processing");
    const state = await paymentsOf(testApp, token, planId);
    expect(state).toMatchObject({ state: "paid", paid: true });
    expect(state.payments).toEqual([
      expect.objectContaining({ status: "confirmed", completed: true, amount: price }),
    ]);
    const [confirmation] = (await testApp.readOutbox()).filter(
      (message) => message.to === email && message.subject === "Your funeral plan is confirmed",
    );
    // Under the plan's short reference, to keep and read out (decision 045).
    expect(state.planReference).toMatch(/^KND-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(confirmation?.text).toContain(`Your plan reference is ${state.planReference}.`);
    expect(confirmation?.partTypes.filter((type) => type === "application/pdf")).toHaveLength(2);
    // What happens when the person covered dies, for a plan paid in full.
    const [paidInFull] = whenTheTimeComesExplained(
      { option: "full" },
      catalogue.paymentTerms.moratoriumMonths,
    );
    expect(confirmation?.text).toContain(paidInFull?.text);
  });

  it("says when the plan was bought, and when its first months end, only once it is paid", async () => {
    const { planId, token, catalogue } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });
    expect((await paymentsOf(testApp, token, planId)).whenTheTimeComes).toBeNull();

    const { payment } = await payByCard(testApp, token, planId, "full", sandboxCards.succeeds);

    const [row] = await testApp.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.completedAt).toBeInstanceOf(Date);
    const boughtOn = ukToday(row!.completedAt!);
    const { moratoriumMonths } = catalogue.paymentTerms;
    expect((await paymentsOf(testApp, token, planId)).whenTheTimeComes).toEqual({
      boughtOn,
      moratoriumMonths,
      firstMonthsEndOn: endOfTheFirstMonths(boughtOn, moratoriumMonths),
    });
  });

  // Two requests with one key at once: the key's unique constraint keeps one payment.
  it(
    "answers the same payment for the same Idempotency-Key, and refuses that key with another body",
    { tags: ["engine"] },
    async () => {
      const { planId, token } = await readyPlan(testApp);
      await choosePayment(testApp, token, planId, { option: "full" });
      const key = randomUUID();

      const [first, second] = await atOnce([
        withKey(testApp, token, "POST", "/api/payments/create", { planId, paymentOption: "full" }, key),
        withKey(testApp, token, "POST", "/api/payments/create", { planId, paymentOption: "full" }, key),
      ]);
      const reused = await withKey(
        testApp,
        token,
        "POST",
        "/api/payments/create",
        { planId, paymentOption: "deposit" },
        key,
      );

      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
      expect(paymentSchema.parse(first.json()).id).toBe(paymentSchema.parse(second.json()).id);
      expect(reused.statusCode).toBe(422);
      expect(violationsResponseSchema.parse(reused.json()).violations).toEqual([
        { propertyPath: "Idempotency-Key", title: purchaseMessages.idempotencyKeyReused },
      ]);
      expect(await testApp.db.select().from(payments).where(eq(payments.planId, planId))).toHaveLength(1);
    },
  );

  it("never opens a second payment for a plan, even with a new key, and nothing once it is paid", async () => {
    const { planId, token } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });
    const { payment } = await payByCard(testApp, token, planId, "full", sandboxCards.succeeds);

    const again = await withKey(testApp, token, "POST", "/api/payments/create", {
      planId,
      paymentOption: "full",
    });

    expect(again.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(again.json()).violations[0]?.title).toBe(
      purchaseMessages.planAlreadyPaid,
    );
    const rows = await testApp.db.select().from(payments).where(eq(payments.planId, planId));
    expect(rows.map((row) => row.id)).toEqual([payment.id]);
    const providerRows = await testApp.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.kind, "card"));
    expect(providerRows.filter((row) => row.id === payment.providerPaymentId)).toHaveLength(1);
  });

  it("refuses a request without an Idempotency-Key, and charges nothing", async () => {
    const { planId, token } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });

    const response = await callApi(testApp, token, "POST", "/api/payments/create", {
      planId,
      paymentOption: "full",
    });

    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(purchaseMessages.idempotencyKeyMissing);
    expect(await testApp.db.select().from(payments).where(eq(payments.planId, planId))).toHaveLength(0);
  });

  it("never charges a plan that is not ready, and answers 404 for another customer's plan", async () => {
    const other = await createSignedInCustomer(testApp);
    const { planId, token } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });

    const notTheirs = await withKey(testApp, other.token, "POST", "/api/payments/create", {
      planId,
      paymentOption: "full",
    });
    const noChoice = await readyPlan(testApp);
    const unchosen = await withKey(testApp, noChoice.token, "POST", "/api/payments/create", {
      planId: noChoice.planId,
      paymentOption: "full",
    });
    const otherReads = await callApi(testApp, other.token, "GET", `/api/plan/${planId}/payments`);

    expect(notTheirs.statusCode).toBe(404);
    expect(otherReads.statusCode).toBe(404);
    expect(unchosen.statusCode).toBe(422);
    expect(violationsResponseSchema.parse(unchosen.json()).violations[0]?.title).toBe(
      purchaseMessages.paymentChoiceNeeded,
    );
  });

  it("a declined card takes nothing and leaves the plan open for another attempt", async () => {
    const { planId, token } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });

    const { answer, payment } = await payByCard(testApp, token, planId, "full", sandboxCards.declined);
    const askedAgain = await confirmOnSandbox(testApp, token, payment, sandboxCards.declined);
    const retry = await payByCard(testApp, token, planId, "full", sandboxCards.succeeds);

    expect(answer).toEqual({ status: "declined", message: purchaseMessages.cardDeclined });
    // The same card asked again (a second click) gets the same answer.
    expect(sandboxCardAnswerSchema.parse(askedAgain.json())).toEqual(answer);
    expect(retry.answer.status).toBe("processing");
    // Paying again is another payment, and the declined one is cancelled, so an old tab cannot
    // finish it too (issue 46 item 2).
    const state = await paymentsOf(testApp, token, planId);
    expect(state.payments.map((payment) => payment.status)).toEqual(["cancelled", "confirmed"]);
    expect(state.paid).toBe(true);
  });

  it("a card that needs the bank's confirmation is paid only once it is confirmed", async () => {
    const { planId, token } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });
    const { payment, answer } = await payByCard(
      testApp,
      token,
      planId,
      "full",
      sandboxCards.needsConfirmation,
    );
    expect(answer.status).toBe("requires_action");
    expect((await paymentsOf(testApp, token, planId)).paid).toBe(false);

    const approved = await callApi(
      testApp,
      token,
      "POST",
      `/api/sandbox-provider/card-payments/${payment.providerPaymentId}/authenticate`,
      { clientSecret: payment.clientSecret, approve: true },
    );
    await settlePayments(testApp);

    expect(approved.statusCode, approved.body).toBe(200);
    expect((await paymentsOf(testApp, token, planId)).paid).toBe(true);
  });

  it("the sandbox's card fields refuse anything but a valid test card, naming the field", async () => {
    const { planId, token } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });
    const created = await withKey(testApp, token, "POST", "/api/payments/create", {
      planId,
      paymentOption: "full",
    });
    const payment = paymentSchema.parse(created.json());

    const response = await callApi(
      testApp,
      token,
      "POST",
      `/api/sandbox-provider/card-payments/${payment.providerPaymentId}/confirm`,
      {
        clientSecret: payment.clientSecret,
        cardNumber: "4242 4242 4242 4241",
        expiry: "13/20",
        securityCode: "12",
      },
    );

    expect(response.statusCode).toBe(422);
    expect(
      violationsResponseSchema.parse(response.json()).violations.map((violation) => violation.propertyPath),
    ).toEqual(["cardNumber", "expiry", "securityCode"]);
  });

  it("tells the payment page to show the sandbox's own card fields", async () => {
    const { token } = await readyPlan(testApp);

    const response = await callApi(testApp, token, "GET", "/api/payments/card-fields");

    expect(response.statusCode).toBe(200);
    expect(cardFieldsSchema.parse(response.json())).toEqual({
      provider: "sandbox",
      directDebitProvider: "sandbox",
    });
  });
});

describe("webhooks", () => {
  it("handles a replayed event once, and refuses a forged one with 401, changing nothing", async () => {
    const { planId, token } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });
    const { payment } = await payByCard(testApp, token, planId, "full", sandboxCards.needsConfirmation);
    const body = JSON.stringify({
      eventId: `evt_${randomUUID()}`,
      kind: "card_payment",
      providerPaymentId: payment.providerPaymentId,
      status: "confirmed",
    });
    const post = (signature: string) =>
      testApp.app.inject({
        method: "POST",
        url: "/webhooks/card-payments",
        payload: body,
        headers: { "content-type": "application/json", "sandbox-signature": signature },
      });

    // One hex digit of the signature changed (to another digit, whatever it was).
    const forgedSignature = sandboxOf(testApp)
      .sign(body)
      .replace(/v1=(.)/, (_, digit: string) => `v1=${digit === "0" ? "1" : "0"}`);
    const forged = await post(forgedSignature);
    expect(forged.statusCode).toBe(401);
    expect((await paymentsOf(testApp, token, planId)).paid).toBe(false);

    const signature = sandboxOf(testApp).sign(body);
    const first = await post(signature);
    const replayed = await post(signature);

    expect([first.statusCode, replayed.statusCode]).toEqual([204, 204]);
    const state = await paymentsOf(testApp, token, planId);
    expect(state.paid).toBe(true);
    const confirmations = (await testApp.readOutbox()).filter(
      (message) =>
        message.subject === "Your funeral plan is confirmed" && message.text.includes(state.planReference),
    );
    expect(confirmations).toHaveLength(1);
  });

  it("answers a correctly signed body that is not an event 400 on both webhooks, changing nothing", async () => {
    const { planId, token } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });
    const before = await paymentsOf(testApp, token, planId);
    for (const url of ["/webhooks/card-payments", "/webhooks/direct-debit"]) {
      for (const body of ["{not json", "null", "{}", "[]", '{"kind":"card_payment","status":"confirmed"}']) {
        const response = await testApp.app.inject({
          method: "POST",
          url,
          payload: body,
          headers: { "content-type": "application/json", "sandbox-signature": sandboxOf(testApp).sign(body) },
        });
        expect(response.statusCode, `${url} ${body}`).toBe(400);
        expect(response.json()).toEqual({
          violations: [{ propertyPath: "body", title: "Not events we can read." }],
        });
      }
    }
    expect(await paymentsOf(testApp, token, planId)).toEqual(before);
  });
});

describe("a deposit and monthly instalments by Direct Debit", () => {
  it("refuses a Direct Debit for a plan paid in full, and bank details that fail the check", async () => {
    const { planId, token } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "deposit", deposit: 25_000, months: 12 });
    const refused = await withKey(testApp, token, "POST", "/api/direct-debit-v2/create", {
      planId,
      accountHolderName: "Margaret Thompson",
      sortCode: "20-00-00",
      accountNumber: "12345678",
      isSoleSignatory: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(violationsResponseSchema.parse(refused.json()).violations[0]?.propertyPath).toBe("accountNumber");

    await choosePayment(testApp, token, planId, { option: "full" });
    const notNeeded = await withKey(testApp, token, "POST", "/api/direct-debit-v2/create", {
      planId,
      accountHolderName: "Margaret Thompson",
      sortCode: "20-00-00",
      accountNumber: sandboxBankAccounts.collects.accountNumber,
      isSoleSignatory: true,
    });
    expect(notNeeded.statusCode).toBe(422);
    expect(violationsResponseSchema.parse(notNeeded.json()).violations[0]?.title).toBe(
      purchaseMessages.directDebitNotNeeded,
    );
  });
});

describe("a paid plan, and cancelling", () => {
  it("a paid plan's journey and people can no longer be changed", async () => {
    const { planId, token, journey } = await readyPlan(testApp);
    await choosePayment(testApp, token, planId, { option: "full" });
    await payByCard(testApp, token, planId, "full", sandboxCards.succeeds);

    const saved = await callApi(testApp, token, "PATCH", `/api/plan/${planId}`, {
      ...journey,
      saveUnfinishedJourney: true,
    });

    expect(saved.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(saved.json()).violations[0]?.title).toBe(
      purchaseMessages.planPaidCannotChange,
    );
  });
});
