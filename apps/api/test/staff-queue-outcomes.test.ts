import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  arrearsOutcomeSchema,
  enquiryFollowedUpSchema,
  staffEnquiriesPageSchema,
  staffMissedPaymentsPageSchema,
  staffPlanPageSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { messages, staffMessages } from "@kindred/domain";
import { eq, sql } from "drizzle-orm";
import {
  arrearsOutcomes,
  arrearsStatements,
  enquiries,
  payments,
  plans,
  refunds,
  sandboxPayments,
  staffMembers,
} from "../src/db/schema";
import { planMoneyQueue } from "../src/modules/payments/plan-money-store";
import { atOnce } from "./support/at-once";
import { callApi } from "./support/customers";
import { paymentsOf, sandboxOf, settlePayments } from "./support/paying";
import { failingInstalmentPlan, failingPlanDeposit } from "./support/missed-payments";
import {
  auditEntriesBy,
  createFirstTestAdministrator,
  createTestStaffMember,
  type TestStaffMember,
} from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * The work queues' recorded outcomes (issue 24 item 5; decision 031): how a missed-payments case
 * ended (settled, a new arrangement, or cancelled with a refund through the plan money state
 * machine, owed and queued exactly once), and a free guide enquiry marked followed up, once. Each
 * leaves its queue, each is in the audit log, and bad input changes nothing.
 */

let testApp: TestApp;
let administrator: TestStaffMember;
let agent: TestStaffMember;
let finance: TestStaffMember;

beforeAll(async () => {
  testApp = await createTestApp();
  administrator = await createFirstTestAdministrator(testApp);
  agent = await createTestStaffMember(testApp, administrator, "agent");
  finance = await createTestStaffMember(testApp, administrator, "finance");
});
afterAll(() => testApp.close());

const auditActions = (member: TestStaffMember, action: string) => auditEntriesBy(testApp, member, action);

const deposit = failingPlanDeposit;

/** A plan with two missed collections (support/missed-payments.ts), and its arrears statement. */
async function failingInstalmentPlanWithStatement() {
  const plan = await failingInstalmentPlan(testApp);
  const [statement] = await testApp.db
    .select()
    .from(arrearsStatements)
    .where(eq(arrearsStatements.planId, plan.planId));
  return { ...plan, statementId: statement!.id };
}

const missedPaymentsQueue = async () => {
  const response = await callApi(testApp, finance.token, "GET", "/api/staff/queues/missed-payments");
  expect(response.statusCode, response.body).toBe(200);
  return staffMissedPaymentsPageSchema.parse(response.json()).items;
};

const recordOutcome = (statementId: string, body: unknown, member = finance) =>
  callApi(testApp, member.token, "POST", `/api/staff/missed-payments/${statementId}/outcome`, body);

const outcomesOf = (planId: string) =>
  testApp.db.select().from(arrearsOutcomes).where(eq(arrearsOutcomes.planId, planId));

/** The provider calls queued for refunds of `of` (a payment or collection). */
async function refundJobsOf(of: string): Promise<number> {
  const { rows } = (await testApp.db.execute(
    sql`select count(*)::int as count from pgboss.job where name = ${planMoneyQueue}
        and data -> 'effect' ->> 'type' = 'refund' and data -> 'effect' ->> 'of' = ${of}`,
  )) as unknown as { rows: { count: number }[] };
  return rows[0]!.count;
}

