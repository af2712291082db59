// A request through each API module's routes, on a PostgreSQL server only (`*.postgres.test.ts`).
// Each module's own tests say what its routes do, on PGlite, where this would tell nothing new;
// CI's PostgreSQL stage runs only the tests tagged `engine`, so this is what shows there that every
// module reads and writes on the engine production runs (docs/decisions/034).
// @module-tag engine
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adviceArticlesResponseSchema,
  funeralDirectorSearchResponseSchema,
  legalDocumentsResponseSchema,
  planOptionsResponseSchema,
  planReadyResponseSchema,
  planResponseSchema,
  referralCodeResponseSchema,
  staffPlanPageSchema,
  userResponseSchema,
} from "@kindred/contracts";
import { callApi, createSignedInCustomer, uniqueAddress } from "./support/customers";
import { paymentsOf, settlePayments } from "./support/paying";
import { ukTodayAsTyped } from "./support/people";
import { paidPlan, readyPlan } from "./support/ready-plans";
import { createFirstTestAdministrator } from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
/** A plan ready to pay for, which the cases below only read. */
let ready: Awaited<ReturnType<typeof readyPlan>>;
beforeAll(async () => {
  testApp = await createTestApp();
  ready = await readyPlan(testApp);
});
afterAll(() => testApp.close());

/** A call that must answer `status`; answers the body, parsed. */
async function answer(
  token: string | null,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  status: number,
  payload?: unknown,
): Promise<unknown> {
  const response = await callApi(testApp, token, method, url, payload, uniqueAddress());
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.body ? response.json() : undefined;
}

/** Each module (its folder under src/modules) and a request, or the few it takes, through its routes. */
const throughItsRoutes: Record<string, () => Promise<void>> = {
  accounts: async () => {
    const customer = await createSignedInCustomer(testApp);
    const user = userResponseSchema.parse(await answer(customer.token, "GET", "/api/user", 200));
    expect(user.email).toBe(customer.user.email);
  },
  "address-lookup": async () => {
    const token = await testApp.requestApplicationToken();
    await answer(token, "GET", "/api/address-lookup/autocomplete?query=MK92HP", 200);
  },
  "advice-articles": async () => {
    const found = adviceArticlesResponseSchema.parse(
      await answer(null, "GET", "/api/stories?search=funeral", 200),
    );
    expect(found.data.length).toBeGreaterThan(0);
  },
  "at-need": async () => {
    const token = await testApp.requestApplicationToken();
    // A death told of that matches no plan: a case for staff is opened all the same.
    await answer(token, "POST", "/api/notify-a-death", 201, {
      person: {
        firstName: "Nobody",
        lastName: "Known",
        dateOfBirth: { day: "1", month: "01", year: "1940" },
        planReference: "",
        postcode: "SW1A 1AA",
      },
      dateOfDeath: ukTodayAsTyped(),
      accidental: "no",
      restingPlace: "hospital",
      restingPlaceDetails: "St Mary's, Paddington",
      informant: {
        firstName: "Alex",
        lastName: "Known",
        relationship: "nominated_representative",
        email: "alex.known@example.com",
        phone: "07700 900 982",
      },
    });
  },
  auth: async () => {
    const token = await testApp.requestApplicationToken();
    await answer(token, "DELETE", "/api/security/token/current", 204);
    await answer(token, "GET", "/api/plan", 401);
  },
  catalogue: async () => {
    const token = await testApp.requestApplicationToken();
    planOptionsResponseSchema.parse(await answer(token, "GET", "/api/plan-options", 200));
  },
  "data-rights": async () => {
    await answer(ready.token, "GET", "/api/account/data?format=json", 200);
  },
  documents: async () => {
    const url = `/api/plan/${ready.planId}/legal`;
    const documents = legalDocumentsResponseSchema.parse(await answer(ready.token, "GET", url, 200));
    expect(documents.allAccepted).toBe(true);
  },
  enquiries: async () => {
    const token = await testApp.requestApplicationToken();
    await answer(token, "POST", "/api/enquiries", 201, {
      name: "Margaret Known",
      email: "margaret.known@example.com",
    });
  },
  "funeral-directors": async () => {
    const token = await testApp.requestApplicationToken();
    const url = "/api/funeral-director/search?postcode=N1%201AA";
    const found = funeralDirectorSearchResponseSchema.parse(await answer(token, "GET", url, 200));
    expect(found.branches.length).toBeGreaterThan(0);
  },
  health: async () => {
    expect(await answer(null, "GET", "/readyz", 200)).toEqual({ status: "ok" });
  },
  payments: async () => {
    const paid = await paidPlan(testApp);
    await settlePayments(testApp);
    expect((await paymentsOf(testApp, paid.token, paid.planId)).state).toBe("paid");
  },
  plans: async () => {
    const token = await testApp.requestApplicationToken();
    const body = { readings: { notes: "Psalm 23" } };
    const { id } = planResponseSchema.parse(await answer(token, "POST", "/api/guest/plan", 201, body));
    await answer(token, "PATCH", `/api/plan/${id}`, 200, { readings: { notes: "Abide with me" } });
    expect(await answer(token, "GET", `/api/plan/${id}`, 200)).toMatchObject({ version: 2 });
  },
  purchase: async () => {
    const body = { planId: ready.planId };
    const valid = planReadyResponseSchema.parse(
      await answer(ready.token, "POST", "/api/plan/valid", 200, body),
    );
    expect(valid.planId).toBe(ready.planId);
  },
  referrals: async () => {
    const paid = await paidPlan(testApp);
    await settlePayments(testApp);
    const body = { referrerPlanId: paid.planId };
    referralCodeResponseSchema.parse(
      await answer(paid.token, "POST", "/api/referral-code/generate", 200, body),
    );
  },
  staff: async () => {
    const administrator = await createFirstTestAdministrator(testApp);
    const url = `/api/staff/plans/${ready.planId}`;
    staffPlanPageSchema.parse(await answer(administrator.token, "GET", url, 200));
  },
};

/** The modules that serve routes: each folder of src/modules with a `routes.ts` or `*-routes.ts`. */
function modulesWithRoutes(): string[] {
  const modules = new URL("../src/modules/", import.meta.url);
  return readdirSync(modules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .filter((entry) =>
      readdirSync(new URL(`${entry.name}/`, modules)).some((file) => /routes\.ts$/.test(file)),
    )
    .map((entry) => entry.name)
    .sort();
}

describe("a request through each module's routes", () => {
  it("is made for every module that serves routes", () => {
    expect(Object.keys(throughItsRoutes).sort()).toEqual(modulesWithRoutes());
  });

  it.each(Object.keys(throughItsRoutes))("answers for %s", (module) => throughItsRoutes[module]!());
});
