import { customerGuestDetails, peopleDetails } from "./support/people";
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planOptionsResponseSchema, planResponseSchema, type PlanOptionsResponse } from "@kindred/contracts";
import { accessTokens, plans } from "../src/db/schema";
import { hashSecret } from "../src/modules/auth/secret-hash";
import { callApi, createSignedInCustomer, signIn } from "./support/customers";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Every plan and user endpoint, called by everyone who might call it. A world is two customers
 * and two visitors, each with a plan. Each case that can change something gets a world of its
 * own, so it cannot change another case's answer; the read-only cases share one.
 */

const callers = [
  "owner customer",
  "other customer",
  "owning guest",
  "other guest",
  "no token",
  "expired token",
] as const;
type Caller = (typeof callers)[number];
type Person = "ownerCustomer" | "otherCustomer" | "owningGuest" | "otherGuest";

/** Whose data a caller may see: the expired token was the owner customer's, but shows nothing now. */
const personOf: Record<Caller, Person | null> = {
  "owner customer": "ownerCustomer",
  "other customer": "otherCustomer",
  "owning guest": "owningGuest",
  "other guest": "otherGuest",
  "no token": null,
  "expired token": null,
};

interface World {
  tokens: Record<Caller, string | null>;
  /** What would identify each person or their plan if it turned up in someone else's answer. */
  markers: Record<Person, string[]>;
  planIds: Record<Person, string>;
}

let testApp: TestApp;
let catalogue: PlanOptionsResponse;

beforeAll(async () => {
  testApp = await createTestApp();
  const token = await testApp.requestApplicationToken();
  catalogue = planOptionsResponseSchema.parse(
    (await callApi(testApp, token, "GET", "/api/plan-options")).json(),
  );
});
afterAll(() => testApp.close());

function journeyWithNotes(notes: string) {
  const attended = catalogue.attendance.find((option) => option.code === "attended");
  if (!attended) throw new Error("The catalogue has no attended option");
  return { attendance: { option: { id: attended.id, code: "attended" } }, readings: { notes } };
}

function secretNotes(person: string): string {
  return `notes-of-${person}-${randomBytes(6).toString("hex")}`;
}

async function createWorld(): Promise<World> {
  const customerWithPlan = async (person: string) => {
    const customer = await createSignedInCustomer(testApp);
    const notes = secretNotes(person);
    const response = await callApi(testApp, customer.token, "POST", "/api/plan", journeyWithNotes(notes));
    const planId = planResponseSchema.parse(response.json()).id;
    return {
      customer,
      planId,
      markers: [customer.details.email, customer.details.firstName, customer.details.lastName, planId, notes],
    };
  };
  const guestWithPlan = async (person: string) => {
    const token = await testApp.requestApplicationToken();
    const notes = secretNotes(person);
    const response = await callApi(testApp, token, "POST", "/api/guest/plan", journeyWithNotes(notes));
    const planId = planResponseSchema.parse(response.json()).id;
    return { token, planId, markers: [planId, notes] };
  };

  const owner = await customerWithPlan("owner");
  const other = await customerWithPlan("other");
  const owningGuest = await guestWithPlan("owning-guest");
  const otherGuest = await guestWithPlan("other-guest");
  const expired = await signIn(testApp, owner.customer.details.email, owner.customer.details.password);
  await testApp.db
    .update(accessTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(accessTokens.tokenHash, hashSecret(expired)));

  return {
    tokens: {
      "owner customer": owner.customer.token,
      "other customer": other.customer.token,
      "owning guest": owningGuest.token,
      "other guest": otherGuest.token,
      "no token": null,
      "expired token": expired,
    },
    markers: {
      ownerCustomer: owner.markers,
      otherCustomer: other.markers,
      owningGuest: owningGuest.markers,
      otherGuest: otherGuest.markers,
    },
    planIds: {
      ownerCustomer: owner.planId,
      otherCustomer: other.planId,
      owningGuest: owningGuest.planId,
      otherGuest: otherGuest.planId,
    },
  };
}

let sharedWorld: Promise<World> | undefined;

interface Endpoint {
  name: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  url(world: World): string;
  body?(world: World): unknown;
  /** The status each caller gets. */
  expected: Record<Caller, number>;
  /** On success the answer must show the caller's own data (their plan, their account). */
  showsOwnData?: boolean;
  /** A read-only endpoint: its cases share one world. */
  readOnly?: boolean;
}

/** Statuses in the order of `callers`. */
function statuses(...codes: [number, number, number, number, number, number]): Record<Caller, number> {
  return Object.fromEntries(callers.map((caller, index) => [caller, codes[index]])) as Record<Caller, number>;
}

