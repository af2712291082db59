import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  planPeopleResponseSchema,
  planResponseSchema,
  violationsResponseSchema,
  type CustomerContactDetailsFields,
  type JourneyDataPayload,
} from "@kindred/contracts";
import { messages, purchaseMessages } from "@kindred/domain";
import { eq } from "drizzle-orm";
import { planPeople } from "../src/db/schema";
import { callApi, createSignedInCustomer } from "./support/customers";
import { catalogueAndBranch, fullJourney } from "./support/journeys";
import { addressDetails, peopleDetails } from "./support/people";
import { paidPlan, readyPlan } from "./support/ready-plans";
import { createTestApp, type TestApp } from "./support/test-app";

/** `PUT /api/plan/{id}/customer/contact-details` (issue 10 item 7): moving house, a new phone. */

let testApp: TestApp;
let journey: JourneyDataPayload;

beforeAll(async () => {
  testApp = await createTestApp();
  const token = await testApp.requestApplicationToken();
  const { catalogue, branch } = await catalogueAndBranch(testApp, token);
  journey = fullJourney(catalogue, branch.id);
});
afterAll(() => testApp.close());

/** Someone who moved to London and now has a mobile, and would rather have letters. */
function newContactDetails(
  overrides: Partial<CustomerContactDetailsFields> = {},
): CustomerContactDetailsFields {
  return {
    phone: "07700 900 123",
    address: addressDetails({
      line1: "9 Mill Lane",
      locality: "London",
      county: "",
      postcode: "sw1a 1aa",
    }),
    preferredContactMethod: "contact_method_post",
    ...overrides,
  };
}

const changeContactDetails = (token: string | null, planId: string, body: unknown) =>
  callApi(testApp, token, "PUT", `/api/plan/${planId}/customer/contact-details`, body);

async function storedPeopleOf(planId: string) {
  const [row] = await testApp.db.select().from(planPeople).where(eq(planPeople.planId, planId));
  return row;
}

const violationsOf = (response: { json(): unknown }) =>
  violationsResponseSchema.parse(response.json()).violations;

