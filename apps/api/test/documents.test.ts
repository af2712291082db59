import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  legalDocumentsResponseSchema,
  planDocumentBase64ResponseSchema,
  planResponseSchema,
  violationsResponseSchema,
  type FuneralDirectorBranch,
  type JourneyDataPayload,
  type PlanOptionsResponse,
  type PlanPeopleFields,
  type PlanResponse,
} from "@kindred/contracts";
import { firmDetails, formatPrice, messages, supportPhone } from "@kindred/domain";
import { parseLegalDocument } from "../src/modules/documents/legal-library";
import { createSignedInCustomer } from "./support/customers";
import { byCode, catalogueAndBranch, fullJourney } from "./support/journeys";
import { largePrintPoints, readPdf, smallestTextPoints } from "./support/pdf-text";
import { coveredPersonDetails, peopleDetails } from "./support/people";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
let ownerToken: string;
let otherToken: string;
let catalogue: PlanOptionsResponse;
let branch: FuneralDirectorBranch;

function call(
  token: string | null,
  method: "GET" | "POST" | "PATCH",
  url: string,
  { payload, accept }: { payload?: unknown; accept?: string } = {},
) {
  return testApp.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(accept ? { accept } : {}),
    },
  });
}

async function createPlan(token: string, journey: JourneyDataPayload): Promise<PlanResponse> {
  const response = await call(token, "POST", "/api/guest/plan", { payload: journey });
  expect(response.statusCode).toBe(201);
  return planResponseSchema.parse(response.json());
}

/** A signed-in customer's plan, and `storePeople` to give its people as the purchase pages do. */
async function customerPlan(journey: JourneyDataPayload = fullJourney(catalogue, branch.id)) {
  const { token } = await createSignedInCustomer(testApp);
  const created = await call(token, "POST", "/api/plan", { payload: journey });
  expect(created.statusCode, created.body).toBe(201);
  const plan = planResponseSchema.parse(created.json());
  const storePeople = async (people: PlanPeopleFields) => {
    const stored = await call(token, "POST", `/api/plan/${plan.id}/customer`, { payload: people });
    expect(stored.statusCode, stored.body).toBe(200);
  };
  return { token, plan, storePeople };
}

/** The PDF a call answers, as its reader sees it. */
async function pdfOf(token: string, url: string) {
  const response = await call(token, "GET", url);
  expect(response.statusCode, url).toBe(200);
  return {
    disposition: response.headers["content-disposition"],
    pdf: await readPdf(pdfBytes(response.rawPayload)),
  };
}

/** A plan for the customer's mother, arranged by the customer. */
function peopleForMother(customer: Partial<PlanPeopleFields["customer"]> = {}): PlanPeopleFields {
  return {
    ...peopleDetails(customer),
    coveredPerson: coveredPersonDetails() as PlanPeopleFields["coveredPerson"],
  };
}

const nobodyNamedYet = "You tell us who this plan is for, and their date of birth, before you pay.";

/** The full journey with a note on every wish, each long enough to run over a line. */
function journeyWithEveryWish(): JourneyDataPayload {
  const long = (topic: string) =>
    `${topic}: ${"please keep this simple and close to what my family would choose, ".repeat(4)}thank you`;
  const wish = (topic: string, contribution: string) => ({
    notes: long(topic),
    contribution,
    isContributionStep: true as const,
  });
  return {
    ...fullJourney(catalogue, branch.id),
    stationery: wish("Stationery", "40"),
    flowers: wish("Flowers", "120.50"),
    memorial: wish("Memorial", "900"),
    photoVideo: wish("Photography", "150"),
    music: wish("Music", "80"),
    otherRequests: wish("Other", "60"),
    readings: { notes: long("Readings") },
  };
}

const pdfBytes = (body: Buffer) => new Uint8Array(body);
const today = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" }).format(
  new Date(),
);

beforeAll(async () => {
  testApp = await createTestApp({ CATALOGUE_CACHE_SECONDS: 0 });
  ownerToken = await testApp.requestApplicationToken();
  ({ catalogue, branch } = await catalogueAndBranch(testApp, ownerToken));
});
beforeEach(async () => {
  ownerToken = await testApp.requestApplicationToken();
  otherToken = await testApp.requestApplicationToken();
});
afterAll(() => testApp.close());

