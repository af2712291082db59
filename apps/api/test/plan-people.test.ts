import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  planPeopleResponseSchema,
  planReadyResponseSchema,
  planResponseSchema,
  registeredResponseSchema,
  violationsResponseSchema,
  type JourneyDataPayload,
} from "@kindred/contracts";
import { legalDocumentReferences, messages } from "@kindred/domain";
import { eq } from "drizzle-orm";
import { planPeople } from "../src/db/schema";
import { apiUrlOfLink, callApi, createSignedInCustomer, signIn } from "./support/customers";
import { catalogueAndBranch, fullJourney } from "./support/journeys";
import { addressDetails, coveredPersonDetails, customerGuestDetails, peopleDetails } from "./support/people";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
let journey: JourneyDataPayload;

beforeAll(async () => {
  testApp = await createTestApp();
  const token = await testApp.requestApplicationToken();
  const { catalogue, branch } = await catalogueAndBranch(testApp, token);
  journey = fullJourney(catalogue, branch.id);
});
afterAll(() => testApp.close());

async function guestPlan(token: string, body: unknown = journey): Promise<string> {
  const response = await callApi(testApp, token, "POST", "/api/guest/plan", body);
  expect(response.statusCode, response.body).toBe(201);
  return planResponseSchema.parse(response.json()).id;
}

async function storedPeopleOf(planId: string) {
  return testApp.db.select().from(planPeople).where(eq(planPeople.planId, planId));
}

describe("POST /api/plan/:id/customer-guest with the plan's people", () => {
  it("creates the account and stores the people together, postcodes and dates as they are kept", async () => {
    const guestToken = await testApp.requestApplicationToken();
    const planId = await guestPlan(guestToken);
    const details = customerGuestDetails();
    details.coveredPerson = coveredPersonDetails();

    const response = await callApi(
      testApp,
      guestToken,
      "POST",
      `/api/plan/${planId}/customer-guest`,
      details,
    );

    expect(response.statusCode, response.body).toBe(202);
    registeredResponseSchema.parse(response.json());
    const customerToken = await signIn(testApp, details.customer.email);
    const read = await callApi(testApp, customerToken, "GET", `/api/plan/${planId}/customer`);
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");
    const people = planPeopleResponseSchema.parse(read.json());
    expect(people.customer).toMatchObject({
      address: { postcode: "MK9 2HP", locality: "Milton Keynes", country: "England" },
      dateOfBirth: { day: "07", month: "03", year: "1948", iso8601: "1948-03-07" },
      contactMethods: [
        { handle: "email", checked: false },
        { handle: "post", checked: false },
        { handle: "phone", checked: false },
      ],
    });
    expect(people.customer).not.toHaveProperty("password");
    expect(people.coveredPerson).toMatchObject({
      firstName: "Margaret",
      relationshipWithCustomer: "Mother",
      address: { postcode: "MK40 1AA" },
    });
    expect(people.nominee).toBeNull();
    expect(people.payer).toBeNull();
  });

  it("makes no account and stores nobody when the people are wrong", async () => {
    const guestToken = await testApp.requestApplicationToken();
    const planId = await guestPlan(guestToken);
    const details = customerGuestDetails({ phone: "call me" });

    const response = await callApi(
      testApp,
      guestToken,
      "POST",
      `/api/plan/${planId}/customer-guest`,
      details,
    );

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "customer.phone", title: messages.numbersOnly },
    ]);
    expect(await storedPeopleOf(planId)).toEqual([]);
    expect((await callApi(testApp, guestToken, "GET", `/api/plan/${planId}`)).statusCode).toBe(200);
  });
});

