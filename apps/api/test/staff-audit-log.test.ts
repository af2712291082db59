import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInStaffSchema, staffAuditPageSchema, violationsResponseSchema } from "@kindred/contracts";
import { daysAfter, staffMessages, ukToday } from "@kindred/domain";
import { callApi } from "./support/customers";
import { planReferenceOf } from "./support/paying";
import { readyPlan } from "./support/ready-plans";
import {
  auditEntriesBy,
  createFirstTestAdministrator,
  createTestStaffMember,
  type TestStaffMember,
} from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * The audit log's filters (issue 50 item 13): by who, what, the plan (by its short reference) and
 * the days from and to; a member opening the back office (their own account read, two entries in
 * five) is left out unless asked for; each plan is named by its short reference (item 4).
 */

let testApp: TestApp;
let administrator: TestStaffMember;
let agent: TestStaffMember;
let agentId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  administrator = await createFirstTestAdministrator(testApp);
  agent = await createTestStaffMember(testApp, administrator, "agent");
  const me = await callApi(testApp, agent.token, "GET", "/api/staff/me");
  agentId = signedInStaffSchema.parse(me.json()).id;
});
afterAll(() => testApp.close());

/** The log as the administrator reads it with `query`: the entries before their own reading of it. */
async function logWith(query: string) {
  const response = await callApi(testApp, administrator.token, "GET", `/api/staff/audit?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return staffAuditPageSchema
    .parse(response.json())
    .events.filter((event) => event.action !== "staff.audit-read");
}

/** The agent opens a plan's page, as they would on the phone. */
async function agentOpens(planId: string) {
  const response = await callApi(testApp, agent.token, "GET", `/api/staff/plans/${planId}`);
  expect(response.statusCode, response.body).toBe(200);
}

describe("the audit log's filters", () => {
  it("leaves out members opening the back office unless asked for, by the switch or by choosing it", async () => {
    await callApi(testApp, agent.token, "GET", "/api/staff/me");

    const byDefault = await logWith(`who=${agentId}&limit=200`);
    expect(byDefault.map((event) => event.action)).not.toContain("staff.own-account-read");

    const shown = await logWith(`who=${agentId}&ownAccountReads=shown&limit=200`);
    expect(shown[0]).toMatchObject({ action: "staff.own-account-read", staffMemberName: agent.name });

    const chosen = await logWith(`action=staff.own-account-read&limit=200`);
    expect(chosen.length).toBeGreaterThan(0);
    expect(new Set(chosen.map((event) => event.action))).toEqual(new Set(["staff.own-account-read"]));
  });

  it("finds what a member did to one plan, by its short reference typed in any case, on the days asked, naming the plan by that reference", async () => {
    const [one, other] = [await readyPlan(testApp), await readyPlan(testApp)];
    await agentOpens(one.planId);
    await agentOpens(other.planId);
    const reference = await planReferenceOf(testApp.db, one.planId);
    const typed = reference.toLowerCase().replaceAll("-", " ");
    const today = ukToday();

    const found = await logWith(
      `who=${agentId}&action=plan.read&plan=${encodeURIComponent(typed)}&from=${today}&to=${today}`,
    );
    expect(found).toEqual([
      expect.objectContaining({
        action: "plan.read",
        staffMemberName: agent.name,
        planId: one.planId,
        planReference: reference,
      }),
    ]);

    // Another member, another action, or days before or after: none of these.
    const administratorId = signedInStaffSchema.parse(
      (await callApi(testApp, administrator.token, "GET", "/api/staff/me")).json(),
    ).id;
    expect(await logWith(`who=${administratorId}&plan=${reference}`)).toEqual([]);
    expect(await logWith(`action=plan.note-added&plan=${reference}`)).toEqual([]);
    expect(await logWith(`plan=${reference}&from=${daysAfter(today, 1)}`)).toEqual([]);
    expect(await logWith(`plan=${reference}&to=${daysAfter(today, -1)}`)).toEqual([]);
    // Every entry about the plan, whoever made it.
    const aboutThePlan = await logWith(`plan=${reference}`);
    expect(aboutThePlan.length).toBeGreaterThan(0);
    expect(new Set(aboutThePlan.map((event) => event.planReference))).toEqual(new Set([reference]));

    // The look is recorded with its filters.
    const looks = await auditEntriesBy(testApp, administrator, "staff.audit-read");
    expect(looks.map((look) => look.detail)).toContainEqual({
      who: agentId,
      action: "plan.read",
      plan: typed,
      from: today,
      to: today,
      ownAccountReads: "hidden",
    });
  });

  it("refuses a filter that is not one, naming it in words, and reads nothing", async () => {
    const refusal = async (query: string) => {
      const response = await callApi(testApp, administrator.token, "GET", `/api/staff/audit?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      return violationsResponseSchema.parse(response.json()).violations;
    };
    expect(await refusal("who=Ann")).toEqual([{ propertyPath: "who", title: staffMessages.auditWhoInvalid }]);
    expect(await refusal("action=DROP%20TABLE")).toEqual([
      { propertyPath: "action", title: staffMessages.auditActionInvalid },
    ]);
    expect(await refusal("plan=KND-0000-0000")).toEqual([
      { propertyPath: "plan", title: staffMessages.auditPlanInvalid },
    ]);
    expect(await refusal("from=2026-02-31")).toEqual([
      { propertyPath: "from", title: staffMessages.auditDayInvalid },
    ]);
    expect(await refusal("from=2026-12-02&to=2026-12-01")).toEqual([
      { propertyPath: "to", title: staffMessages.auditToBeforeFrom },
    ]);
    expect(await refusal("ownAccountReads=maybe")).toEqual([
      { propertyPath: "ownAccountReads", title: staffMessages.auditOwnAccountReadsInvalid },
    ]);
  });
});