describe("GET /api/plan/{id}/document/summary", () => {
  it("gives the owner a one-page A4 PDF of every choice, its price, the contributions apart and the total", async () => {
    const plan = await createPlan(ownerToken, fullJourney(catalogue, branch.id));

    const response = await call(ownerToken, "GET", `/api/plan/${plan.id}/document/summary`, {
      accept: "application/pdf",
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="kindred-funeral-plan-summary.pdf"',
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    const pdf = await readPdf(pdfBytes(response.rawPayload));
    const { text } = pdf;
    expect(pdf.pages).toBe(1);
    expect(pdf.pageSizes[0]?.map(Math.round)).toEqual([595, 842]);
    expect(text).toContain(plan.id);
    expect(text).toContain(today);
    expect(text).toContain(byCode(catalogue.coffins, "windsor").name);
    expect(text).toContain(`Total price of your plan ${formatPrice(plan.price.total)}`);
    const contributionsAt = text.indexOf("Contributions: not guaranteed");
    expect(contributionsAt).toBeGreaterThan(0);
    for (const line of plan.sections) {
      const at = text.indexOf(line.title);
      expect(at, line.title).toBeGreaterThan(0);
      // Guaranteed choices come before the contributions, contributions after their heading.
      if (line.guaranteed) expect(at, line.title).toBeLessThan(contributionsAt);
      else expect(at, line.title).toBeGreaterThan(contributionsAt);
    }
    expect(text).toContain(`Flowers White lilies ${formatPrice(120_50)}`);
    expect(text).toContain(`Guaranteed total ${formatPrice(plan.price.total - plan.price.contributions)}`);
    expect(text).toContain(`Contributions total (not guaranteed) ${formatPrice(plan.price.contributions)}`);
    expect(text).toContain(messages.cancellationStatement(supportPhone.display));
    expect(Math.min(...pdf.fontSizes)).toBeGreaterThanOrEqual(8);
  });

  it("still fits one page when every wish has a long note, cutting the notes short", async () => {
    const plan = await createPlan(ownerToken, journeyWithEveryWish());

    const response = await call(ownerToken, "GET", `/api/plan/${plan.id}/document/summary`);

    expect(response.statusCode).toBe(200);
    const pdf = await readPdf(pdfBytes(response.rawPayload));
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(`Total price of your plan ${formatPrice(plan.price.total)}`);
    expect(pdf.text).toContain(formatPrice(900_00));
    expect(pdf.text).not.toContain("thank you");
  });

  it("answers base64 in JSON when asked with encode=base64", async () => {
    const plan = await createPlan(ownerToken, fullJourney(catalogue, branch.id));

    const response = await call(ownerToken, "GET", `/api/plan/${plan.id}/document/summary?encode=base64`);

    expect(response.statusCode).toBe(200);
    const body = planDocumentBase64ResponseSchema.parse(response.json());
    expect(body.fileName).toBe("kindred-funeral-plan-summary.pdf");
    const bytes = Buffer.from(body.file, "base64");
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await readPdf(pdfBytes(bytes))).text).toContain(formatPrice(plan.price.total));
  });

  it("comes in large print, every piece of text at 16 pt or more, when asked", async () => {
    const plan = await createPlan(ownerToken, fullJourney(catalogue, branch.id));

    const response = await call(ownerToken, "GET", `/api/plan/${plan.id}/document/summary?print=large`);

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain("large-print");
    const pdf = await readPdf(pdfBytes(response.rawPayload));
    expect(pdf.fontSizes.length).toBeGreaterThan(20);
    expect(smallestTextPoints(pdf)).toBeGreaterThanOrEqual(largePrintPoints);
    expect(pdf.text).toContain(formatPrice(plan.price.total));
  });

  it("answers 404 to anyone but the plan's owner, and 400 for an unknown kind of document", async () => {
    const plan = await createPlan(ownerToken, fullJourney(catalogue, branch.id));

    for (const type of ["summary", "detail"]) {
      const response = await call(otherToken, "GET", `/api/plan/${plan.id}/document/${type}`);
      expect(response.statusCode).toBe(404);
      expect(violationsResponseSchema.parse(response.json()).violations[0]?.title).toBe(messages.noSuchPlan);
    }
    expect((await call(null, "GET", `/api/plan/${plan.id}/document/summary`)).statusCode).toBe(401);
    const unknown = await call(ownerToken, "GET", `/api/plan/${plan.id}/document/invoice`);
    expect(unknown.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(unknown.json()).violations[0]?.propertyPath).toBe("type");
  });
});