describe("POST /api/plan/:id/customer", () => {
  let customer: Awaited<ReturnType<typeof createSignedInCustomer>>;
  let planId: string;
  beforeEach(async () => {
    customer = await createSignedInCustomer(testApp);
    const created = await callApi(testApp, customer.token, "POST", "/api/plan", journey);
    expect(created.statusCode, created.body).toBe(201);
    planId = planResponseSchema.parse(created.json()).id;
  });

  it("stores the people of a signed-in customer's plan, and stores them again over the first", async () => {
    const first = await callApi(
      testApp,
      customer.token,
      "POST",
      `/api/plan/${planId}/customer`,
      peopleDetails(),
    );
    expect(first.statusCode, first.body).toBe(200);

    const details = peopleDetails();
    details.payer = {
      title: "Mr",
      titleText: "",
      firstName: "Owen",
      lastName: "Hughes",
      dateOfBirth: { day: "12", month: "6", year: "1975" },
      email: "owen.hughes@example.com",
      phone: "07700 900982",
      isSameAddressAsCustomer: "yes",
      // Half-filled while it was shown, then "the same as yours": not checked, not kept.
      address: addressDetails({ line1: "", postcode: "" }),
      isSameBillingAddressAsCustomer: "no",
      billingAddress: addressDetails({ line1: "9 Mill Lane", postcode: "sw1a 1aa", locality: "London" }),
    };
    const second = await callApi(testApp, customer.token, "POST", `/api/plan/${planId}/customer`, details);

    expect(second.statusCode, second.body).toBe(200);
    const people = planPeopleResponseSchema.parse(second.json());
    expect(people.customer?.firstName).toBe(details.customer.firstName);
    expect(people.payer).toMatchObject({
      firstName: "Owen",
      address: null,
      billingAddress: { line1: "9 Mill Lane", postcode: "SW1A 1AA" },
    });
    expect(await storedPeopleOf(planId)).toHaveLength(1);
  });

  it("answers 404 for another customer's plan and 403 for a visitor, and stores nothing", async () => {
    const other = await createSignedInCustomer(testApp);
    const visitorToken = await testApp.requestApplicationToken();

    const byOther = await callApi(
      testApp,
      other.token,
      "POST",
      `/api/plan/${planId}/customer`,
      peopleDetails(),
    );
    const readByOther = await callApi(testApp, other.token, "GET", `/api/plan/${planId}/customer`);
    const byVisitor = await callApi(
      testApp,
      visitorToken,
      "POST",
      `/api/plan/${planId}/customer`,
      peopleDetails(),
    );

    expect(byOther.statusCode).toBe(404);
    expect(readByOther.statusCode).toBe(404);
    expect(byVisitor.statusCode).toBe(403);
    expect(await storedPeopleOf(planId)).toEqual([]);
  });

  const badInputs: {
    name: string;
    change: (body: ReturnType<typeof peopleDetails>) => void;
    expected: object[];
  }[] = [
    {
      name: "31 February",
      change: (body) => (body.customer.dateOfBirth = { day: "31", month: "02", year: "1950" }),
      expected: [{ propertyPath: "customer.dateOfBirth.day", title: messages.notARealDate }],
    },
    {
      name: "a year of 1899",
      change: (body) => (body.customer.dateOfBirth = { day: "1", month: "01", year: "1899" }),
      expected: [{ propertyPath: "customer.dateOfBirth.year", title: messages.atLeast(1900) }],
    },
    {
      name: "a 17-year-old payer",
      change: (body) => {
        const today = new Date();
        body.payer = {
          title: "Ms",
          titleText: "",
          firstName: "Nia",
          lastName: "Hughes",
          dateOfBirth: {
            day: String(today.getDate()),
            month: String(today.getMonth() + 1),
            year: String(today.getFullYear() - 17),
          },
          email: "nia@example.com",
          phone: "07700 900982",
          isSameAddressAsCustomer: "yes",
          address: null,
          isSameBillingAddressAsCustomer: "yes",
          billingAddress: null,
        };
      },
      expected: [{ propertyPath: "payer.dateOfBirth.year", title: messages.payerTooYoung }],
    },
    {
      name: "mismatched emails",
      change: (body) => (body.customer.confirmEmail = "someone.else@example.com"),
      expected: [{ propertyPath: "customer.confirmEmail", title: messages.emailsMustMatch }],
    },
    {
      name: "a postcode that is not one",
      change: (body) => (body.customer.address.postcode = "MK9"),
      expected: [{ propertyPath: "customer.address.postcode", title: messages.fullPostcodeNotValid }],
    },
    {
      name: "the default country",
      change: (body) => (body.customer.address.country = "--"),
      expected: [{ propertyPath: "customer.address.country", title: messages.nonDefaultCountry }],
    },
    {
      name: "a relationship left blank when the plan is for someone else",
      change: (body) => (body.coveredPerson = coveredPersonDetails({ relationshipWithCustomer: " " })),
      expected: [{ propertyPath: "coveredPerson.relationshipWithCustomer", title: messages.required }],
    },
    {
      name: "a different address with none given",
      change: (body) => (body.coveredPerson = coveredPersonDetails({ address: null })),
      expected: [{ propertyPath: "coveredPerson.address.line1", title: messages.required }],
    },
    {
      name: "an unknown enumeration value",
      change: (body) => {
        (body.customer as Record<string, unknown>).accessibilitySupportForDocumentation = "smoke_signals";
      },
      expected: [{ propertyPath: "customer.accessibilitySupportForDocumentation", title: messages.required }],
    },
    {
      name: "documents in English not agreed",
      change: (body) => {
        (body.customer as Record<string, unknown>).agreesToAllDocumentationInEnglish = false;
      },
      expected: [
        {
          propertyPath: "customer.agreesToAllDocumentationInEnglish",
          title: messages.documentsInEnglishNeeded,
        },
      ],
    },
    {
      name: "circumstances told without consent to keep them",
      change: (body) => {
        body.customer.vulnerabilities = { ...body.customer.vulnerabilities, bereaved: true };
      },
      expected: [
        { propertyPath: "customer.vulnerabilityConsent", title: messages.vulnerabilityConsentNeeded },
      ],
    },
  ];

  for (const { name, change, expected } of badInputs) {
    it(`refuses ${name}, naming the field, and stores nothing`, async () => {
      const body = peopleDetails();
      change(body);

      const response = await callApi(testApp, customer.token, "POST", `/api/plan/${planId}/customer`, body);

      expect(response.statusCode).toBe(400);
      expect(violationsResponseSchema.parse(response.json()).violations).toEqual(expected);
      expect(await storedPeopleOf(planId)).toEqual([]);
    });
  }

  it("keeps the customer's circumstances only with their consent, shows them only to them, and never logs them", async () => {
    const note = "Lost my husband in March, please write rather than call";
    const body = peopleDetails();
    body.customer.vulnerabilities = { ...body.customer.vulnerabilities, bereaved: true, notes: note };
    body.customer.vulnerabilityConsent = true;

    const saved = await callApi(testApp, customer.token, "POST", `/api/plan/${planId}/customer`, body);

    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await storedPeopleOf(planId);
    expect(row?.vulnerabilities).toMatchObject({ bereaved: true, notes: note });
    expect(row?.vulnerabilityConsentAt).toBeInstanceOf(Date);
    expect(row?.customer).not.toHaveProperty("vulnerabilities");
    const read = planPeopleResponseSchema.parse(
      (await callApi(testApp, customer.token, "GET", `/api/plan/${planId}/customer`)).json(),
    );
    expect(read.customer).toMatchObject({
      vulnerabilities: { bereaved: true, notes: note },
      vulnerabilityConsent: true,
    });
    expect(testApp.logs.join("\n")).not.toContain("Lost my husband");
  });
});

