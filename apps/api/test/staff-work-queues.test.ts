import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  paymentSchema,
  staffAppointmentsPageSchema,
  staffAtNeedCasesPageSchema,
  staffEnquiriesPageSchema,
  staffMissedPaymentsPageSchema,
  staffRefundSchema,
  staffRefundsPageSchema,
  violationsResponseSchema,
  type DeathNotificationFields,
} from "@kindred/contracts";
import { daysAfter, purchaseMessages, staffMessages, ukToday } from "@kindred/domain";
import { and, eq, sql } from "drizzle-orm";
import {
  arrearsStatements,
  atNeedCaseEvents,
  atNeedCases,
  doNotContact,
  funeralDirectorBranches,
  refunds,
  sandboxPayments,
  payments,
} from "../src/db/schema";
import { sandboxCards } from "../src/modules/payments";
import { planMoneyQueue } from "../src/modules/payments/plan-money-store";
import { atOnce } from "./support/at-once";
import { callApi } from "./support/customers";
import { catalogueAndBranch, fullJourney } from "./support/journeys";
import {
  choosePayment,
  confirmOnSandbox,
  payByCard,
  paymentsOf,
  planReferenceOf,
  sandboxOf,
  settlePayments,
  withKey,
} from "./support/paying";
import { ukTodayAsTyped } from "./support/people";
import { paidPlan, readyPlan } from "./support/ready-plans";
import { failingInstalmentPlan } from "./support/missed-payments";
import {
  auditEntriesBy,
  createFirstTestAdministrator,
  createTestStaffMember,
  type TestStaffMember,
} from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * The staff work queues (issue 24 item 5): refunds due, missed payments, funeral directors to
 * appoint, at-need cases and free guide enquiries to follow up, each soonest deadline first, each
 * look in the audit log; a stuck refund sent again exactly once however often asked; a funeral moved
 * on one step at a time with a note.
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