describe("GET /api/plan/{id}/document/detail", () => {
  it("gives every choice with its notes in full, the contributions apart and the total", async () => {
    const plan = await createPlan(ownerToken, journeyWithEveryWish());

    const response = await call(ownerToken, "GET", `/api/plan/${plan.id}/document/detail`, {
      accept: "application/pdf",
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="kindred-funeral-plan-details.pdf"',
    );
    const pdf = await readPdf(pdfBytes(response.rawPayload));
    const { text } = pdf;
    expect(text).toContain("Funeral plan details");
    expect(text).toContain(plan.id);
    expect(text).toContain(
      `Memorial: ${"please keep this simple and close to what my family would choose, ".repeat(4)}thank you`,
    );
    expect(text).toContain(`Total price of your plan ${formatPrice(plan.price.total)}`);
    expect(text).toContain(firmDetails.trustName);
  });
});

describe("POST /api/guest/plan/documents/summary|detail", () => {
  it("prices a plan not yet saved exactly as a saved one and makes its documents", async () => {
    const saved = await createPlan(ownerToken, fullJourney(catalogue, branch.id));

    for (const type of ["summary", "detail"]) {
      const response = await call(ownerToken, "POST", `/api/guest/plan/documents/${type}`, {
        payload: { plan: fullJourney(catalogue, branch.id) },
        accept: "application/pdf",
      });
      expect(response.statusCode, type).toBe(200);
      const text = (await readPdf(pdfBytes(response.rawPayload))).text;
      expect(text).toContain("Not saved yet");
      expect(text).toContain(`Total price of your plan ${formatPrice(saved.price.total)}`);
      expect(text).toContain(byCode(catalogue.coffins, "windsor").name);
    }
  });

  it("never uses a price the browser sends", async () => {
    const journey = fullJourney(catalogue, branch.id);
    const cheap = {
      ...journey,
      attendeesTransportation: {
        ...journey.attendeesTransportation!,
        selectedTransportationTypes: journey.attendeesTransportation!.selectedTransportationTypes.map(
          (selected) => ({ ...selected, transportationType: { ...selected.transportationType, price: 1 } }),
        ),
      },
    };
    const saved = await createPlan(ownerToken, journey);

    const response = await call(ownerToken, "POST", "/api/guest/plan/documents/summary?encode=base64", {
      payload: { plan: cheap },
    });

    expect(response.statusCode).toBe(200);
    const { file } = planDocumentBase64ResponseSchema.parse(response.json());
    const text = (await readPdf(pdfBytes(Buffer.from(file, "base64")))).text;
    expect(text).toContain(`Total price of your plan ${formatPrice(saved.price.total)}`);
  });

  it("answers violations for a body that is not a plan, and for choices the catalogue lacks", async () => {
    const missing = await call(ownerToken, "POST", "/api/guest/plan/documents/summary", { payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(missing.json()).violations).toContainEqual({
      propertyPath: "plan",
      title: expect.any(String),
    });

    const malformed = await call(ownerToken, "POST", "/api/guest/plan/documents/detail", {
      payload: { plan: { coffin: { id: "oak" } } },
    });
    expect(malformed.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(malformed.json()).violations[0]?.propertyPath).toBe(
      "plan.coffin.id",
    );

    const extra = await call(ownerToken, "POST", "/api/guest/plan/documents/summary", {
      payload: { plan: {}, price: 1 },
    });
    expect(extra.statusCode).toBe(400);

    const unknownCoffin = await call(ownerToken, "POST", "/api/guest/plan/documents/summary", {
      payload: { plan: { ...fullJourney(catalogue, branch.id), coffin: { id: 999_999 } } },
    });
    expect(unknownCoffin.statusCode).toBe(422);
    expect(violationsResponseSchema.parse(unknownCoffin.json()).violations[0]?.propertyPath).toBe(
      "coffin.id",
    );

    expect(
      (await call(null, "POST", "/api/guest/plan/documents/summary", { payload: { plan: {} } })).statusCode,
    ).toBe(401);
  });
});

describe("who the plan is for, in the plan summary and plan details", () => {
  it("names the person covered, their date of birth, and the customer who is arranging it for them", async () => {
    const { token, plan, storePeople } = await customerPlan();
    const people = peopleForMother();
    await storePeople(people);
    const { title, firstName, lastName } = people.customer;
    const sentence = `This plan is for Mrs Margaret Hughes, born 2 November 1938. It is arranged by you, ${title} ${firstName} ${lastName}, for your mother.`;

    for (const type of ["summary", "detail"]) {
      const { pdf } = await pdfOf(token, `/api/plan/${plan.id}/document/${type}`);
      expect(pdf.text, type).toContain(sentence);
      if (type === "summary") expect(pdf.pages).toBe(1);
    }
    const legal = legalDocumentsResponseSchema.parse(
      (await call(token, "GET", `/api/plan/${plan.id}/legal`)).json(),
    );
    for (const document of legal.documents.slice(1, 3)) {
      expect(document.blocks, document.docReference).toContainEqual({
        kind: "paragraph",
        content: [
          { text: "This plan is for " },
          { text: "Mrs Margaret Hughes", strong: true },
          { text: sentence.slice("This plan is for Mrs Margaret Hughes".length) },
        ],
      });
    }
  });

  it("names the customer when the plan is for them, with their own words for an Other title", async () => {
    const { token, plan, storePeople } = await customerPlan();
    const people = peopleDetails({ title: "Other", titleText: "Revd" });
    await storePeople(people);

    const { pdf } = await pdfOf(token, `/api/plan/${plan.id}/document/detail`);

    const { firstName, lastName } = people.customer;
    expect(pdf.text).toContain(`This plan is for you, Revd ${firstName} ${lastName}, born 7 March 1948.`);
    expect(pdf.text).not.toContain("It is arranged by");
  });

  it("says plainly that the details come before paying, for a plan with no people yet and one not saved", async () => {
    const plan = await createPlan(ownerToken, fullJourney(catalogue, branch.id));
    for (const type of ["summary", "detail"]) {
      expect((await pdfOf(ownerToken, `/api/plan/${plan.id}/document/${type}`)).pdf.text, type).toContain(
        nobodyNamedYet,
      );
      const unsaved = await call(ownerToken, "POST", `/api/guest/plan/documents/${type}`, {
        payload: { plan: fullJourney(catalogue, branch.id) },
      });
      expect(unsaved.statusCode, type).toBe(200);
      expect((await readPdf(pdfBytes(unsaved.rawPayload))).text, type).toContain(nobodyNamedYet);
    }
  });

  it("keeps the summary to one page with every wish and the longest names, which the details give whole", async () => {
    const { token, plan, storePeople } = await customerPlan(journeyWithEveryWish());
    // As long as each field allows: a 30-letter title, 50-letter names, a 60-letter relationship.
    const longName = (start: string) =>
      `${start} ${"Wilhelmina-Maximilienne ".repeat(3)}`.slice(0, 50).trim();
    const people = peopleForMother({
      title: "Other",
      titleText: "The Right Honourable Baroness".padEnd(30, "s"),
      firstName: longName("Mary"),
      lastName: longName("Montgomery"),
    });
    const coveredPerson = coveredPersonDetails({
      title: "Other",
      titleText: "Most Reverend Doctor Professor".slice(0, 30),
      firstName: longName("Wilhelmina"),
      lastName: longName("Featherstonehaugh"),
      relationshipWithCustomer: "Great-grandmother on my mother's side, who brought me up".padEnd(60, "!"),
    });
    await storePeople({ ...people, coveredPerson: coveredPerson as PlanPeopleFields["coveredPerson"] });

    const summary = (await pdfOf(token, `/api/plan/${plan.id}/document/summary`)).pdf;
    const details = (await pdfOf(token, `/api/plan/${plan.id}/document/detail`)).pdf;

    expect(summary.pages).toBe(1);
    expect(summary.text).toContain(`Total price of your plan ${formatPrice(plan.price.total)}`);
    expect(summary.text).toContain("This plan is for Most Reverend Doctor Professor Wilhelmina");
    expect(summary.text).toContain("…, born 2 November 1938.");
    const coveredName = `${coveredPerson.titleText} ${coveredPerson.firstName} ${coveredPerson.lastName}`;
    expect(summary.text).not.toContain(coveredName);
    expect(details.text).toContain(`This plan is for ${coveredName}, born 2 November 1938.`);
    expect(details.text).toContain(
      `arranged by you, ${people.customer.titleText} ${people.customer.firstName} ${people.customer.lastName}, for your ${coveredPerson.relationshipWithCustomer as string}.`,
    );
  });
});

describe("large print from the customer's own answer", () => {
  it("makes every document of the plan large print, with no query, once the customer asks for it", async () => {
    const { token, plan, storePeople } = await customerPlan();
    const before = await pdfOf(token, `/api/plan/${plan.id}/document/summary`);
    expect(smallestTextPoints(before.pdf)).toBeLessThan(largePrintPoints);

    await storePeople(peopleDetails({ accessibilitySupportForDocumentation: "large_print" }));

    const summary = await pdfOf(token, `/api/plan/${plan.id}/document/summary`);
    expect(summary.disposition).toBe('attachment; filename="kindred-funeral-plan-summary-large-print.pdf"');
    expect(summary.pdf.fontSizes.length).toBeGreaterThan(20);
    expect(smallestTextPoints(summary.pdf)).toBeGreaterThanOrEqual(largePrintPoints);
    expect(summary.pdf.text).toContain(formatPrice(plan.price.total));
    for (const url of [
      `/api/plan/${plan.id}/document/detail`,
      `/api/plan/${plan.id}/legal/plan-continuity`,
    ]) {
      const { disposition, pdf } = await pdfOf(token, url);
      expect(disposition, url).toContain("-large-print.pdf");
      expect(smallestTextPoints(pdf), url).toBeGreaterThanOrEqual(largePrintPoints);
    }
    const base64 = await call(token, "GET", `/api/plan/${plan.id}/document/summary?encode=base64`);
    expect(planDocumentBase64ResponseSchema.parse(base64.json()).fileName).toBe(
      "kindred-funeral-plan-summary-large-print.pdf",
    );

    // The documents screen downloads the same: the public three are asked for in large print too.
    const legal = legalDocumentsResponseSchema.parse(
      (await call(token, "GET", `/api/plan/${plan.id}/legal`)).json(),
    );
    expect(legal.documents.map(({ file, fileName }) => ({ file, fileName }))).toEqual([
      {
        file: "/public-documents/terms.pdf?print=large",
        fileName: "kindred-terms-and-conditions-large-print.pdf",
      },
      {
        file: `/api/plan/${plan.id}/document/summary`,
        fileName: "kindred-funeral-plan-summary-large-print.pdf",
      },
      {
        file: `/api/plan/${plan.id}/document/detail`,
        fileName: "kindred-funeral-plan-details-large-print.pdf",
      },
      {
        file: "/public-documents/disclosure.pdf?print=large",
        fileName: "kindred-initial-disclosure-document-large-print.pdf",
      },
      {
        file: "/public-documents/costs-explained.pdf?print=large",
        fileName: "kindred-guaranteed-costs-and-contributions-large-print.pdf",
      },
      {
        file: `/api/plan/${plan.id}/legal/plan-continuity`,
        fileName: "kindred-plan-continuity-large-print.pdf",
      },
    ]);
    const terms = await call(null, "GET", legal.documents[0]?.file ?? "");
    expect(smallestTextPoints(await readPdf(pdfBytes(terms.rawPayload)))).toBeGreaterThanOrEqual(
      largePrintPoints,
    );
  });

  it("still gives standard print when the call asks for it, and large print to anyone who asks", async () => {
    const large = await customerPlan();
    await large.storePeople(peopleDetails({ accessibilitySupportForDocumentation: "large_print" }));
    const standard = await customerPlan();
    await standard.storePeople(peopleDetails({ accessibilitySupportForDocumentation: "braille" }));

    const asked = await pdfOf(large.token, `/api/plan/${large.plan.id}/document/summary?print=standard`);
    expect(asked.disposition).toBe('attachment; filename="kindred-funeral-plan-summary.pdf"');
    expect(smallestTextPoints(asked.pdf)).toBeLessThan(largePrintPoints);
    expect(asked.pdf.pages).toBe(1);
    const other = await pdfOf(standard.token, `/api/plan/${standard.plan.id}/document/summary`);
    expect(smallestTextPoints(other.pdf)).toBeLessThan(largePrintPoints);
    const askedLarge = await pdfOf(
      standard.token,
      `/api/plan/${standard.plan.id}/document/summary?print=large`,
    );
    expect(smallestTextPoints(askedLarge.pdf)).toBeGreaterThanOrEqual(largePrintPoints);
  });
});

describe("GET /public-documents/{file}", () => {
  it("serves the disclosure, the terms and the costs explained to anyone, with no token", async () => {
    const expected = {
      "disclosure.pdf": "Initial disclosure document",
      "terms.pdf": "Terms and conditions",
      "costs-explained.pdf": "Guaranteed costs and contributions explained",
    };
    for (const [file, title] of Object.entries(expected)) {
      const response = await call(null, "GET", `/public-documents/${file}`);
      expect(response.statusCode, file).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(response.headers["cache-control"]).toBe("public, max-age=3600");
      const pdf = await readPdf(pdfBytes(response.rawPayload));
      expect(pdf.text).toContain(title);
      expect(pdf.text).toContain(supportPhone.display);
      expect(pdf.text).not.toContain("{{");
      // The footer (who we are, the number to call, the page) is on the page, where it can be read.
      expect(pdf.text).toContain(`Page ${pdf.pages} of ${pdf.pages}`);
      expect(pdf.offPage, file).toEqual([]);
    }
  });

  it("says who we are, who regulates us, how the money is held, how to cancel and how to complain", async () => {
    const terms = (
      await readPdf(pdfBytes((await call(null, "GET", "/public-documents/terms.pdf")).rawPayload))
    ).text;

    expect(terms).toContain(`firm reference number is ${firmDetails.firmReferenceNumber}`);
    expect(terms).toContain(`company number ${firmDetails.companyNumber}`);
    expect(terms).toContain("Financial Conduct Authority");
    expect(terms).toContain("Financial Ombudsman Service");
    expect(terms).toContain(`held in ${firmDetails.trustName}`);
    expect(terms).toContain(firmDetails.independentTrustee);
    expect(terms).toContain(messages.cancellationStatement(supportPhone.display));
  });

  it("comes in large print when asked, and answers 404 for any other file", async () => {
    const large = await call(null, "GET", "/public-documents/costs-explained.pdf?print=large");
    expect(large.statusCode).toBe(200);
    expect(smallestTextPoints(await readPdf(pdfBytes(large.rawPayload)))).toBeGreaterThanOrEqual(
      largePrintPoints,
    );

    const other = await call(null, "GET", "/public-documents/plan-continuity.pdf");
    expect(other.statusCode).toBe(404);
    expect(violationsResponseSchema.parse(other.json()).violations[0]?.title).toBe(messages.unknownDocument);
  });
});

describe("the legal texts", () => {
  it("refuse a placeholder nobody defined, so no document goes out with {{…}} in it", () => {
    const text =
      '---\ndocReference: plan-continuity\ntitle: Funeral plan continuity\nversion: "1"\nfileName: x.pdf\n---\n\nCall {{supportPhne}}.\n';
    expect(() => parseLegalDocument(text, "typo.md")).toThrow("unknown placeholder {{supportPhne}}");
    expect(parseLegalDocument(text.replace("supportPhne", "supportPhone"), "ok.md").blocks).toEqual([
      { kind: "paragraph", content: [{ text: `Call ${supportPhone.display}.` }] },
    ]);
  });
});
