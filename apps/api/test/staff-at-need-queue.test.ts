import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  atNeedCaseActionSchema,
  staffAtNeedCasesPageSchema,
  violationsResponseSchema,
  type DeathNotificationFields,
} from "@kindred/contracts";
import { staffMessages } from "@kindred/domain";
import { eq, sql } from "drizzle-orm";
import { atNeedCaseEvents, atNeedCases } from "../src/db/schema";
import { atOnce } from "./support/at-once";
import { callApi } from "./support/customers";
import { paymentsOf, planReferenceOf, settlePayments, withKey } from "./support/paying";
import { ukTodayAsTyped } from "./support/people";
import { paidPlan, readyPlan } from "./support/ready-plans";
import {
  auditEntriesBy,
  createFirstTestAdministrator,
  createTestStaffMember,
  type TestStaffMember,
} from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * The at-need queue as staff work it (issue 50 item 8): filtered by stage and by how long ago we
 * were told, oldest first with the deadline; a report that matched no plan matched by staff to the
 * plan they found (then reported, not confirmed, and everyone on the plan told, as decision 040
 * has it) or closed as not one of ours with the reason; each once, audited.
 */

let testApp: TestApp;
let agent: TestStaffMember;

beforeAll(async () => {
  testApp = await createTestApp();
  const administrator = await createFirstTestAdministrator(testApp);
  agent = await createTestStaffMember(testApp, administrator, "agent");
});
afterAll(() => testApp.close());

type Plan = Awaited<ReturnType<typeof paidPlan>>;

/** The plan's customer as stored: the person the plan covers. */
async function customerOf(plan: { planId: string }) {
  const rows = (await testApp.db.execute(
    sql`select customer from plan_people where plan_id = ${plan.planId}`,
  )) as unknown as {
    rows: { customer: { firstName: string; lastName: string; dateOfBirth: never; email: string } }[];
  };
  return rows.rows[0]!.customer;
}

/**
 * Someone tells us the plan's customer died; with `wrongReference`, they type a reference that is
 * no plan's and no postcode, so the report matches nothing and waits for staff. Answers the case.
 */
async function toldOfDeath(plan: { planId: string }, { wrongReference = false } = {}) {
  const customer = await customerOf(plan);
  const body: DeathNotificationFields = {
    person: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      dateOfBirth: customer.dateOfBirth,
      planReference: wrongReference ? `KFP-${randomUUID().slice(0, 8)}` : plan.planId,
      postcode: "",
    },
    dateOfDeath: ukTodayAsTyped(),
    accidental: "no",
    restingPlace: "hospital",
    restingPlaceDetails: "",
    informant: {
      firstName: "Ruth",
      lastName: "Okafor",
      relationship: "son_or_daughter",
      email: `ruth.${randomUUID().slice(0, 8)}@example.com`,
      phone: "07700 900 456",
    },
  };
  const token = await testApp.requestApplicationToken();
  const told = await callApi(testApp, token, "POST", "/api/notify-a-death", body);
  expect(told.statusCode, told.body).toBe(201);
  await testApp.app.atNeedJobs.idle();
  const { reference } = told.json() as { reference: string };
  const [event] = await testApp.db.select().from(atNeedCaseEvents).where(eq(atNeedCaseEvents.id, reference));
  return event!.caseId;
}

