import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentSchema } from "@kindred/contracts";
import { ukToday } from "@kindred/domain";
import { eq } from "drizzle-orm";
import { funeralDirectorAppointments, funeralDirectorBranches, plans } from "../src/db/schema";
import { sandboxCards } from "../src/modules/payments";
import { appointFuneralDirector } from "../src/modules/payments/funeral-director-appointment";
import {
  choosePayment,
  confirmOnSandbox,
  payByCard,
  paymentsOf,
  sandboxOf,
  settlePayments,
  withKey,
} from "./support/paying";
import { readyPlan } from "./support/ready-plans";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Appointing the funeral director when a plan is bought (FPCOB 10.1.3R; issue 23 item 3;
 * docs/decisions/027-funeral-director-appointment.md).
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const appointmentsOf = (planId: string) =>
  testApp.db.select().from(funeralDirectorAppointments).where(eq(funeralDirectorAppointments.planId, planId));

describe("appointing the funeral director when a plan is bought", () => {
  it("appoints the branch chosen in the journey once, however often the payment is confirmed", async () => {
    const ready = await readyPlan(testApp);
    const branchId = ready.journey.funeralDirector?.id;
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    const { payment } = await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);

    expect(await appointmentsOf(ready.planId)).toEqual([
      expect.objectContaining({ branchId, appointedOn: ukToday(), needsStaff: false }),
    ]);

    // The provider says so again, under an event of its own: the plan is already bought.
    const again = JSON.stringify({
      eventId: `evt_${randomUUID()}`,
      kind: "card_payment",
      providerPaymentId: payment.providerPaymentId,
      status: "confirmed",
    });
    const replayed = await testApp.app.inject({
      method: "POST",
      url: "/webhooks/card-payments",
      payload: again,
      headers: { "content-type": "application/json", "sandbox-signature": sandboxOf(testApp).sign(again) },
    });
    expect(replayed.statusCode).toBe(204);
    // A retried job (or a second process) appointing again: the plan's key decides, nothing is added.
    const [plan] = await testApp.db.select().from(plans).where(eq(plans.id, ready.planId));
    const followUps = await testApp.db.transaction((transaction) =>
      appointFuneralDirector(transaction, plan!, new Date()),
    );
    await settlePayments(testApp);

    expect(followUps).toEqual([]);
    expect(await appointmentsOf(ready.planId)).toHaveLength(1);
  });

  it("appoints a plan paid by instalments when its deposit is confirmed", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, {
      option: "deposit",
      deposit: 25_000,
      months: 12,
    });
    expect(await appointmentsOf(ready.planId)).toEqual([]);

    await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);

    expect(await appointmentsOf(ready.planId)).toEqual([
      expect.objectContaining({ branchId: ready.journey.funeralDirector?.id, needsStaff: false }),
    ]);
  });

  it("appoints nobody while the plan is not paid", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.declined);

    expect((await paymentsOf(testApp, ready.token, ready.planId)).paid).toBe(false);
    expect(await appointmentsOf(ready.planId)).toEqual([]);
  });

  it("records a branch that has closed by the time the plan is bought as needing staff", async () => {
    const ready = await readyPlan(testApp);
    const branchId = ready.journey.funeralDirector!.id;
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    const created = await withKey(testApp, ready.token, "POST", "/api/payments/create", {
      planId: ready.planId,
      paymentOption: "full",
    });
    expect(created.statusCode, created.body).toBe(201);
    const closeBranch = (active: boolean) =>
      testApp.db
        .update(funeralDirectorBranches)
        .set({ active })
        .where(eq(funeralDirectorBranches.id, branchId));
    await closeBranch(false);
    try {
      const confirmed = await confirmOnSandbox(
        testApp,
        ready.token,
        paymentSchema.parse(created.json()),
        sandboxCards.succeeds,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      await settlePayments(testApp);
    } finally {
      await closeBranch(true);
    }

    expect((await paymentsOf(testApp, ready.token, ready.planId)).paid).toBe(true);
    expect(await appointmentsOf(ready.planId)).toEqual([
      expect.objectContaining({ branchId, needsStaff: true }),
    ]);
  });
});