describe("POST /api/plan/valid", () => {
  it("names every missing piece of a plan that is not ready to pay for", async () => {
    const guestToken = await testApp.requestApplicationToken();
    const planId = await guestPlan(guestToken, {});

    const response = await callApi(testApp, guestToken, "POST", "/api/plan/valid", { planId });

    expect(response.statusCode).toBe(422);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "journey", title: messages.planNotFinished },
      { propertyPath: "documents", title: messages.documentsNotAccepted },
      { propertyPath: "customer", title: messages.customerDetailsMissing },
      { propertyPath: "account", title: messages.accountNeededToPay },
    ]);
  });

  it("answers 200 once the journey is finished, the six documents accepted and the account made with its people", async () => {
    const guestToken = await testApp.requestApplicationToken();
    const planId = await guestPlan(guestToken);
    const accepted = await callApi(testApp, guestToken, "PUT", `/api/plan/${planId}/legal`, {
      documents: legalDocumentReferences.map((docReference) => ({ docReference, accepted: true })),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const details = customerGuestDetails();
    const created = await callApi(testApp, guestToken, "POST", `/api/plan/${planId}/customer-guest`, details);
    expect(created.statusCode, created.body).toBe(202);
    const customerToken = await signIn(testApp, details.customer.email);
    const unconfirmed = await callApi(testApp, customerToken, "POST", "/api/plan/valid", { planId });
    expect(violationsResponseSchema.parse(unconfirmed.json()).violations).toEqual([
      { propertyPath: "email", title: messages.emailNotConfirmed },
    ]);
    const [confirmation] = (await testApp.readOutbox()).filter(
      (message) => message.to === details.customer.email.toLowerCase(),
    );
    const link = confirmation!.text.split(/\s+/).find((word) => word.includes("/account/confirm-email?"));
    expect((await callApi(testApp, customerToken, "GET", apiUrlOfLink(link!))).statusCode).toBe(200);

    const response = await callApi(testApp, customerToken, "POST", "/api/plan/valid", { planId });

    expect(response.statusCode, response.body).toBe(200);
    expect(planReadyResponseSchema.parse(response.json())).toEqual({ valid: true, planId });
  });

  it("answers 404 for another person's plan", async () => {
    const ownerToken = await testApp.requestApplicationToken();
    const planId = await guestPlan(ownerToken);
    const other = await createSignedInCustomer(testApp);

    const response = await callApi(testApp, other.token, "POST", "/api/plan/valid", { planId });

    expect(response.statusCode).toBe(404);
  });
});