const queuePage = async (query = "") => {
  const response = await callApi(
    testApp,
    agent.token,
    "GET",
    `/api/staff/queues/at-need-cases?page=1${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return staffAtNeedCasesPageSchema.parse(response.json());
};
const queue = async (query = "") => (await queuePage(query)).items;
const caseIdsIn = async (query: string) => (await queue(query)).map((item) => item.caseId);

const act = (caseId: string, action: "match" | "close" | "status", body: unknown) =>
  callApi(testApp, agent.token, "POST", `/api/staff/at-need-cases/${caseId}/${action}`, body);
const refusalOf = (response: { json(): unknown }) =>
  violationsResponseSchema.parse(response.json()).violations;
const caseRow = async (caseId: string) =>
  (await testApp.db.select().from(atNeedCases).where(eq(atNeedCases.id, caseId)))[0]!;
const emailsAbout = async (address: string) =>
  (await testApp.readOutbox()).filter(
    (message) =>
      message.to.toLowerCase() === address.toLowerCase() &&
      message.subject.startsWith("We have been told of a death"),
  );

async function boughtPlan(): Promise<Plan> {
  const plan = await paidPlan(testApp);
  await settlePayments(testApp);
  return plan;
}

describe("the at-need queue's filters", () => {
  it("shows the cases at one stage, or told at least so many days ago, oldest first with the deadline, and records the filter with the look", async () => {
    const reportedPlan = await boughtPlan();
    const reported = await toldOfDeath(reportedPlan);
    const confirmedPlan = await boughtPlan();
    const confirmed = await toldOfDeath(confirmedPlan);
    const confirming = await act(confirmed, "status", {
      status: "funeral_requested",
      confirmedBy: "called_the_named_person",
      note: "Called the customer's daughter on the number we hold.",
    });
    expect(confirming.statusCode, confirming.body).toBe(200);
    const unmatched = await toldOfDeath(await boughtPlan(), { wrongReference: true });
    // Told a fortnight ago, and nothing done since.
    const oldUnmatched = await toldOfDeath(await boughtPlan(), { wrongReference: true });
    await testApp.db
      .update(atNeedCases)
      .set({ createdAt: sql`now() - interval '14 days'` })
      .where(eq(atNeedCases.id, oldUnmatched));

    const unmatchedOnly = await caseIdsIn("&stage=unmatched");
    expect(unmatchedOnly).toEqual(expect.arrayContaining([unmatched, oldUnmatched]));
    expect(unmatchedOnly).not.toContain(reported);
    expect(unmatchedOnly).not.toContain(confirmed);
    const matched = await caseIdsIn("&stage=matched");
    expect(matched).toEqual(expect.arrayContaining([reported, confirmed]));
    expect(matched).not.toContain(unmatched);
    expect(await caseIdsIn("&stage=reported")).toContain(reported);
    expect(await caseIdsIn("&stage=reported")).not.toContain(confirmed);
    expect(await caseIdsIn("&stage=confirmed")).toContain(confirmed);
    expect(await caseIdsIn("&stage=confirmed")).not.toContain(reported);
    // By age: only what we were told of at least a week ago.
    expect(await caseIdsIn("&stage=unmatched&olderThanDays=7")).toEqual([oldUnmatched]);

    // Every case still to act on, oldest first, each with its deadline and what typed to find it.
    const open = await queue();
    expect(open.map((item) => item.caseId)).toEqual(
      expect.arrayContaining([reported, confirmed, unmatched, oldUnmatched]),
    );
    const row = open.find((item) => item.caseId === unmatched)!;
    expect(row).toMatchObject({ matched: false, status: "unmatched", closedReason: null, postcode: "" });
    expect(row.deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row.deadlineRule).toContain("find the plan and match it, or close the report");
    expect(row.typedPlanReference).toMatch(/^kfp-/i);
    expect(row.planReference).toBeNull();
    const lastChanges = open.map((item) => item.lastChangeAt);
    expect(lastChanges).toEqual([...lastChanges].sort());

    const badFilter = await callApi(
      testApp,
      agent.token,
      "GET",
      "/api/staff/queues/at-need-cases?stage=everything",
    );
    expect(badFilter.statusCode).toBe(400);
    expect(refusalOf(badFilter)).toEqual([
      { propertyPath: "stage", title: staffMessages.staffQueueFilterInvalid },
    ]);
    const looks = await auditEntriesBy(testApp, agent, "queue.at-need-cases.read");
    expect(looks.map((look) => look.detail)).toContainEqual(
      expect.objectContaining({ stage: "unmatched", olderThanDays: 7, shown: [oldUnmatched] }),
    );
  });
});

describe("matching a report to a plan", () => {
  it("matches a report to the plan staff found: reported, not confirmed, everyone on the plan told, and audited; a second press changes nothing", async () => {
    const plan = await boughtPlan();
    const customer = await customerOf(plan);
    const caseId = await toldOfDeath(plan, { wrongReference: true });
    expect(await emailsAbout(customer.email)).toHaveLength(0);
    const moneyBefore = (await paymentsOf(testApp, plan.token, plan.planId)).state;
    expect(moneyBefore).not.toBe("funeral_requested");

    const noNote = await act(caseId, "match", { plan: plan.planId, note: " " });
    expect(noNote.statusCode).toBe(400);
    expect(refusalOf(noNote)).toEqual([{ propertyPath: "note", title: staffMessages.atNeedNoteNeeded }]);
    const notAReference = await act(caseId, "match", { plan: "KFP-123", note: "Found by postcode" });
    expect(notAReference.statusCode).toBe(400);
    expect(refusalOf(notAReference)).toEqual([
      { propertyPath: "plan", title: staffMessages.matchPlanReferenceNeeded },
    ]);
    const noSuchPlan = await act(caseId, "match", { plan: randomUUID(), note: "Found by postcode" });
    expect(noSuchPlan.statusCode).toBe(404);
    expect(refusalOf(noSuchPlan)).toEqual([{ propertyPath: "plan", title: staffMessages.noSuchPlanToMatch }]);
    const notBought = await act(caseId, "match", {
      plan: (await readyPlan(testApp)).planId,
      note: "Found by postcode",
    });
    expect(notBought.statusCode).toBe(409);
    expect(refusalOf(notBought)[0]?.title).toBe(staffMessages.matchPlanNotBought);
    expect((await caseRow(caseId)).status).toBe("unmatched");

    const note = "The daughter read the reference from the welcome letter: one letter was wrong.";
    // The short reference as read out on the phone and typed: lower case, spaces, no dashes.
    const reference = await planReferenceOf(testApp.db, plan.planId);
    const typed = ` ${reference.toLowerCase().replaceAll("-", " ")} `;
    const matched = await act(caseId, "match", { plan: typed, note });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(atNeedCaseActionSchema.parse(matched.json())).toMatchObject({
      caseId,
      planId: plan.planId,
      planReference: reference,
      status: "reported",
    });
    expect(await caseRow(caseId)).toMatchObject({ planId: plan.planId, status: "reported", atDeath: null });
    const events = await testApp.db
      .select()
      .from(atNeedCaseEvents)
      .where(eq(atNeedCaseEvents.caseId, caseId));
    expect(events.map((event) => event.kind)).toEqual(["opened", "matched"]);
    expect(events[1]).toMatchObject({ note, confirmedBy: null });

    // As a report matched online: everyone on the plan is told, and nothing about the plan changes.
    await testApp.app.atNeedJobs.idle();
    expect(await emailsAbout(customer.email)).toHaveLength(1);
    expect((await paymentsOf(testApp, plan.token, plan.planId)).state).toBe(moneyBefore);
    expect(await caseIdsIn("&stage=reported")).toContain(caseId);
    expect(await caseIdsIn("&stage=unmatched")).not.toContain(caseId);

    // A second press: refused in words, nobody told twice.
    const again = await act(caseId, "match", { plan: plan.planId, note });
    expect(again.statusCode).toBe(409);
    expect(refusalOf(again)[0]?.title).toBe(staffMessages.atNeedCaseAlreadyMatched);
    await testApp.app.atNeedJobs.idle();
    expect(await emailsAbout(customer.email)).toHaveLength(1);
    const closing = await act(caseId, "close", { reason: "Not ours" });
    expect(closing.statusCode).toBe(409);
    expect(refusalOf(closing)[0]?.title).toBe(staffMessages.atNeedCaseAlreadyMatched);

    const audit = await auditEntriesBy(testApp, agent, "at-need-case.matched");
    const entry = audit.find((row) => row.detail.caseId === caseId);
    expect(entry).toMatchObject({ planId: plan.planId, detail: { from: "unmatched", to: "reported" } });
    expect(JSON.stringify(audit)).not.toContain("welcome letter");
    // The plan's page shows who matched it, and their note, in its timeline.
    const planPage = await callApi(testApp, agent.token, "GET", `/api/staff/plans/${plan.planId}`);
    expect(planPage.statusCode, planPage.body).toBe(200);
    expect((planPage.json() as { timeline: unknown[] }).timeline).toContainEqual(
      expect.objectContaining({
        kind: "death-told",
        what: "Matched to this plan by staff: reported, not yet confirmed",
        text: note,
      }),
    );

    // Then confirmed as any report is, by staff saying how: the funeral is requested.
    const confirmed = await act(caseId, "status", {
      status: "funeral_requested",
      confirmedBy: "death_certificate",
      note: "Certificate seen: Camden, entry 48.",
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await caseRow(caseId)).status).toBe("funeral_requested");
  });

  it("refuses a plan that already has a case, or was cancelled, saying so", async () => {
    const plan = await boughtPlan();
    const told = await toldOfDeath(plan);
    const caseId = await toldOfDeath(plan, { wrongReference: true });
    const hasACase = await act(caseId, "match", { plan: plan.planId, note: "Same family" });
    expect(hasACase.statusCode).toBe(409);
    expect(refusalOf(hasACase)).toEqual([{ propertyPath: "plan", title: staffMessages.matchPlanHasACase }]);
    expect((await caseRow(told)).status).toBe("reported");

    const cancelled = await boughtPlan();
    const cancelling = await withKey(
      testApp,
      cancelled.token,
      "POST",
      `/api/plan/${cancelled.planId}/cancel`,
      {},
    );
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    const refused = await act(caseId, "match", { plan: cancelled.planId, note: "Found by name" });
    expect(refused.statusCode).toBe(409);
    expect(refusalOf(refused)[0]?.title).toBe(staffMessages.matchPlanCancelled);
    expect(await caseRow(caseId)).toMatchObject({ planId: null, status: "unmatched" });
  });

  it("matches once when the button is pressed twice at once", { tags: ["engine"] }, async () => {
    const plan = await boughtPlan();
    const customer = await customerOf(plan);
    const caseId = await toldOfDeath(plan, { wrongReference: true });
    const body = { plan: plan.planId, note: "Found by date of birth and name." };
    const answers = await atOnce([act(caseId, "match", body), act(caseId, "match", body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const events = await testApp.db
      .select()
      .from(atNeedCaseEvents)
      .where(eq(atNeedCaseEvents.caseId, caseId));
    expect(events.map((event) => event.kind)).toEqual(["opened", "matched"]);
    await testApp.app.atNeedJobs.idle();
    expect(await emailsAbout(customer.email)).toHaveLength(1);
    const audit = await auditEntriesBy(testApp, agent, "at-need-case.matched");
    expect(audit.filter((row) => row.detail.caseId === caseId)).toHaveLength(1);
  });
});

describe("closing a report as not ours", () => {
  it("needs a reason, keeps it with the case and shows it among the closed, takes the report from the queue, and closes once", async () => {
    const caseId = await toldOfDeath(await boughtPlan(), { wrongReference: true });

    const noReason = await act(caseId, "close", { reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(refusalOf(noReason)).toEqual([{ propertyPath: "reason", title: staffMessages.closeReasonNeeded }]);
    expect((await caseRow(caseId)).status).toBe("unmatched");

    const countsBefore = (await queuePage()).stageCounts;
    const reason = "Called Ruth: her mother's plan is with another provider.";
    const closed = await act(caseId, "close", { reason });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(atNeedCaseActionSchema.parse(closed.json())).toMatchObject({
      caseId,
      status: "closed",
      planId: null,
    });
    expect(await caseIdsIn("")).not.toContain(caseId);
    expect(await caseIdsIn("&stage=unmatched")).not.toContain(caseId);
    const shown = (await queue("&stage=closed")).find((item) => item.caseId === caseId);
    expect(shown).toMatchObject({ status: "closed", closedReason: reason });
    expect(shown?.deadlineRule).toContain("Closed as not one of our plans");
    // How many each filter holds: one fewer to look into, one more closed.
    expect((await queuePage()).stageCounts).toEqual({
      ...countsBefore,
      open: countsBefore.open - 1,
      unmatched: countsBefore.unmatched - 1,
      closed: countsBefore.closed + 1,
    });

    const again = await act(caseId, "close", { reason });
    expect(again.statusCode).toBe(409);
    expect(refusalOf(again)[0]?.title).toBe(staffMessages.atNeedCaseAlreadyClosed);
    const thenMatched = await act(caseId, "match", { plan: randomUUID(), note: "Found it after all" });
    expect(thenMatched.statusCode).toBe(409);
    expect(refusalOf(thenMatched)[0]?.title).toBe(staffMessages.atNeedCaseAlreadyClosed);
    const moved = await act(caseId, "status", { status: "funeral_arranged", note: "Called" });
    expect(moved.statusCode).toBe(409);
    expect(refusalOf(moved)[0]?.title).toBe(staffMessages.atNeedCaseClosed);

    const events = await testApp.db
      .select()
      .from(atNeedCaseEvents)
      .where(eq(atNeedCaseEvents.caseId, caseId));
    expect(events.map((event) => [event.kind, event.note])).toEqual([
      ["opened", null],
      ["closed", reason],
    ]);
    const audit = (await auditEntriesBy(testApp, agent, "at-need-case.closed")).filter(
      (row) => row.detail.caseId === caseId,
    );
    expect(audit).toEqual([{ planId: null, detail: expect.objectContaining({ reasonGiven: true }) }]);
    expect(JSON.stringify(audit)).not.toContain("another provider");
  });
});
