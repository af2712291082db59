import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  legalDocumentsResponseSchema,
  planResponseSchema,
  violationsResponseSchema,
  type JourneyDataPayload,
  type LegalDocumentsResponse,
  type PlanOptionsResponse,
  type PlanPeopleFields,
  type PlanResponse,
} from "@kindred/contracts";
import {
  formatPrice,
  legalDocumentReferences,
  messages,
  postedDocumentsMessage,
  purchaseMessages,
} from "@kindred/domain";
import { eq } from "drizzle-orm";
import { legalDocumentAcceptances } from "../src/db/schema";
import { callApi, createSignedInCustomer } from "./support/customers";
import { byCode, catalogueAndBranch, fullJourney } from "./support/journeys";
import { coveredPersonDetails, peopleDetails } from "./support/people";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
let ownerToken: string;
let otherToken: string;
let catalogue: PlanOptionsResponse;
let journey: JourneyDataPayload;

const call = (
  token: string | null,
  method: "GET" | "PUT" | "PATCH" | "POST",
  url: string,
  payload?: unknown,
) => callApi(testApp, token, method, url, payload);

async function createPlan(token: string): Promise<PlanResponse> {
  const response = await call(token, "POST", "/api/guest/plan", journey);
  expect(response.statusCode).toBe(201);
  return planResponseSchema.parse(response.json());
}

async function readLegal(token: string, planId: string): Promise<LegalDocumentsResponse> {
  const response = await call(token, "GET", `/api/plan/${planId}/legal`);
  expect(response.statusCode).toBe(200);
  return legalDocumentsResponseSchema.parse(response.json());
}

async function accept(
  token: string,
  planId: string,
  documents: { docReference: string; accepted: boolean }[],
): Promise<LegalDocumentsResponse> {
  const response = await call(token, "PUT", `/api/plan/${planId}/legal`, { documents });
  expect(response.statusCode, response.body).toBe(200);
  return legalDocumentsResponseSchema.parse(response.json());
}

const allSix = (accepted = true) =>
  legalDocumentReferences.map((docReference) => ({ docReference, accepted }));

const acceptedReferences = (answer: LegalDocumentsResponse) =>
  answer.documents.filter((document) => document.accepted).map((document) => document.docReference);

/** A signed-in customer's plan, and `storePeople` to give its people as the purchase pages do. */
async function customerPlan() {
  const { token } = await createSignedInCustomer(testApp);
  const created = await call(token, "POST", "/api/plan", journey);
  expect(created.statusCode, created.body).toBe(201);
  const plan = planResponseSchema.parse(created.json());
  const storePeople = async (people: PlanPeopleFields) => {
    const stored = await call(token, "POST", `/api/plan/${plan.id}/customer`, people);
    expect(stored.statusCode, stored.body).toBe(200);
  };
  return { token, plan, storePeople };
}

/** A plan for the customer's mother: `customer` keeps one customer's details from call to call. */
function peopleForMother(
  customer: PlanPeopleFields["customer"],
  coveredPerson: Record<string, unknown> = {},
): PlanPeopleFields {
  return {
    ...peopleDetails(),
    customer,
    coveredPerson: coveredPersonDetails(coveredPerson) as PlanPeopleFields["coveredPerson"],
  };
}

const planDocuments = ["plan-summary", "plan-details"];

beforeAll(async () => {
  testApp = await createTestApp({ CATALOGUE_CACHE_SECONDS: 0 });
  const found = await catalogueAndBranch(testApp, await testApp.requestApplicationToken());
  catalogue = found.catalogue;
  journey = fullJourney(catalogue, found.branch.id);
});
beforeEach(async () => {
  ownerToken = await testApp.requestApplicationToken();
  otherToken = await testApp.requestApplicationToken();
});
afterAll(() => testApp.close());