const endpoints: Endpoint[] = [
  {
    name: "GET /api/plan",
    method: "GET",
    url: () => "/api/plan",
    expected: statuses(200, 200, 200, 200, 401, 401),
    showsOwnData: true,
    readOnly: true,
  },
  {
    name: "GET /api/plan/:id of the owner customer's plan",
    method: "GET",
    url: (world) => `/api/plan/${world.planIds.ownerCustomer}`,
    expected: statuses(200, 404, 404, 404, 401, 401),
    showsOwnData: true,
    readOnly: true,
  },
  {
    name: "GET /api/plan/:id of the owning guest's plan",
    method: "GET",
    url: (world) => `/api/plan/${world.planIds.owningGuest}`,
    expected: statuses(404, 404, 200, 404, 401, 401),
    showsOwnData: true,
    readOnly: true,
  },
  {
    name: "PATCH /api/plan/:id of the owner customer's plan",
    method: "PATCH",
    url: (world) => `/api/plan/${world.planIds.ownerCustomer}`,
    body: () => journeyWithNotes("changed by the caller"),
    expected: statuses(200, 404, 404, 404, 401, 401),
    showsOwnData: true,
  },
  {
    name: "PATCH /api/plan/:id of the owning guest's plan",
    method: "PATCH",
    url: (world) => `/api/plan/${world.planIds.owningGuest}`,
    body: () => journeyWithNotes("changed by the caller"),
    expected: statuses(404, 404, 200, 404, 401, 401),
    showsOwnData: true,
  },
  {
    name: "POST /api/plan",
    method: "POST",
    url: () => "/api/plan",
    body: () => journeyWithNotes("a new plan"),
    expected: statuses(201, 201, 403, 403, 401, 401),
  },
  {
    name: "POST /api/plan/:id/customer-guest of the owner customer's plan",
    method: "POST",
    url: (world) => `/api/plan/${world.planIds.ownerCustomer}/customer-guest`,
    body: () => customerGuestDetails(),
    expected: statuses(404, 404, 404, 404, 401, 401),
  },
  {
    name: "POST /api/plan/:id/customer-guest of the owning guest's plan",
    method: "POST",
    url: (world) => `/api/plan/${world.planIds.owningGuest}/customer-guest`,
    body: () => customerGuestDetails(),
    expected: statuses(404, 404, 202, 404, 401, 401),
  },
  {
    name: "GET /api/plan/:id/customer of the owner customer's plan",
    method: "GET",
    url: (world) => `/api/plan/${world.planIds.ownerCustomer}/customer`,
    expected: statuses(200, 404, 404, 404, 401, 401),
    readOnly: true,
  },
  {
    name: "POST /api/plan/:id/customer of the owner customer's plan",
    method: "POST",
    url: (world) => `/api/plan/${world.planIds.ownerCustomer}/customer`,
    body: () => peopleDetails(),
    expected: statuses(200, 404, 403, 403, 401, 401),
  },
  {
    name: "POST /api/plan/valid of the owner customer's plan",
    method: "POST",
    url: () => "/api/plan/valid",
    body: (world) => ({ planId: world.planIds.ownerCustomer }),
    expected: statuses(422, 404, 404, 404, 401, 401),
  },
  {
    name: "GET /api/user",
    method: "GET",
    url: () => "/api/user",
    expected: statuses(200, 200, 403, 403, 401, 401),
    showsOwnData: true,
    readOnly: true,
  },
  {
    name: "DELETE /api/security/token/current",
    method: "DELETE",
    url: () => "/api/security/token/current",
    expected: statuses(204, 204, 204, 204, 401, 401),
  },
];

/** Who owns each of the world's plans and what they hold, straight from the database. */
async function plansOf(world: World) {
  const rows = await testApp.db
    .select()
    .from(plans)
    .where(inArray(plans.id, Object.values(world.planIds)));
  return rows
    .map((row) => ({ id: row.id, userId: row.userId, journey: row.journey }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

const cases = endpoints.flatMap((endpoint) =>
  callers.map((caller): [string, { endpoint: Endpoint; caller: Caller; status: number }] => [
    `${endpoint.name} as ${caller} answers ${endpoint.expected[caller]}`,
    { endpoint, caller, status: endpoint.expected[caller] },
  ]),
);

describe("authorization matrix", () => {
  it.each(cases)("%s", async (_title, { endpoint, caller, status }) => {
    const world = endpoint.readOnly ? await (sharedWorld ??= createWorld()) : await createWorld();
    const before = await plansOf(world);

    const response = await callApi(
      testApp,
      world.tokens[caller],
      endpoint.method,
      endpoint.url(world),
      endpoint.body?.(world),
    );

    expect(response.statusCode, response.body).toBe(status);
    const self = personOf[caller];
    for (const [person, markers] of Object.entries(world.markers)) {
      if (person === self) continue;
      for (const marker of markers)
        expect(response.body, `${person}'s data in the answer`).not.toContain(marker);
    }
    if (endpoint.showsOwnData && status < 300 && self) {
      expect(world.markers[self].some((marker) => response.body.includes(marker))).toBe(true);
    }
    if (status >= 400) expect(await plansOf(world)).toEqual(before);
  });
});
