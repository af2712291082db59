import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "@kindred/domain";
import { atOnce } from "./support/at-once";
import { callApi } from "./support/customers";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
let token: string;
beforeAll(async () => {
  testApp = await createTestApp();
  token = await testApp.requestApplicationToken();
});
afterAll(() => testApp.close());

async function newPlan(): Promise<string> {
  const created = await callApi(testApp, token, "POST", "/api/guest/plan", {
    readings: { notes: "Psalm 23" },
  });
  return created.json<{ id: string }>().id;
}

function save(planId: string, notes: string, ifMatch?: string) {
  return testApp.app.inject({
    method: "PATCH",
    url: `/api/plan/${planId}`,
    headers: { authorization: `Bearer ${token}`, ...(ifMatch ? { "if-match": ifMatch } : {}) },
    payload: { readings: { notes } },
  });
}

describe("two windows saving one plan", () => {
  it("each save answers the plan's new version as its ETag", async () => {
    const planId = await newPlan();

    const read = await callApi(testApp, token, "GET", `/api/plan/${planId}`);
    const saved = await save(planId, "Psalm 121", read.headers.etag as string);

    expect(read.headers.etag).toBe('"1"');
    expect(read.json()).toMatchObject({ version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    expect(saved.json()).toMatchObject({ plan: { version: 2 } });
  });

  it("refuses a save made from an older copy with 412, and keeps the newer one", async () => {
    const planId = await newPlan();
    const first = await save(planId, "Abide with me", '"1"');

    const stale = await save(planId, "The Lord's my shepherd", '"1"');

    expect(first.statusCode).toBe(200);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({
      violations: [{ propertyPath: "Request", title: messages.planChangedElsewhere }],
    });
    const stored = await callApi(testApp, token, "GET", `/api/plan/${planId}`);
    expect(stored.json()).toMatchObject({ version: 2, journey: { readings: { notes: "Abide with me" } } });
  });

  // The plan's row lock decides between the two saves on PostgreSQL.
  it(
    "lets only one of two saves from the same copy through when they arrive together",
    { tags: ["engine"] },
    async () => {
      const planId = await newPlan();

      const outcomes = await atOnce([save(planId, "Jerusalem", '"1"'), save(planId, "I vow to thee", '"1"')]);

      expect(outcomes.map((response) => response.statusCode).sort()).toEqual([200, 412]);
      expect((await callApi(testApp, token, "GET", `/api/plan/${planId}`)).json()).toMatchObject({
        version: 2,
      });
    },
  );

  it("saves without If-Match as before, and refuses a tag that is not the plan's", async () => {
    const planId = await newPlan();

    expect((await save(planId, "Amazing Grace")).statusCode).toBe(200);
    expect((await save(planId, "Morning has broken", '"not-a-version"')).statusCode).toBe(412);
  });
});

describe("how many plans one visitor can hold", () => {
  it("is bounded: past the limit a new plan is refused with a plain message and nothing is stored", async () => {
    const visitor = await testApp.requestApplicationToken();
    const created = [];
    for (let n = 0; n < 20; n += 1) {
      created.push((await callApi(testApp, visitor, "POST", "/api/guest/plan", {})).statusCode);
    }

    const refused = await callApi(testApp, visitor, "POST", "/api/guest/plan", {});

    expect(created.every((status) => status === 201)).toBe(true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      violations: [{ propertyPath: "Request", title: messages.tooManyPlans(20) }],
    });
    expect((await callApi(testApp, visitor, "GET", "/api/plan")).json()).toHaveLength(20);
  });
});