describe("GET /api/plan/{id}/legal", () => {
  it("answers the six documents in the screen's tab order, none accepted yet", async () => {
    const plan = await createPlan(ownerToken);

    const legal = await readLegal(ownerToken, plan.id);

    expect(legal.allAccepted).toBe(false);
    expect(
      legal.documents.map(({ docReference, accepted, title, file, fileName, index }) => ({
        docReference,
        accepted,
        title,
        file,
        fileName,
        index,
      })),
    ).toEqual([
      {
        docReference: "terms-and-conditions",
        accepted: false,
        title: "Terms and conditions",
        file: "/public-documents/terms.pdf",
        fileName: "kindred-terms-and-conditions.pdf",
        index: 0,
      },
      {
        docReference: "plan-summary",
        accepted: false,
        title: "Funeral plan summary",
        file: `/api/plan/${plan.id}/document/summary`,
        fileName: "kindred-funeral-plan-summary.pdf",
        index: 1,
      },
      {
        docReference: "plan-details",
        accepted: false,
        title: "Funeral plan details",
        file: `/api/plan/${plan.id}/document/detail`,
        fileName: "kindred-funeral-plan-details.pdf",
        index: 2,
      },
      {
        docReference: "initial-disclosure-document",
        accepted: false,
        title: "Initial disclosure document",
        file: "/public-documents/disclosure.pdf",
        fileName: "kindred-initial-disclosure-document.pdf",
        index: 3,
      },
      {
        docReference: "guaranteed-costs-and-contributions-explained",
        accepted: false,
        title: "Guaranteed costs and contributions explained",
        file: "/public-documents/costs-explained.pdf",
        fileName: "kindred-guaranteed-costs-and-contributions.pdf",
        index: 4,
      },
      {
        docReference: "plan-continuity",
        accepted: false,
        title: "Funeral plan continuity",
        file: `/api/plan/${plan.id}/legal/plan-continuity`,
        fileName: "kindred-plan-continuity.pdf",
        index: 5,
      },
    ]);
    for (const document of legal.documents) {
      expect(document.acceptedAt).toBeNull();
      expect(document.changedSinceAccepted).toBe(false);
      expect(document.notice).toBeNull();
      expect(document.blocks[0]).toEqual({ kind: "heading", level: 1, text: document.title });
    }
  });

  it("gives the plan documents' text for the screen from the priced plan", async () => {
    const plan = await createPlan(ownerToken);

    const summary = (await readLegal(ownerToken, plan.id)).documents[1];

    const tables = summary?.blocks.filter((block) => block.kind === "table") ?? [];
    expect(tables).toContainEqual(
      expect.objectContaining({ footer: ["Total price of your plan", formatPrice(plan.price.total)] }),
    );
    expect(tables).toContainEqual(
      expect.objectContaining({
        rows: expect.arrayContaining([
          [
            "Coffin",
            byCode(catalogue.coffins, "windsor").name,
            formatPrice(byCode(catalogue.coffins, "windsor").price),
          ],
        ]),
      }),
    );
  });

  it("tells a customer who asked for braille or audio CD what happens next, and nobody else", async () => {
    const { token, plan, storePeople } = await customerPlan();
    expect((await readLegal(token, plan.id)).alternativeFormat).toBeNull();

    await storePeople(peopleDetails({ accessibilitySupportForDocumentation: "braille" }));
    expect((await readLegal(token, plan.id)).alternativeFormat).toEqual({
      kind: "braille",
      message: postedDocumentsMessage("braille"),
    });

    await storePeople(peopleDetails({ accessibilitySupportForDocumentation: "audio_cd" }));
    const audio = await readLegal(token, plan.id);
    expect(audio.alternativeFormat).toEqual({
      kind: "audio_cd",
      message: postedDocumentsMessage("audio_cd"),
    });
    expect(audio.alternativeFormat?.message).toContain("on audio CD");

    for (const support of ["none", "large_print"] as const) {
      await storePeople(peopleDetails({ accessibilitySupportForDocumentation: support }));
      expect((await readLegal(token, plan.id)).alternativeFormat, support).toBeNull();
    }
    const guestPlan = await createPlan(ownerToken);
    expect((await readLegal(ownerToken, guestPlan.id)).alternativeFormat).toBeNull();
  });

  it("serves each of the six as a PDF to the plan's owner", async () => {
    const plan = await createPlan(ownerToken);

    const response = await call(ownerToken, "GET", `/api/plan/${plan.id}/legal/plan-continuity`);

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="kindred-plan-continuity.pdf"',
    );
    expect((await call(otherToken, "GET", `/api/plan/${plan.id}/legal/plan-continuity`)).statusCode).toBe(
      404,
    );
  });
});