// An outcome is kept as recorded by a trigger (migration 0020), and a double click races on the
// plan's row lock.
describe("the outcome of a missed-payments case", { tags: ["engine"] }, () => {
  it("refuses bad input with field messages, an unknown statement 404, and an agent 403, recording nothing", async () => {
    const plan = await failingInstalmentPlanWithStatement();
    const refusals: [unknown, { propertyPath: string; title: string }][] = [
      [{}, { propertyPath: "outcome", title: staffMessages.arrearsOutcomeNeeded }],
      [{ outcome: "forgiven" }, { propertyPath: "outcome", title: staffMessages.arrearsOutcomeNeeded }],
      [
        { outcome: "new_arrangement" },
        { propertyPath: "note", title: staffMessages.arrearsArrangementNoteNeeded },
      ],
      [
        { outcome: "new_arrangement", note: "   " },
        { propertyPath: "note", title: staffMessages.arrearsArrangementNoteNeeded },
      ],
      [
        { outcome: "settled", note: "x".repeat(2001) },
        { propertyPath: "note", title: staffMessages.staffNoteTooLong },
      ],
    ];
    for (const [body, violation] of refusals) {
      const refused = await recordOutcome(plan.statementId, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(violationsResponseSchema.parse(refused.json()).violations).toEqual([violation]);
    }
    const unknown = await recordOutcome(randomUUID(), { outcome: "settled" });
    expect(unknown.statusCode).toBe(404);
    expect(violationsResponseSchema.parse(unknown.json()).violations[0]?.title).toBe(
      staffMessages.noSuchArrearsStatement,
    );
    const malformed = await recordOutcome("not-a-statement", { outcome: "settled" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain("statementId");
    expect((await recordOutcome(plan.statementId, { outcome: "settled" }, agent)).statusCode).toBe(403);

    expect(await outcomesOf(plan.planId)).toEqual([]);
    expect(await auditActions(finance, "missed-payments.outcome-recorded")).toEqual([]);
    expect((await missedPaymentsQueue()).map((item) => item.statementId)).toContain(plan.statementId);

    // Another miss since, another statement: the outcome is recorded against the latest one.
    await testApp.db
      .insert(arrearsStatements)
      .values({ planId: plan.planId, missedCount: 3, owedPence: 1, catchUpBy: "2099-01-01" });
    const notLatest = await recordOutcome(plan.statementId, { outcome: "settled" });
    expect(notLatest.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(notLatest.json()).violations[0]?.title).toBe(
      staffMessages.arrearsStatementNotLatest,
    );
    expect(await outcomesOf(plan.planId)).toEqual([]);
  });

  it("records settled and a new arrangement by the member, once each, changing no money; the queue leaves them out until a later statement", async () => {
    const settled = await failingInstalmentPlanWithStatement();
    const arranged = await failingInstalmentPlanWithStatement();
    const queued = await missedPaymentsQueue();
    expect(queued.find((item) => item.planId === settled.planId)?.statementId).toBe(settled.statementId);

    const answer = await recordOutcome(settled.statementId, { outcome: "settled" });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(arrearsOutcomeSchema.parse(answer.json())).toMatchObject({
      statementId: settled.statementId,
      planId: settled.planId,
      outcome: "settled",
      note: null,
      recordedBy: finance.name,
      planCancelled: false,
    });
    const agreed = "Agreed by phone: £50 extra a month for three months from January.";
    const arrangement = await recordOutcome(arranged.statementId, {
      outcome: "new_arrangement",
      note: `  ${agreed} `,
    });
    expect(arrangement.statusCode, arrangement.body).toBe(201);
    const [stored] = await outcomesOf(arranged.planId);
    const [financeRow] = await testApp.db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.email, finance.email));
    expect(stored).toMatchObject({ outcome: "new_arrangement", note: agreed, recordedBy: financeRow!.id });

    // The plan's page shows each outcome in its timeline: what, when, by whom, and the note.
    for (const [plan, what, text] of [
      [settled, "Settled", null],
      [arranged, "A new arrangement", agreed],
    ] as const) {
      const page = await callApi(testApp, agent.token, "GET", `/api/staff/plans/${plan.planId}`);
      expect(page.statusCode, page.body).toBe(200);
      const { timeline } = staffPlanPageSchema.parse(page.json());
      const shown = timeline.filter((entry) => entry.kind === "arrears-outcome");
      expect(shown).toEqual([
        { at: expect.any(String), kind: "arrears-outcome", what, by: finance.name, text },
      ]);
      // Newest first: recorded after the statement it answers.
      const statementAt = timeline.findIndex((entry) => entry.kind === "arrears-statement-sent");
      expect(timeline.indexOf(shown[0]!)).toBeLessThan(statementAt);
    }

    // No money moved: neither plan is cancelled, nothing is owed back, the Direct Debit stands.
    for (const plan of [settled, arranged]) {
      const state = await paymentsOf(testApp, plan.token, plan.planId);
      expect(state.state).not.toMatch(/cancel/);
      expect(await testApp.db.select().from(refunds).where(eq(refunds.planId, plan.planId))).toEqual([]);
    }
    const after = (await missedPaymentsQueue()).map((item) => item.planId);
    expect(after).not.toContain(settled.planId);
    expect(after).not.toContain(arranged.planId);

    // Once per statement.
    const again = await recordOutcome(settled.statementId, { outcome: "cancelled_with_refund" });
    expect(again.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(again.json()).violations[0]?.title).toBe(
      staffMessages.arrearsOutcomeAlreadyRecorded,
    );
    expect(await outcomesOf(settled.planId)).toHaveLength(1);

    // Kept as recorded, as the audit log is.
    await expect(
      testApp.db
        .update(arrearsOutcomes)
        .set({ outcome: "settled" })
        .where(eq(arrearsOutcomes.id, stored!.id)),
    ).rejects.toThrow();
    await expect(
      testApp.db.delete(arrearsOutcomes).where(eq(arrearsOutcomes.id, stored!.id)),
    ).rejects.toThrow();

    // Another miss, another statement: the plan is back in the queue with it.
    const [later] = await testApp.db
      .insert(arrearsStatements)
      .values({ planId: settled.planId, missedCount: 3, owedPence: 1, catchUpBy: "2099-01-01" })
      .returning();
    const back = await missedPaymentsQueue();
    expect(back.find((item) => item.planId === settled.planId)?.statementId).toBe(later!.id);

    const records = await auditActions(finance, "missed-payments.outcome-recorded");
    expect(records).toEqual(
      expect.arrayContaining([
        {
          planId: settled.planId,
          detail: { statementId: settled.statementId, outcome: "settled", noted: false },
        },
        {
          planId: arranged.planId,
          detail: { statementId: arranged.statementId, outcome: "new_arrangement", noted: true },
        },
      ]),
    );
    // What was agreed is the customer's business: never in the audit log or the logs.
    expect(JSON.stringify(records)).not.toContain("three months");
    expect(testApp.logs.join("\n")).not.toContain("three months");
  });

  it("cancelled with refund cancels the plan as the customer's cancel does, its refund owed, queued and made exactly once under a double click", async () => {
    const plan = await failingInstalmentPlanWithStatement();
    const [depositPayment] = await testApp.db.select().from(payments).where(eq(payments.planId, plan.planId));
    const card = sandboxOf(testApp).card;
    const providerRefunds = vi.spyOn(card, "refundPayment");
    try {
      const answers = await atOnce([
        recordOutcome(plan.statementId, { outcome: "cancelled_with_refund" }),
        recordOutcome(plan.statementId, { outcome: "cancelled_with_refund" }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const recorded = arrearsOutcomeSchema.parse(
        answers.find((answer) => answer.statusCode === 201)!.json(),
      );
      expect(recorded).toMatchObject({ outcome: "cancelled_with_refund", planCancelled: true });

      // The deposit taken is owed back (the missed collections took nothing), once, and queued once.
      const owed = await testApp.db.select().from(refunds).where(eq(refunds.planId, plan.planId));
      expect(owed.map((refund) => [refund.paymentId, refund.amountPence])).toEqual([
        [depositPayment!.id, deposit],
      ]);
      expect(await refundJobsOf(depositPayment!.id)).toBe(1);
      const [cancelled] = await testApp.db.select().from(plans).where(eq(plans.id, plan.planId));
      expect(cancelled?.cancelledAt).not.toBeNull();

      await settlePayments(testApp);
      expect(providerRefunds).toHaveBeenCalledTimes(1);
    } finally {
      providerRefunds.mockRestore();
    }
    const [sandboxRow] = await testApp.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, depositPayment!.providerPaymentId!));
    expect(sandboxRow?.refundedPence).toBe(deposit);
    const state = await paymentsOf(testApp, plan.token, plan.planId);
    expect(state.state).toBe("cancelled");
    // The collections to come are stopped and the Direct Debit cancelled, as the customer's cancel does.
    expect(state.collections.filter((collection) => collection.status === "scheduled")).toEqual([]);
    expect(state.directDebit?.status).toBe("cancelled");
    // The customer is told, as when they cancel themselves.
    const told = (await testApp.readOutbox()).filter(
      (message) => message.to === plan.email && /cancelled/i.test(message.subject),
    );
    expect(told).toHaveLength(1);
    expect(await outcomesOf(plan.planId)).toHaveLength(1);
    expect((await missedPaymentsQueue()).map((item) => item.planId)).not.toContain(plan.planId);
    expect(await auditActions(finance, "missed-payments.outcome-recorded")).toContainEqual({
      planId: plan.planId,
      detail: { statementId: plan.statementId, outcome: "cancelled_with_refund", noted: false },
    });
  });

  it("records nothing and moves no money when the plan's funeral has been asked for", async () => {
    const plan = await failingInstalmentPlanWithStatement();
    await testApp.db.update(plans).set({ funeralRequestedAt: new Date() }).where(eq(plans.id, plan.planId));
    const refused = await recordOutcome(plan.statementId, { outcome: "cancelled_with_refund" });
    expect(refused.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(refused.json()).violations[0]?.title).toBe(
      messages.funeralRequested,
    );
    expect(await outcomesOf(plan.planId)).toEqual([]);
    expect(await testApp.db.select().from(refunds).where(eq(refunds.planId, plan.planId))).toEqual([]);
  });
});

describe("a free guide enquiry followed up", () => {
  async function ask(name: string) {
    const email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
    const token = await testApp.requestApplicationToken();
    const asked = await callApi(
      testApp,
      token,
      "POST",
      "/api/enquiries",
      { name, email, phone: "07700 900123", contactPreferences: { email: true, phone: true, post: false } },
      `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const [row] = await testApp.db.select().from(enquiries).where(eq(enquiries.email, email));
    return row!;
  }
  const enquiriesQueue = async () => {
    const response = await callApi(testApp, agent.token, "GET", "/api/staff/queues/enquiries");
    expect(response.statusCode, response.body).toBe(200);
    return staffEnquiriesPageSchema.parse(response.json()).items.map((item) => item.enquiryId);
  };
  const markFollowedUp = (enquiryId: string, member = agent) =>
    callApi(testApp, member.token, "POST", `/api/staff/enquiries/${enquiryId}/followed-up`);

  it("is marked once by the member and leaves the queue; asked again it changes nothing and says so", async () => {
    const enquiry = await ask("Edith");
    expect(await enquiriesQueue()).toContain(enquiry.id);

    const first = await markFollowedUp(enquiry.id);
    expect(first.statusCode, first.body).toBe(200);
    const marked = enquiryFollowedUpSchema.parse(first.json());
    expect(marked).toMatchObject({
      enquiryId: enquiry.id,
      followedUpBy: agent.name,
      alreadyFollowedUp: false,
    });
    expect(await enquiriesQueue()).not.toContain(enquiry.id);

    const second = await markFollowedUp(enquiry.id, finance);
    expect(second.statusCode, second.body).toBe(200);
    expect(enquiryFollowedUpSchema.parse(second.json())).toEqual({ ...marked, alreadyFollowedUp: true });
    const [row] = await testApp.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(row?.followedUpAt?.toISOString()).toBe(marked.followedUpAt);
    const [agentRow] = await testApp.db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.email, agent.email));
    expect(row?.followedUpBy).toBe(agentRow!.id);

    expect(await auditActions(agent, "enquiry.followed-up")).toEqual([
      { planId: null, detail: { enquiryId: enquiry.id, alreadyFollowedUp: false } },
    ]);
    expect(await auditActions(finance, "enquiry.followed-up")).toEqual([
      { planId: null, detail: { enquiryId: enquiry.id, alreadyFollowedUp: true } },
    ]);
    expect(JSON.stringify(await auditActions(agent, "enquiry.followed-up"))).not.toContain(enquiry.email);
  });

  it("answers an unknown enquiry 404 and a reference that is not one 400, changing nothing", async () => {
    const enquiry = await ask("Florence");
    const unknown = await markFollowedUp(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(violationsResponseSchema.parse(unknown.json()).violations[0]?.title).toBe(
      staffMessages.noSuchEnquiry,
    );
    const malformed = await markFollowedUp("not-an-enquiry");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain("enquiryId");
    expect(await enquiriesQueue()).toContain(enquiry.id);
  });
});