describe("PUT /api/plan/:id/customer/contact-details", () => {
  it("changes the phone number, address and preferred contact of a paid plan, and nothing else", async () => {
    const { planId, token } = await paidPlan(testApp);
    const before = await storedPeopleOf(planId);

    const response = await changeContactDetails(token, planId, newContactDetails());

    expect(response.statusCode, response.body).toBe(200);
    const answered = planPeopleResponseSchema.parse(response.json());
    expect(answered.customer).toMatchObject({
      phone: "07700 900 123",
      address: { line1: "9 Mill Lane", locality: "London", county: "", postcode: "SW1A 1AA" },
      preferredContactMethod: "contact_method_post",
    });
    const read = await callApi(testApp, token, "GET", `/api/plan/${planId}/customer`);
    expect(read.statusCode).toBe(200);
    expect(planPeopleResponseSchema.parse(read.json())).toEqual(answered);

    const after = await storedPeopleOf(planId);
    expect(after?.customer).toEqual({
      ...before?.customer,
      phone: "07700 900 123",
      address: answered.customer?.address,
      preferredContactMethod: "contact_method_post",
    });
    expect(after?.customer.email).toBe(before?.customer.email);
    expect(after?.customer.firstName).toBe(before?.customer.firstName);
    // The people and what staff find the plan by (which follows the new phone and postcode) aside.
    expect({ ...after, customer: null, updatedAt: null, searchText: null }).toEqual({
      ...before,
      customer: null,
      updatedAt: null,
      searchText: null,
    });
    expect(after?.searchText).toContain("07700900123");
    expect(after?.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? Infinity);
    // The plan is still the one bought.
    const plan = await callApi(testApp, token, "GET", `/api/plan/${planId}/payments`);
    expect(plan.json()).toMatchObject({ state: "paid", paid: true });
    expect(testApp.logs.join("\n")).not.toContain("Mill Lane");
    expect(testApp.logs.join("\n")).not.toContain("07700 900 123");
  });

  it("changes them on a plan not yet paid for too", async () => {
    const customer = await createSignedInCustomer(testApp);
    const created = await callApi(testApp, customer.token, "POST", "/api/plan", journey);
    const planId = planResponseSchema.parse(created.json()).id;
    const stored = await callApi(
      testApp,
      customer.token,
      "POST",
      `/api/plan/${planId}/customer`,
      peopleDetails(),
    );
    expect(stored.statusCode, stored.body).toBe(200);

    const response = await changeContactDetails(customer.token, planId, newContactDetails());

    expect(response.statusCode, response.body).toBe(200);
    expect(planPeopleResponseSchema.parse(response.json()).customer).toMatchObject({
      phone: "07700 900 123",
      address: { postcode: "SW1A 1AA" },
    });
  });

  const badInputs: { name: string; body: unknown; expected: object[] }[] = [
    {
      name: "a phone number with letters in it",
      body: newContactDetails({ phone: "call me" }),
      expected: [{ propertyPath: "phone", title: messages.numbersOnly }],
    },
    {
      name: "a postcode that is not one",
      body: newContactDetails({ address: addressDetails({ postcode: "MK9" }) }),
      expected: [{ propertyPath: "address.postcode", title: messages.fullPostcodeNotValid }],
    },
    {
      name: "no town",
      body: newContactDetails({ address: addressDetails({ locality: " " }) }),
      expected: [{ propertyPath: "address.locality", title: messages.required }],
    },
    {
      name: "an unknown way of contact",
      body: newContactDetails({ preferredContactMethod: "pigeon" }),
      expected: [{ propertyPath: "preferredContactMethod", title: messages.required }],
    },
  ];

  it.each(badInputs)("refuses $name, naming the field, and changes nothing", async ({ body, expected }) => {
    const { planId, token } = await readyPlan(testApp);
    const before = await storedPeopleOf(planId);

    const response = await changeContactDetails(token, planId, body);

    expect(response.statusCode).toBe(400);
    expect(violationsOf(response)).toEqual(expected);
    expect(await storedPeopleOf(planId)).toEqual(before);
  });

  it("answers 404 for another customer's plan and for a plan without its people, and changes nothing", async () => {
    const { planId } = await readyPlan(testApp);
    const before = await storedPeopleOf(planId);
    const other = await createSignedInCustomer(testApp);
    const created = await callApi(testApp, other.token, "POST", "/api/plan", journey);
    const planWithoutPeople = planResponseSchema.parse(created.json()).id;

    const byOther = await changeContactDetails(other.token, planId, newContactDetails());
    const noPeople = await changeContactDetails(other.token, planWithoutPeople, newContactDetails());

    expect(byOther.statusCode).toBe(404);
    expect(violationsOf(byOther)).toEqual([{ propertyPath: "Request", title: messages.noSuchPlan }]);
    expect(noPeople.statusCode).toBe(404);
    expect(await storedPeopleOf(planId)).toEqual(before);
    expect(await storedPeopleOf(planWithoutPeople)).toBeUndefined();
  });

  it("refuses a visitor's token, even for the visitor's own plan", async () => {
    const guestToken = await testApp.requestApplicationToken();
    const created = await callApi(testApp, guestToken, "POST", "/api/guest/plan", journey);
    const planId = planResponseSchema.parse(created.json()).id;

    const response = await changeContactDetails(guestToken, planId, newContactDetails());
    const withoutToken = await changeContactDetails(null, planId, newContactDetails());

    expect(response.statusCode).toBe(403);
    expect(withoutToken.statusCode).toBe(401);
  });

  it("refuses a cancelled plan with 409 in plain words, and changes nothing", async () => {
    const { planId, token } = await paidPlan(testApp);
    const cancelled = await testApp.app.inject({
      method: "POST",
      url: `/api/plan/${planId}/cancel`,
      payload: {},
      headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = await storedPeopleOf(planId);

    const response = await changeContactDetails(token, planId, newContactDetails());

    expect(response.statusCode).toBe(409);
    expect(violationsOf(response)).toEqual([
      { propertyPath: "plan", title: purchaseMessages.contactDetailsPlanCancelled },
    ]);
    expect(await storedPeopleOf(planId)).toEqual(before);
  });
});