const read = async (member: TestStaffMember, url: string) => {
  const response = await callApi(testApp, member.token, "GET", url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
};

const auditActions = (member: TestStaffMember, action: string) => auditEntriesBy(testApp, member, action);

/** The state of the latest queued provider call for a refund of `of`. */
async function refundJobState(of: string): Promise<string | undefined> {
  const { rows } = (await testApp.db.execute(
    sql`select state from pgboss.job where name = ${planMoneyQueue} and data -> 'effect' ->> 'type' = 'refund'
        and data -> 'effect' ->> 'of' = ${of} order by created_on desc limit 1`,
  )) as unknown as { rows: { state: string }[] };
  return rows[0]?.state;
}

/** Waits (at most 20 seconds) until the refund's queued call has failed and waits to be tried again. */
async function untilRetrying(of: string) {
  const givingUpAt = Date.now() + 20_000;
  while ((await refundJobState(of)) !== "retry") {
    if (Date.now() > givingUpAt)
      throw new Error(`The refund of ${of} never failed: ${await refundJobState(of)}`);
    await sandboxOf(testApp).idle();
  }
}

async function cancel(token: string, planId: string) {
  const cancelled = await withKey(testApp, token, "POST", `/api/plan/${planId}/cancel`, {});
  expect(cancelled.statusCode, cancelled.body).toBe(200);
}

// It reads and gives up pg-boss's jobs, and a double click races on the plan's row lock.
describe("refunds due after a cancellation", { tags: ["engine"] }, () => {
  it("lists refunds owed by their deadline, then those made, and sends a stuck one again exactly once under a double click", async () => {
    // A: cancelled and refunded at once.
    const refundedPlan = await paidPlan(testApp);
    await cancel(refundedPlan.token, refundedPlan.planId);
    await settlePayments(testApp);

    // B: cancelled while the provider refuses every refund; its queued call is tried again.
    const stuckPlan = await paidPlan(testApp);
    const [stuckPayment] = await testApp.db
      .select()
      .from(payments)
      .where(eq(payments.planId, stuckPlan.planId));
    const card = sandboxOf(testApp).card;
    const outage = vi
      .spyOn(card, "refundPayment")
      .mockRejectedValue(Object.assign(new Error("unreachable"), { name: "PaymentProviderError" }));
    let providerRefunds;
    try {
      await cancel(stuckPlan.token, stuckPlan.planId);
      await untilRetrying(stuckPayment!.id);

      const retrying = staffRefundsPageSchema.parse(await read(finance, "/api/staff/queues/refunds"));
      const stuck = retrying.items.find((item) => item.planId === stuckPlan.planId);
      expect(stuck).toMatchObject({
        planReference: await planReferenceOf(testApp.db, stuckPlan.planId),
        status: "failed_retrying",
        maySendAgain: false,
        amountPence: stuckPlan.price,
        of: "card_payment",
      });
      expect(stuck?.failedAttempts).toBeGreaterThan(0);
      const notYet = await callApi(
        testApp,
        finance.token,
        "POST",
        `/api/staff/refunds/${stuck!.refundId}/send-again`,
      );
      expect(notYet.statusCode).toBe(409);
      expect(violationsResponseSchema.parse(notYet.json()).violations[0]?.title).toBe(
        staffMessages.refundStillBeingSent,
      );

      // Its tries run out (after days, in life): the job is given up.
      await testApp.db.execute(
        sql`update pgboss.job set state = 'failed' where name = ${planMoneyQueue} and state = 'retry'
            and data -> 'effect' ->> 'of' = ${stuckPayment!.id}`,
      );
      outage.mockRestore();
      providerRefunds = vi.spyOn(card, "refundPayment");

      const page = staffRefundsPageSchema.parse(await read(finance, "/api/staff/queues/refunds"));
      const mine = page.items.filter((item) => [refundedPlan.planId, stuckPlan.planId].includes(item.planId));
      // Owed first (by deadline), then those already made.
      expect(mine.map((item) => [item.planId, item.status, item.maySendAgain])).toEqual([
        [stuckPlan.planId, "given_up", true],
        [refundedPlan.planId, "refunded", false],
      ]);
      const [owedRow] = await testApp.db.select().from(refunds).where(eq(refunds.planId, stuckPlan.planId));
      expect(mine[0]?.deadline).toBe(new Date(owedRow!.createdAt.getTime() + 30 * 86_400_000).toISOString());
      expect(mine[0]?.deadlineRule).toContain("30 days");

      // A double click: two calls at once.
      const url = `/api/staff/refunds/${mine[0]!.refundId}/send-again`;
      const answers = await atOnce([
        callApi(testApp, finance.token, "POST", url),
        callApi(testApp, finance.token, "POST", url),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
      const accepted = answers.find((answer) => answer.statusCode === 202)!;
      // On its way again: waiting, or already with the provider if its job was quick.
      const sent = staffRefundSchema.parse(accepted.json());
      expect(["owed", "sent_to_provider", "refunded"]).toContain(sent.status);
      expect(sent.maySendAgain).toBe(false);
      await settlePayments(testApp);
      expect(providerRefunds).toHaveBeenCalledTimes(1);
    } finally {
      outage.mockRestore();
      providerRefunds?.mockRestore();
    }

    const [sandboxRow] = await testApp.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, stuckPayment!.providerPaymentId!));
    expect(sandboxRow?.refundedPence).toBe(stuckPlan.price);
    expect((await paymentsOf(testApp, stuckPlan.token, stuckPlan.planId)).state).toBe("cancelled");
    const [refunded] = await testApp.db.select().from(refunds).where(eq(refunds.planId, stuckPlan.planId));
    const again = await callApi(
      testApp,
      finance.token,
      "POST",
      `/api/staff/refunds/${refunded!.id}/send-again`,
    );
    expect(again.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(again.json()).violations[0]?.title).toBe(
      purchaseMessages.refundAlreadyRefunded,
    );
    expect(await auditActions(finance, "refund.sent-again")).toHaveLength(1);
    expect((await auditActions(finance, "queue.refunds.read")).length).toBeGreaterThanOrEqual(2);
  });

  it("answers an unknown refund 404 and a reference that is not one 400 with the field, changing nothing", async () => {
    const unknown = await callApi(
      testApp,
      finance.token,
      "POST",
      `/api/staff/refunds/${randomUUID()}/send-again`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(violationsResponseSchema.parse(unknown.json()).violations[0]?.title).toBe(
      staffMessages.noSuchRefund,
    );
    const malformed = await callApi(
      testApp,
      finance.token,
      "POST",
      "/api/staff/refunds/not-a-refund/send-again",
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain("refundId");
    const badPage = await callApi(testApp, finance.token, "GET", "/api/staff/queues/refunds?page=0");
    expect(badPage.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(badPage.json()).violations).toEqual([
      { propertyPath: "page", title: staffMessages.staffQueuePageInvalid },
    ]);
  });

  it("is for finance: an agent may read neither refunds nor missed payments", async () => {
    for (const url of ["/api/staff/queues/refunds", "/api/staff/queues/missed-payments"]) {
      const response = await callApi(testApp, agent.token, "GET", url);
      expect(response.statusCode).toBe(403);
    }
  });
});

/** A plan paid by a deposit and instalments, from the sandbox's account whose collections fail. */
describe("missed payments", () => {
  it("lists plans sent an arrears statement by the day it gave to catch up", async () => {
    const first = await failingInstalmentPlan(testApp);
    const second = await failingInstalmentPlan(testApp);
    // The first's statement gave longer (sent on another day).
    const [statement] = await testApp.db
      .select()
      .from(arrearsStatements)
      .where(eq(arrearsStatements.planId, first.planId));
    const later = daysAfter(statement!.catchUpBy, 5);
    await testApp.db
      .update(arrearsStatements)
      .set({ catchUpBy: later })
      .where(eq(arrearsStatements.planId, first.planId));

    const page = staffMissedPaymentsPageSchema.parse(
      await read(finance, "/api/staff/queues/missed-payments"),
    );
    const mine = page.items.filter((item) => [first.planId, second.planId].includes(item.planId));
    expect(mine).toEqual([
      expect.objectContaining({
        planId: second.planId,
        planReference: await planReferenceOf(testApp.db, second.planId),
        missedPayments: 2,
        owedPence: second.owed,
      }),
      expect.objectContaining({
        planId: first.planId,
        planReference: await planReferenceOf(testApp.db, first.planId),
        missedPayments: 2,
        owedPence: first.owed,
        deadline: later,
      }),
    ]);
    expect(mine[0]?.customerName).toBeTruthy();
    expect(mine[0]?.deadlineRule).toContain(ukToday());
    const looks = await auditActions(finance, "queue.missed-payments.read");
    expect(looks).toHaveLength(1);
    expect(looks[0]?.detail).toMatchObject({
      shown: expect.arrayContaining([first.planId, second.planId]),
    });
    expect(JSON.stringify(looks)).not.toContain(mine[0]!.customerName!);

    // A cancelled plan has nothing left to chase.
    await cancel(second.token, second.planId);
    await settlePayments(testApp);
    const after = staffMissedPaymentsPageSchema.parse(
      await read(finance, "/api/staff/queues/missed-payments"),
    );
    expect(after.items.map((item) => item.planId)).not.toContain(second.planId);
  });
});

describe("funeral director appointments", () => {
  it("lists plans bought when their branch had closed by the 30th day, then plans whose branch closed since", async () => {
    const guest = await testApp.requestApplicationToken();
    const { catalogue, branch } = await catalogueAndBranch(testApp, guest);
    const [otherBranch] = await testApp.db
      .select()
      .from(funeralDirectorBranches)
      .where(
        and(
          eq(funeralDirectorBranches.active, true),
          eq(funeralDirectorBranches.allowsFuneralDirectorServices, true),
          sql`${funeralDirectorBranches.id} <> ${branch.id}`,
        ),
      )
      .orderBy(funeralDirectorBranches.id)
      .limit(1);
    const setOpen = (id: number, active: boolean) =>
      testApp.db.update(funeralDirectorBranches).set({ active }).where(eq(funeralDirectorBranches.id, id));

    const settled = await paidPlan(testApp);
    const closedSince = await readyPlan(testApp, fullJourney(catalogue, otherBranch!.id));
    await choosePayment(testApp, closedSince.token, closedSince.planId, { option: "full" });
    await payByCard(testApp, closedSince.token, closedSince.planId, "full", sandboxCards.succeeds);
    const closedWhenBought = await readyPlan(testApp, fullJourney(catalogue, otherBranch!.id));
    await choosePayment(testApp, closedWhenBought.token, closedWhenBought.planId, { option: "full" });
    // The payment is opened while the branch is open (a closed one changes the plan's documents),
    // and taken once it has closed.
    const opened = await withKey(testApp, closedWhenBought.token, "POST", "/api/payments/create", {
      planId: closedWhenBought.planId,
      paymentOption: "full",
    });
    expect(opened.statusCode, opened.body).toBe(201);
    await setOpen(otherBranch!.id, false);
    try {
      const confirmed = await confirmOnSandbox(
        testApp,
        closedWhenBought.token,
        paymentSchema.parse(opened.json()),
        sandboxCards.succeeds,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      await settlePayments(testApp);

      const page = staffAppointmentsPageSchema.parse(await read(agent, "/api/staff/queues/appointments"));
      const mine = page.items.filter((item) =>
        [settled.planId, closedSince.planId, closedWhenBought.planId].includes(item.planId),
      );
      const dueBy = daysAfter(ukToday(), 30);
      expect(mine).toEqual([
        expect.objectContaining({
          planId: closedWhenBought.planId,
          planReference: await planReferenceOf(testApp.db, closedWhenBought.planId),
          reason: "branch_closed_when_bought",
          chosenBranch: { id: otherBranch!.id, name: otherBranch!.name, open: false },
          boughtOn: ukToday(),
          deadline: dueBy,
        }),
        expect.objectContaining({ planId: closedSince.planId, reason: "branch_closed_since" }),
      ]);
      expect(mine[0]?.deadlineRule).toContain("FPCOB 10.1.3R");
      expect(await auditActions(agent, "queue.appointments.read")).toHaveLength(1);
    } finally {
      await setOpen(otherBranch!.id, true);
    }
  });
});

describe("at-need cases", () => {
  /** What the customer's own nominee would type about a paid plan's customer. */
  async function toldOfDeath(plan: { planId: string }, person: { firstName: string; lastName: string }) {
    const rows = (await testApp.db.execute(
      sql`select customer from plan_people where plan_id = ${plan.planId}`,
    )) as unknown as { rows: { customer: { firstName: string; lastName: string; dateOfBirth: never } }[] };
    const customer = rows.rows[0]!.customer;
    const body: DeathNotificationFields = {
      person: {
        firstName: person.firstName || customer.firstName,
        lastName: person.lastName || customer.lastName,
        dateOfBirth: customer.dateOfBirth,
        planReference: plan.planId,
        postcode: "",
      },
      dateOfDeath: ukTodayAsTyped(),
      accidental: "no",
      restingPlace: "hospital",
      restingPlaceDetails: "St Mary's, Paddington",
      informant: {
        firstName: "David",
        lastName: "Thompson",
        relationship: "son_or_daughter",
        email: `david.${randomUUID().slice(0, 8)}@example.com`,
        phone: "07700 900 982",
      },
    };
    const token = await testApp.requestApplicationToken();
    const told = await callApi(testApp, token, "POST", "/api/notify-a-death", body);
    expect(told.statusCode, told.body).toBe(201);
  }

  it("lists matched and unmatched cases, confirms a reported death before the funeral is requested, and moves a funeral on one step at a time with a note by the member", async () => {
    const plan = await paidPlan(testApp);
    await toldOfDeath(plan, { firstName: "", lastName: "" });
    await toldOfDeath(plan, { firstName: "Nobody", lastName: `Known-${randomUUID().slice(0, 4)}` });
    await testApp.app.atNeedJobs.idle();
    await settlePayments(testApp);

    const page = staffAtNeedCasesPageSchema.parse(await read(agent, "/api/staff/queues/at-need-cases"));
    const matched = page.items.find((item) => item.planId === plan.planId);
    const unmatched = page.items.find((item) => item.personName.startsWith("Nobody Known"));
    expect(matched).toMatchObject({
      planReference: await planReferenceOf(testApp.db, plan.planId),
      matched: true,
      status: "reported",
      saidNotRight: false,
      informantName: "David Thompson",
    });
    expect(unmatched).toMatchObject({
      matched: false,
      status: "unmatched",
      planId: null,
      planReference: null,
      typedPlanReference: plan.planId,
    });
    // Oldest last step first.
    expect(page.items.indexOf(matched!)).toBeLessThan(page.items.indexOf(unmatched!));
    expect(matched!.deadline > ukToday()).toBe(true);

    const move = (caseId: string, body: unknown) =>
      callApi(testApp, agent.token, "POST", `/api/staff/at-need-cases/${caseId}/status`, body);
    const statusOf = async (caseId: string) =>
      (await testApp.db.select().from(atNeedCases).where(eq(atNeedCases.id, caseId)))[0]?.status;
    const eventsOf = (caseId: string) =>
      testApp.db.select().from(atNeedCaseEvents).where(eq(atNeedCaseEvents.caseId, caseId));

    // A reported death is confirmed first, saying how; only then is the funeral requested.
    const notConfirmed = await move(matched!.caseId, { status: "funeral_arranged", note: "Called" });
    expect(notConfirmed.statusCode, notConfirmed.body).toBe(409);
    expect(violationsResponseSchema.parse(notConfirmed.json()).violations[0]?.title).toBe(
      staffMessages.deathNotConfirmedYet,
    );
    const notSaidHow = await move(matched!.caseId, { status: "funeral_requested", note: "Called" });
    expect(notSaidHow.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(notSaidHow.json()).violations).toEqual([
      { propertyPath: "confirmedBy", title: staffMessages.deathConfirmationNeeded },
    ]);
    expect(await statusOf(matched!.caseId)).toBe("reported");
    const confirmed = await move(matched!.caseId, {
      status: "funeral_requested",
      confirmedBy: "death_certificate",
      note: "Certificate seen: Westminster, entry 123.",
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await statusOf(matched!.caseId)).toBe("funeral_requested");
    expect((await eventsOf(matched!.caseId)).at(-1)).toMatchObject({
      kind: "funeral_requested",
      confirmedBy: "death_certificate",
    });
    await settlePayments(testApp);
    expect((await paymentsOf(testApp, plan.token, plan.planId)).state).toBe("funeral_requested");

    const noNote = await move(matched!.caseId, { status: "funeral_arranged", note: " " });
    expect(noNote.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(noNote.json()).violations).toEqual([
      { propertyPath: "note", title: staffMessages.atNeedNoteNeeded },
    ]);
    const skipped = await move(matched!.caseId, { status: "funeral_provided", note: "Done" });
    expect(skipped.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(skipped.json()).violations[0]?.title).toBe(
      staffMessages.funeralStatusSkipped,
    );
    expect(await statusOf(matched!.caseId)).toBe("funeral_requested");
    expect(await eventsOf(matched!.caseId)).toHaveLength(2);

    const note = "Spoke to David: the funeral is at 11 on Friday at Golders Green.";
    const arranged = await move(matched!.caseId, { status: "funeral_arranged", note });
    expect(arranged.statusCode, arranged.body).toBe(200);
    expect(await statusOf(matched!.caseId)).toBe("funeral_arranged");
    const [, , event] = await eventsOf(matched!.caseId);
    const [agentRow] = (
      (await testApp.db.execute(
        sql`select id from staff_members where email = ${agent.email}`,
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    expect(event).toMatchObject({ kind: "funeral_arranged", by: agentRow!.id, note });

    const backwards = await move(matched!.caseId, { status: "funeral_requested", note: "Oops" });
    expect(backwards.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(backwards.json()).violations[0]?.title).toBe(
      staffMessages.funeralStatusBackwards,
    );
    const notMatched = await move(unmatched!.caseId, { status: "funeral_arranged", note: "Called" });
    expect(notMatched.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(notMatched.json()).violations[0]?.title).toBe(
      staffMessages.atNeedCaseUnmatched,
    );

    expect(
      (await move(matched!.caseId, { status: "funeral_provided", note: "The funeral took place." }))
        .statusCode,
    ).toBe(200);
    const after = staffAtNeedCasesPageSchema.parse(await read(agent, "/api/staff/queues/at-need-cases"));
    expect(after.items.map((item) => item.caseId)).not.toContain(matched!.caseId);
    expect(await auditActions(agent, "at-need-case.moved")).toHaveLength(3);
    expect(await auditActions(agent, "queue.at-need-cases.read")).toHaveLength(2);
    // The note is the family's business: in the case's events, never in the logs or the audit log.
    expect(testApp.logs.join("\n")).not.toContain("Golders Green");
    const audit = await auditActions(agent, "at-need-case.moved");
    expect(JSON.stringify(audit)).not.toContain("Golders Green");
  });
});

describe("free guide enquiries", () => {
  it("lists only enquiries with consent to contact, and not from an address on the do-not-contact list, oldest first", async () => {
    const ask = async (name: string, contactPreferences: Record<string, boolean>) => {
      const email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
      const token = await testApp.requestApplicationToken();
      const asked = await callApi(
        testApp,
        token,
        "POST",
        "/api/enquiries",
        { name, email, phone: "07700 900123", contactPreferences },
        `203.0.113.${Math.floor(Math.random() * 200) + 1}`,
      );
      expect(asked.statusCode, asked.body).toBe(201);
      return email;
    };
    const byPost = await ask("Agnes", { email: false, phone: false, post: true });
    const noConsent = await ask("Bernard", { email: false, phone: false, post: false });
    const byEmailAndPhone = await ask("Cecily", { email: true, phone: true, post: false });
    const stopped = await ask("Dorothy", { email: true, phone: false, post: false });
    await testApp.db.insert(doNotContact).values({ email: stopped });

    const page = staffEnquiriesPageSchema.parse(await read(agent, "/api/staff/queues/enquiries"));
    const emails = page.items.map((item) => item.email);
    expect(emails.filter((email) => [byPost, noConsent, byEmailAndPhone, stopped].includes(email))).toEqual([
      byPost,
      byEmailAndPhone,
    ]);
    expect(page.items.find((item) => item.email === byEmailAndPhone)).toMatchObject({
      name: "Cecily",
      contactBy: ["email", "phone"],
    });
    expect(page.items[0]?.deadlineRule).toContain("2 working days");
    // The look is recorded with the enquiries it showed, by reference, without their details.
    const [audit] = await auditActions(agent, "queue.enquiries.read");
    expect(audit?.detail).toMatchObject({
      page: 1,
      shown: page.items.map((item) => item.enquiryId),
    });
    expect(JSON.stringify(audit)).not.toContain(byPost);
  });
});
