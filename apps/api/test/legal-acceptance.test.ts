import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  legalDocumentsResponseSchema,
  planResponseSchema,
  violationsResponseSchema,
  type JourneyDataPayload,
  type LegalDocumentsResponse,
  type PlanOptionsResponse,
  type PlanResponse,
} from "@kindred/contracts";
import { formatPrice, legalDocumentReferences, messages } from "@kindred/domain";
import { eq } from "drizzle-orm";
import { legalDocumentAcceptances } from "../src/db/schema";
import { callApi, createSignedInCustomer } from "./support/customers";
import { byCode, catalogueAndBranch, fullJourney } from "./support/journeys";
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
    expect(rows.find((row) => row.docReference === "terms-and-conditions")?.version).toBe("1.0");
    expect(rows.find((row) => row.docReference === "plan-summary")?.version).toMatch(/^1\.0\+[\w-]{16}$/);
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
        notice: messages.documentChangedSinceAccepted,
      });
    }

    const again = await accept(ownerToken, plan.id, [
      { docReference: "plan-summary", accepted: true },
      { docReference: "plan-details", accepted: true },
    ]);
    expect(again.allAccepted).toBe(true);
    expect(again.documents.every((document) => !document.changedSinceAccepted)).toBe(true);
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
      messages.unknownDocument,
    );
    const duplicate = await call(ownerToken, "PUT", `/api/plan/${plan.id}/legal`, cases[4]?.[0]);
    expect(violationsResponseSchema.parse(duplicate.json()).violations[0]?.title).toBe(
      messages.documentListedTwice,
    );
    expect(
      (await call(ownerToken, "PUT", "/api/plan/not-a-plan/legal", { documents: allSix() })).statusCode,
    ).toBe(400);
    expect(acceptedReferences(await readLegal(ownerToken, plan.id))).toEqual([]);
  });
});
