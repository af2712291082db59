import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { collections } from "../src/db/schema";
import { paymentSchema, staffDirectDebitsEndedPageSchema } from "@kindred/contracts";
import { directDebitEndedDueBy, formatPrice, paymentSchedule, sumPence, ukToday } from "@kindred/domain";
import { sandboxBankAccounts, sandboxCards } from "../src/modules/payments";
import { callApi } from "./support/customers";
import {
  confirmOnSandbox,
  paymentsOf,
  planReferenceOf,
  requestDirectDebit,
  settlePayments,
  withKey,
} from "./support/paying";
import { readPdf } from "./support/pdf-text";
import { payingByInstalments } from "./support/ready-plans";
import { createFirstTestAdministrator, createTestStaffMember, type TestStaffMember } from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Issue 46 item 1: a Direct Debit that ends without our asking (the bank closes the account, the
 * customer cancels it at their bank, it fails or expires) after a deposit and some instalments
 * were taken. Before, the plan dropped back to "ready to pay", so the customer could pay the whole
 * price again by card, or set up a new Direct Debit for the whole schedule again, the old
 * mandate's collections stayed wanted, and nobody was told.
 */
let testApp: TestApp;
/** A finance member of staff, who reads the queue of Direct Debits ended. */
let finance: TestStaffMember;
beforeAll(async () => {
  testApp = await createTestApp();
  finance = await createTestStaffMember(testApp, await createFirstTestAdministrator(testApp), "finance");
});

/** Finance's queue of plans whose Direct Debit ended, as it lists one plan (or nothing). */
async function inFinanceQueue(planId: string) {
  const response = await callApi(testApp, finance.token, "GET", "/api/staff/queues/direct-debits-ended");
  expect(response.statusCode, response.body).toBe(200);
  return staffDirectDebitsEndedPageSchema.parse(response.json()).items.find((item) => item.planId === planId);
}
afterAll(() => testApp.close());

const deposit = 25_000;
const choice = { option: "deposit", deposit, months: 12 } as const;

/**
 * A plan paid by a deposit by card and a Direct Debit, its first three collections taken, then
 * the bank ends the Direct Debit (through the sandbox's own API, as a demo would).
 */
async function stoppedAfterThreeCollections(
  how: "bank_account_closed" | "mandate_cancelled" | "failed" | "expired",
) {
  const ready = await payingByInstalments(testApp, { collected: 3 });
  const { before } = ready;
  const ended = await callApi(testApp, ready.token, "POST", "/api/sandbox-provider/direct-debit-ended", {
    planId: ready.planId,
    how,
  });
  expect(ended.statusCode, ended.body).toBe(200);
  expect(ended.json()).toEqual({ ended: true });
  await settlePayments(testApp);
  const collected = before.collections.slice(0, 3).map((collection) => collection.amount);
  const schedule = paymentSchedule(ready.price, choice, ready.catalogue.paymentTerms, ukToday());
  return { ...ready, before, collected, held: deposit + sumPence(collected), schedule };
}

