// Staff plan search reads a pg_trgm index (decision 031), an extension PGlite loads from its own
// build: the file runs in CI's PostgreSQL stage too.
// @module-tag engine
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  staffAuditPageSchema,
  staffPlanSearchResponseSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { staffMessages } from "@kindred/domain";
import { planPeople, plans, users } from "../src/db/schema";
import { sandboxCards } from "../src/modules/payments";
import { callApi } from "./support/customers";
import { choosePayment, payByCard } from "./support/paying";
import { addressDetails, coveredPersonDetails } from "./support/people";
import { readyPlan } from "./support/ready-plans";
import { createFirstTestAdministrator, createTestStaffMember, type TestStaffMember } from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Staff find a plan (issue 24 item 4): by part of its reference, or of a name, email address,
 * phone number or postcode of anyone in it, whatever the case or spacing, a page at a time, each
 * search written to the audit log with what was typed and which plans it showed.
 */

let testApp: TestApp;
let administrator: TestStaffMember;
let agent: TestStaffMember;
let edithsPlan: string;
let otherPlan: string;

beforeAll(async () => {
  testApp = await createTestApp();
  administrator = await createFirstTestAdministrator(testApp);
  agent = await createTestStaffMember(testApp, administrator, "agent");
  const edith = await readyPlan(
    testApp,
    undefined,
    { firstName: "Edith", lastName: "Price", phone: "07700 900123", email: "edith.price@example.com" },
    { coveredPerson: coveredPersonDetails() },
  );
  edithsPlan = edith.planId;
  await choosePayment(testApp, edith.token, edith.planId, { option: "full" });
  await payByCard(testApp, edith.token, edith.planId, "full", sandboxCards.succeeds);
  otherPlan = (await readyPlan(testApp, undefined, { address: addressDetails({ postcode: "sw1a 1aa" }) }))
    .planId;
});
afterAll(() => testApp.close());

const search = async (query: string, after?: string) => {
  const url = `/api/staff/plans?${new URLSearchParams({ q: query, ...(after ? { after } : {}) }).toString()}`;
  return callApi(testApp, agent.token, "GET", url);
};
const found = async (query: string) =>
  staffPlanSearchResponseSchema.parse((await search(query)).json()).results.map((result) => result.planId);

describe("finding a plan", () => {
  it("finds it by the postcode of the person covered, with or without its space, in any case", async () => {
    const response = await search("mk40 1aa");
    expect(response.statusCode).toBe(200);
    const { results } = staffPlanSearchResponseSchema.parse(response.json());
    expect(results).toEqual([
      expect.objectContaining({
        planId: edithsPlan,
        customerName: "Edith Price",
        coveredPersonName: "Margaret Hughes",
        postcode: "MK40 1AA",
        status: "bought",
      }),
    ]);
    expect(await found("MK401AA")).toEqual([edithsPlan]);
  });

  it("finds it by part of a name, an email address, a phone number however written, or the reference", async () => {
    expect(await found("EDITH pri")).toEqual([edithsPlan]);
    expect(await found("margaret hugh")).toEqual([edithsPlan]);
    expect(await found("edith.price@EXAMPLE")).toEqual([edithsPlan]);
    expect(await found("07700 900123")).toEqual([edithsPlan]);
    expect(await found("+447700900123")).toEqual([edithsPlan]);
    expect(await found(edithsPlan.slice(0, 8))).toEqual([edithsPlan]);
    expect(await found("SW1A 1AA")).toEqual([otherPlan]);
  });

  it("finds it by its short reference read out on the phone: any case, with or without dashes, spaces or KND", async () => {
    const [edith] = staffPlanSearchResponseSchema.parse((await search("mk40 1aa")).json()).results;
    const reference = edith?.planReference ?? "";
    expect(reference).toMatch(/^KND-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const characters = reference.slice(4).replace("-", "");
    for (const typed of [
      reference,
      reference.toLowerCase(),
      characters,
      ` ${characters.slice(0, 4).toLowerCase()} ${characters.slice(4)} `,
      `knd ${characters.slice(0, 4)}–${characters.slice(4).toLowerCase()}`,
    ]) {
      expect(await found(typed), typed).toEqual([edithsPlan]);
    }
  });

  it("says so when there is too little to look for, and takes % and _ as themselves", async () => {
    const short = await search(" ab ");
    expect(short.statusCode).toBe(422);
    expect(violationsResponseSchema.parse(short.json()).violations).toEqual([
      { propertyPath: "q", title: staffMessages.searchTooShort },
    ]);
    expect(await found("%%%")).toEqual([]);
    expect(await found("___")).toEqual([]);
  });

  it("shows a page at a time, newest change first, and the next page starts after the last plan shown", async () => {
    // 25 more plans of one family, written straight to the database: the search does not care how.
    for (let number = 0; number < 25; number += 1) {
      const [user] = await testApp.db.insert(users).values({ kind: "guest" }).returning({ id: users.id });
      const [plan] = await testApp.db
        .insert(plans)
        .values({
          userId: user!.id,
          reference: `KND-QQQQ-QQ${"ABCDEFGHJKLMNPQRSTUVWXYZ2"[number]}Q`,
          updatedAt: new Date(Date.UTC(2026, 0, 1 + number)),
        })
        .returning({ id: plans.id });
      await testApp.db.insert(planPeople).values({
        planId: plan!.id,
        customer: {
          firstName: "Ada",
          lastName: `Quennell-${number}`,
          email: `q${number}@example.com`,
        } as never,
      });
    }
    const first = staffPlanSearchResponseSchema.parse((await search("quennell")).json());
    expect(first.results).toHaveLength(20);
    expect(first.results[0]?.customerName).toBe("Ada Quennell-24");
    expect(first.results.every((result) => result.status === "unfinished")).toBe(true);
    const second = staffPlanSearchResponseSchema.parse((await search("quennell", first.next ?? "")).json());
    expect(second.results.map((result) => result.customerName)).toEqual([
      "Ada Quennell-4",
      "Ada Quennell-3",
      "Ada Quennell-2",
      "Ada Quennell-1",
      "Ada Quennell-0",
    ]);
    expect(second.next).toBeNull();
    expect((await search("quennell", "not-a-page")).statusCode).toBe(422);
  });

  it("is written to the audit log: who searched, for what, and which plans it showed", async () => {
    await search("mk40 1aa");
    const page = staffAuditPageSchema.parse(
      (await callApi(testApp, administrator.token, "GET", "/api/staff/audit?limit=2")).json(),
    );
    expect(page.events[1]).toMatchObject({
      action: "plans.searched",
      staffMemberName: agent.name,
      detail: { query: "mk40 1aa", found: 1, plans: [edithsPlan] },
    });
  });
});