describe("PUT /api/plan/{id}/legal", () => {
  it("records acceptance with the version and the time; the set is valid only when all six are accepted", async () => {
    const plan = await createPlan(ownerToken);
    const before = Date.now();

    const five = await accept(ownerToken, plan.id, allSix().slice(0, 5));
    expect(acceptedReferences(five)).toEqual(legalDocumentReferences.slice(0, 5));
    expect(five.allAccepted).toBe(false);

    const six = await accept(ownerToken, plan.id, [{ docReference: "plan-continuity", accepted: true }]);
    expect(six.allAccepted).toBe(true);
    for (const document of six.documents) {
      expect(Date.parse(document.acceptedAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(await readLegal(ownerToken, plan.id)).toEqual(six);

    const rows = await testApp.db
      .select()
      .from(legalDocumentAcceptances)
      .where(eq(legalDocumentAcceptances.planId, plan.id));
    expect(rows).toHaveLength(6);
    expect(rows.find((row) => row.docReference === "terms-and-conditions")?.version).toBe("1.1");
    expect(rows.find((row) => row.docReference === "plan-summary")?.version).toMatch(/^1\.2\+[\w-]{16}$/);
  });

  it("is idempotent: accepting again changes nothing, not even the time", async () => {
    const plan = await createPlan(ownerToken);
    const first = await accept(ownerToken, plan.id, allSix());

    const again = await accept(ownerToken, plan.id, allSix());

    expect(again).toEqual(first);
  });

  it("withdraws an acceptance when told accepted: false", async () => {
    const plan = await createPlan(ownerToken);
    await accept(ownerToken, plan.id, allSix());

    const answer = await accept(ownerToken, plan.id, [
      { docReference: "terms-and-conditions", accepted: false },
    ]);

    expect(answer.allAccepted).toBe(false);
    expect(answer.documents[0]).toMatchObject({
      accepted: false,
      acceptedAt: null,
      changedSinceAccepted: false,
    });
    expect(acceptedReferences(answer)).toHaveLength(5);
  });

  it("sets the plan summary and plan details back to not accepted when an answer changes on the server, and says why", async () => {
    const plan = await createPlan(ownerToken);
    await accept(ownerToken, plan.id, allSix());

    // Saving the same answers again is no change.
    expect((await call(ownerToken, "PATCH", `/api/plan/${plan.id}`, journey)).statusCode).toBe(200);
    expect((await readLegal(ownerToken, plan.id)).allAccepted).toBe(true);

    const changed = { ...journey, coffin: { id: byCode(catalogue.coffins, "park").id } };
    expect((await call(ownerToken, "PATCH", `/api/plan/${plan.id}`, changed)).statusCode).toBe(200);

    const legal = await readLegal(ownerToken, plan.id);
    expect(legal.allAccepted).toBe(false);
    expect(acceptedReferences(legal)).toEqual([
      "terms-and-conditions",
      "initial-disclosure-document",
      "guaranteed-costs-and-contributions-explained",
      "plan-continuity",
    ]);
    for (const document of legal.documents.slice(1, 3)) {
      expect(document).toMatchObject({
        accepted: false,
        acceptedAt: null,
        changedSinceAccepted: true,
        notice: purchaseMessages.documentChangedSinceAccepted,
      });
    }

    const again = await accept(ownerToken, plan.id, [
      { docReference: "plan-summary", accepted: true },
      { docReference: "plan-details", accepted: true },
    ]);
    expect(again.allAccepted).toBe(true);
    expect(again.documents.every((document) => !document.changedSinceAccepted)).toBe(true);
  });

  it("keeps an acceptance given before anyone was named once the people are given, and asks again when who the plan is for changes", async () => {
    const { token, plan, storePeople } = await customerPlan();
    const { customer } = peopleDetails();
    await accept(token, plan.id, allSix());
    const unnamed = await readLegal(token, plan.id);

    // The purchase pages come after the documents: naming the person covered undoes nothing.
    await storePeople(peopleForMother(customer));
    const named = await readLegal(token, plan.id);
    expect(named.allAccepted).toBe(true);
    for (const [index, document] of named.documents.entries()) {
      expect(document.acceptedAt, document.docReference).toBe(unnamed.documents[index]?.acceptedAt);
    }
    // The plan documents now name them, as a new version.
    expect(named.documents[1]?.version).not.toBe(unnamed.documents[1]?.version);
    expect(JSON.stringify(named.documents[1]?.blocks)).toContain("Mrs Margaret Hughes");

    // Accepting the document that names them, then giving the same people again, changes nothing.
    await accept(
      token,
      plan.id,
      planDocuments.map((docReference) => ({ docReference, accepted: true })),
    );
    await storePeople(peopleForMother(customer));
    expect((await readLegal(token, plan.id)).allAccepted).toBe(true);

    // A document that named Margaret Hughes no longer says what was accepted once she is renamed.
    await storePeople(peopleForMother(customer, { lastName: "Hughes-Price" }));
    const renamed = await readLegal(token, plan.id);
    expect(renamed.allAccepted).toBe(false);
    expect(acceptedReferences(renamed)).toEqual([
      "terms-and-conditions",
      "initial-disclosure-document",
      "guaranteed-costs-and-contributions-explained",
      "plan-continuity",
    ]);
    for (const document of renamed.documents.slice(1, 3)) {
      expect(document).toMatchObject({
        accepted: false,
        acceptedAt: null,
        changedSinceAccepted: true,
        notice: purchaseMessages.documentChangedSinceAccepted,
      });
    }

    // So does a new date of birth.
    await accept(
      token,
      plan.id,
      planDocuments.map((docReference) => ({ docReference, accepted: true })),
    );
    expect((await readLegal(token, plan.id)).allAccepted).toBe(true);
    await storePeople(
      peopleForMother(customer, {
        lastName: "Hughes-Price",
        dateOfBirth: { day: "3", month: "11", year: "1938" },
      }),
    );
    expect(acceptedReferences(await readLegal(token, plan.id))).not.toContain("plan-summary");
  });

  it("answers 404 to anyone but the owner, and changes nothing for them", async () => {
    const plan = await createPlan(ownerToken);
    const customer = await createSignedInCustomer(testApp);

    for (const token of [otherToken, customer.token]) {
      const read = await call(token, "GET", `/api/plan/${plan.id}/legal`);
      expect(read.statusCode).toBe(404);
      expect(violationsResponseSchema.parse(read.json()).violations[0]?.title).toBe(messages.noSuchPlan);
      const write = await call(token, "PUT", `/api/plan/${plan.id}/legal`, { documents: allSix() });
      expect(write.statusCode).toBe(404);
    }
    expect((await readLegal(ownerToken, plan.id)).documents.every((document) => !document.accepted)).toBe(
      true,
    );
    expect((await call(null, "GET", `/api/plan/${plan.id}/legal`)).statusCode).toBe(401);
  });

  it("answers violations naming the field for a body that is not a list of the six", async () => {
    const plan = await createPlan(ownerToken);
    const cases: [unknown, string][] = [
      [{ documents: [{ docReference: "privacy-policy", accepted: true }] }, "documents[0].docReference"],
      [{ documents: [{ docReference: "plan-summary", accepted: "yes" }] }, "documents[0].accepted"],
      [{ documents: [] }, "documents"],
      [{}, "documents"],
      [
        {
          documents: [
            { docReference: "plan-summary", accepted: true },
            { docReference: "plan-summary", accepted: false },
          ],
        },
        "documents[1].docReference",
      ],
    ];
    for (const [body, propertyPath] of cases) {
      const response = await call(ownerToken, "PUT", `/api/plan/${plan.id}/legal`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(violationsResponseSchema.parse(response.json()).violations.map((v) => v.propertyPath)).toContain(
        propertyPath,
      );
    }
    const unknown = await call(ownerToken, "PUT", `/api/plan/${plan.id}/legal`, {
      documents: [{ docReference: "privacy-policy", accepted: true }],
    });
    expect(violationsResponseSchema.parse(unknown.json()).violations[0]?.title).toBe(
      purchaseMessages.unknownDocument,
    );
    const duplicate = await call(ownerToken, "PUT", `/api/plan/${plan.id}/legal`, cases[4]?.[0]);
    expect(violationsResponseSchema.parse(duplicate.json()).violations[0]?.title).toBe(
      purchaseMessages.documentListedTwice,
    );
    expect(
      (await call(ownerToken, "PUT", "/api/plan/not-a-plan/legal", { documents: allSix() })).statusCode,
    ).toBe(400);
    expect(acceptedReferences(await readLegal(ownerToken, plan.id))).toEqual([]);
  });
});