describe("a Direct Debit that ends after a deposit and three instalments (issue 46 item 1)", () => {
  it("stops the payments, keeps what was paid, wants none of the old collections, and tells the customer", async () => {
    const { planId, token, email, held, price } = await stoppedAfterThreeCollections("bank_account_closed");

    const state = await paymentsOf(testApp, token, planId);
    expect(state.state).toBe("payments_stopped");
    expect(state.directDebit?.status).toBe("cancelled");
    expect(state.collections.map((collection) => collection.status)).toEqual([
      "collected",
      "collected",
      "collected",
      ...Array.from({ length: 9 }, () => "cancelled"),
    ]);
    expect(state.paymentsStopped).toMatchObject({ paidSoFar: held, restByCard: price - held });

    const told = (await testApp.readOutbox()).filter(
      (message) =>
        message.to === email && message.subject === "The Direct Debit for your funeral plan has ended",
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("Your plan has not been cancelled.");

    // Finance is told too: the plan is in its queue, to call the customer within 5 working days.
    expect(await inFinanceQueue(planId)).toMatchObject({
      planReference: await planReferenceOf(testApp.db, planId),
      ended: "cancelled",
      paidSoFarPence: held,
      deadline: directDebitEndedDueBy(ukToday()),
    });
  });

  it("never asks for the whole price again: a new choice is refused, and paying by card pays only the rest", async () => {
    const { planId, token, held, price } = await stoppedAfterThreeCollections("mandate_cancelled");

    const rechosen = await callApi(testApp, token, "PUT", `/api/plan/${planId}/payment-choice`, {
      option: "full",
    });
    expect(rechosen.statusCode, rechosen.body).toBe(409);

    const opened = await withKey(testApp, token, "POST", "/api/payments/create", {
      planId,
      paymentOption: "full",
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const rest = paymentSchema.parse(opened.json());
    expect(rest.amount).toBe(price - held);
    expect((await confirmOnSandbox(testApp, token, rest, sandboxCards.succeeds)).statusCode).toBe(200);
    await settlePayments(testApp);

    const state = await paymentsOf(testApp, token, planId);
    expect(state.state).toBe("paid");
    expect(state.paymentsStopped).toBeNull();
    expect(await inFinanceQueue(planId)).toBeUndefined();
    // Everything held adds up to the price, to the penny.
    const takenByCard = sumPence(
      state.payments.filter((payment) => payment.status === "confirmed").map((payment) => payment.amount),
    );
    const takenByDirectDebit = sumPence(
      state.collections.filter((collection) => collection.status === "collected").map((c) => c.amount),
    );
    expect(takenByCard + takenByDirectDebit).toBe(price);
  });

  it("sets up a new Direct Debit for what is left over the months left, never the whole schedule again", async () => {
    const { planId, token, held, schedule } = await stoppedAfterThreeCollections("failed");

    const stopped = await paymentsOf(testApp, token, planId);
    const offered = stopped.paymentsStopped?.newDirectDebit;
    expect(offered?.depositStillOwed).toBe(0);
    expect(offered?.instalments).toHaveLength(9);

    const created = await requestDirectDebit(testApp, token, planId, sandboxBankAccounts.collects);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ instalments: 9 });
    await settlePayments(testApp);

    const state = await paymentsOf(testApp, token, planId);
    expect(state.state).toBe("paying_by_instalments");
    // Under the plan's reference with its number, since the bank holds the first under the plain one.
    expect(state.directDebit?.reference).toBe(`${await planReferenceOf(testApp.db, planId)}/2`);
    // Carried on: off finance's queue.
    expect(await inFinanceQueue(planId)).toBeUndefined();
    // The three taken under the old Direct Debit stay in view with the nine to come.
    expect(state.collections).toHaveLength(12);
    const toCome = state.collections.filter((collection) => collection.status === "scheduled");
    expect(toCome.map((collection) => collection.amount)).toEqual(offered?.instalments.map((i) => i.amount));
    expect(held + sumPence(toCome.map((collection) => collection.amount))).toBe(schedule.totalPayable);

    // Every collection left taken: the plan is paid, holding its schedule's total to the penny.
    const taken = await callApi(testApp, token, "POST", "/api/sandbox-provider/collections", {
      planId,
      until: toCome.at(-1)!.date,
    });
    expect(taken.json()).toEqual({ taken: 9 });
    await settlePayments(testApp);
    const paid = await paymentsOf(testApp, token, planId);
    expect(paid.state).toBe("paid");
    expect(paid.collected).toBe(12);
  });

  it("the plan's statement says the payments stopped and what was paid is kept", async () => {
    const { planId, token } = await stoppedAfterThreeCollections("mandate_cancelled");
    const response = await callApi(testApp, token, "GET", `/api/plan/${planId}/statement`);
    expect(response.statusCode, response.body).toBe(200);
    const statement = await readPdf(response.rawPayload);
    const { paymentsStopped } = await paymentsOf(testApp, token, planId);
    expect(statement.pages).toBe(1);
    expect(statement.text.replace(/\s+/g, " ")).toContain(
      "so nothing more is being collected. What you have paid is kept towards your plan.",
    );
    expect(statement.text).not.toContain("every monthly payment has been collected");
    expect(statement.text.replace(/\s+/g, " ")).toContain(
      `To carry on, you can pay the rest, ${formatPrice(paymentsStopped!.restByCard)}, by card, or set up a new Direct Debit for what is left: ${formatPrice(sumPence(paymentsStopped!.newDirectDebit.instalments.map((each) => each.amount)))} over 9 months`,
    );
  });

  it("the database refuses to want again a collection to come under a Direct Debit that ended (migration 0023)", async () => {
    const { planId } = await stoppedAfterThreeCollections("bank_account_closed");
    const [dropped] = await testApp.db
      .select()
      .from(collections)
      .where(and(eq(collections.planId, planId), eq(collections.wanted, false)));
    expect(dropped?.status).toBe("cancelled");

    const wantedAgain = testApp.db
      .update(collections)
      .set({ status: "scheduled", wanted: true })
      .where(eq(collections.id, dropped!.id));
    const refused = await wantedAgain.then(
      () => null,
      (error: unknown) => error as Error & { cause?: Error },
    );
    expect(`${refused?.message} ${refused?.cause?.message}`).toContain(
      "wants a collection under a Direct Debit that has ended",
    );
  });

  it("an expired Direct Debit stops the payments too, and the bank's event told twice tells the customer once", async () => {
    const { planId, token, email } = await stoppedAfterThreeCollections("expired");
    expect((await paymentsOf(testApp, token, planId)).state).toBe("payments_stopped");
    const again = await callApi(testApp, token, "POST", "/api/sandbox-provider/direct-debit-ended", {
      planId,
      how: "expired",
    });
    expect(again.json()).toEqual({ ended: false });
    await settlePayments(testApp);
    const told = (await testApp.readOutbox()).filter(
      (message) =>
        message.to === email && message.subject === "The Direct Debit for your funeral plan has ended",
    );
    expect(told).toHaveLength(1);
  });
});
