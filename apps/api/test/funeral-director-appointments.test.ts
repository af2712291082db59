import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentSchema } from "@kindred/contracts";
import { formatPostalAddress, ukToday, vulnerabilityKinds } from "@kindred/domain";
import { eq } from "drizzle-orm";
import { funeralDirectorAppointments, funeralDirectorBranches, planPeople, plans } from "../src/db/schema";
import { sandboxCards } from "../src/modules/payments";
import { appointFuneralDirector } from "../src/modules/payments/funeral-director-appointment";
import type { OutboxMessage } from "./support/outbox";
import {
  choosePayment,
  confirmOnSandbox,
  payByCard,
  paymentsOf,
  planReferenceOf,
  postCardWebhook,
  settlePayments,
  withKey,
} from "./support/paying";
import { readPdf } from "./support/pdf-text";
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

const branchOf = async (id: number) => {
  const [branch] = await testApp.db
    .select()
    .from(funeralDirectorBranches)
    .where(eq(funeralDirectorBranches.id, id));
  if (!branch) throw new Error(`No branch ${id}`);
  return branch;
};

/** Health data the customer told us (UK GDPR special category): never for the funeral director. */
const healthNotes = "Heart failure diagnosed last spring; early signs of dementia";
const circumstances = {
  vulnerabilities: {
    ...Object.fromEntries(
      vulnerabilityKinds.map((kind) => [kind, kind === "longTermIllness" || kind === "dementiaOrAlzheimers"]),
    ),
    notes: healthNotes,
  } as never,
  vulnerabilityConsent: true,
};

/** Every email about the plan: to the branch, and the letter to the customer. */
async function appointmentEmails(planId: string, branchEmail: string, customerEmail: string) {
  const reference = await planReferenceOf(testApp.db, planId);
  const about = (await testApp.readOutbox()).filter((message) => message.text.includes(reference));
  const isToBranch = (message: OutboxMessage) => message.to.toLowerCase() === branchEmail.toLowerCase();
  return {
    toBranch: about.filter(isToBranch),
    letters: about.filter(
      (message) => message.to === customerEmail && message.subject === "Your funeral director",
    ),
  };
}

describe("appointing the funeral director when a plan is bought", () => {
  it("appoints the branch chosen in the journey once, however often the payment is confirmed", async () => {
    const ready = await readyPlan(testApp, undefined, circumstances);
    const branchId = ready.journey.funeralDirector?.id;
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    const { payment } = await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);

    expect(await appointmentsOf(ready.planId)).toEqual([
      expect.objectContaining({ branchId, appointedOn: ukToday(), needsStaff: false }),
    ]);

    // The provider says so again, under an event of its own: the plan is already bought.
    const replayed = await postCardWebhook(testApp, {
      eventId: `evt_${randomUUID()}`,
      providerPaymentId: payment.providerPaymentId!,
      status: "confirmed",
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
    const branch = await branchOf(branchId!);
    const { toBranch, letters } = await appointmentEmails(ready.planId, branch.email, ready.email);
    expect(toBranch).toHaveLength(1);
    expect(letters).toHaveLength(1);
  });

  it("emails the branch the plan's reference, the person covered, the kind of funeral and its plan details, and no health answer", async () => {
    const ready = await readyPlan(testApp, undefined, circumstances);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
    const branch = await branchOf(ready.journey.funeralDirector!.id);
    // The plan is the customer's own: they are the person covered.
    const [people] = await testApp.db.select().from(planPeople).where(eq(planPeople.planId, ready.planId));
    expect(people?.vulnerabilities).toMatchObject({ longTermIllness: true, notes: healthNotes });

    const { toBranch } = await appointmentEmails(ready.planId, branch.email, ready.email);

    expect(toBranch).toHaveLength(1);
    const [email] = toBranch;
    // The plan's short reference (decision 045), to quote when the time comes.
    const reference = await planReferenceOf(testApp.db, ready.planId);
    expect(email?.subject).toBe(`A funeral plan naming ${branch.name}: ${reference}`);
    expect(email?.text).toContain(`Plan reference: ${reference}`);
    expect(email?.text).toContain(
      `Person covered: ${people!.customer.firstName} ${people!.customer.lastName}`,
    );
    expect(email?.text).toContain("Kind of funeral: ");
    expect(email?.attachments.map((attachment) => attachment.contentType)).toEqual(["application/pdf"]);
    const details = await readPdf(email!.attachments[0]!.content);
    expect(details.text).toContain(`Plan reference ${reference}`);
    // Nothing the customer told us of their health or circumstances, in any words.
    for (const text of [email!.text, email!.html]) {
      for (const told of ["Heart failure", "dementia", "Dementia", "illness", "vulnerab", "Vulnerab"]) {
        expect(text).not.toContain(told);
      }
    }
    expect(details.text).not.toContain("Heart failure");
    expect(details.text).not.toContain("signs of dementia");
  });

  it("writes to the customer naming the appointed branch's business name, full address and phone", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
    const branch = await branchOf(ready.journey.funeralDirector!.id);

    const { letters } = await appointmentEmails(ready.planId, branch.email, ready.email);

    expect(letters).toHaveLength(1);
    expect(letters[0]?.text).toContain(branch.name);
    expect(letters[0]?.text).toContain(formatPostalAddress(branch.address));
    expect(letters[0]?.text).toContain(`Phone: ${branch.phone}`);
    // The account shows it too.
    expect((await paymentsOf(testApp, ready.token, ready.planId)).funeralDirector).toEqual({
      appointedOn: ukToday(),
      branch: { name: branch.name, address: branch.address, phone: branch.phone },
    });
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

    const state = await paymentsOf(testApp, ready.token, ready.planId);
    expect(state.paid).toBe(false);
    expect(state.funeralDirector).toBeNull();
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
    const branch = await branchOf(branchId);
    const { toBranch, letters } = await appointmentEmails(ready.planId, branch.email, ready.email);
    expect(toBranch).toEqual([]);
    expect(letters).toHaveLength(1);
    expect(letters[0]?.text).toContain("within 30 days of buying your plan");
    expect(letters[0]?.text).not.toContain(branch.name);
    expect((await paymentsOf(testApp, ready.token, ready.planId)).funeralDirector).toEqual({
      appointedOn: ukToday(),
      branch: null,
    });
  });
});
