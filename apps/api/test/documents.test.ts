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
import {
  atNeedPhone,
  firmDetails,
  formatPrice,
  longUkDate,
  messages,
  paymentSchedule,
  purchaseMessages,
  supportPhone,
  ukToday,
} from "@kindred/domain";
import { parseLegalDocument } from "../src/modules/documents/legal-library";
import { sandboxCards } from "../src/modules/payments";
import { createSignedInCustomer } from "./support/customers";
import { byCode, catalogueAndBranch, fullJourney } from "./support/journeys";
import { choosePayment, payByCard, setUpDirectDebit } from "./support/paying";
import { largePrintPoints, readPdf, smallestTextPoints } from "./support/pdf-text";
import { coveredPersonDetails, peopleDetails } from "./support/people";
import { paidPlan, readyPlan } from "./support/ready-plans";
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

/**
 * A PDF's text without the foot of each page, so an answer that runs from one page on to the
 * next reads as one: "Kindred Funeral Plans · Funeral plan details · Call us free on … · Page 1 of 3".
 */
function withoutFooters(text: string): string {
  const footer = new RegExp(
    ` ?${firmDetails.tradingName} · [^·]+ · Call us free on ${supportPhone.display} · Page \\d+ of \\d+`,
    "g",
  );
  return text.replace(footer, "");
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
    expect(text).toContain(`Plan reference ${plan.reference}`);
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
    expect(text).toContain(purchaseMessages.cancellationStatement(supportPhone.display));
    expect(Math.min(...pdf.fontSizes)).toBeGreaterThanOrEqual(8);
  });

  it("gives every long note whole, never cut short", async () => {
    const plan = await createPlan(ownerToken, journeyWithEveryWish());

    const response = await call(ownerToken, "GET", `/api/plan/${plan.id}/document/summary`);

    expect(response.statusCode).toBe(200);
    const pdf = await readPdf(pdfBytes(response.rawPayload));
    expect(pdf.text).toContain(`Total price of your plan ${formatPrice(plan.price.total)}`);
    expect(pdf.text).toContain(formatPrice(900_00));
    for (const line of plan.sections) expect(withoutFooters(pdf.text), line.title).toContain(line.answer);
    expect(pdf.text).not.toContain("…");
    expect(pdf.offPage).toEqual([]);
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
    expect(text).toContain(`Plan reference ${plan.reference}`);
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

  it("gives the longest names whole in both documents, and the customer's own words for who the person is", async () => {
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

    expect(summary.text).toContain(`Total price of your plan ${formatPrice(plan.price.total)}`);
    const coveredName = `${coveredPerson.titleText} ${coveredPerson.firstName} ${coveredPerson.lastName}`;
    const customerName = `${people.customer.titleText} ${people.customer.firstName} ${people.customer.lastName}`;
    for (const pdf of [summary, details]) {
      expect(pdf.text).toContain(`This plan is for ${coveredName}, born 2 November 1938.`);
      // Words that cannot follow "for your" are quoted as the customer gave them.
      expect(pdf.text).toContain(
        `arranged by you, ${customerName}; you told us they are \u201c${coveredPerson.relationshipWithCustomer as string}\u201d.`,
      );
      expect(pdf.text).not.toContain("…");
      expect(pdf.offPage).toEqual([]);
    }
  });

  it("reads right whatever words the customer uses for who the person is to them", async () => {
    for (const [relationshipWithCustomer, words] of [
      ["my mother", "for your mother."],
      ["Close friend", "for your close friend."],
      ["a friend", "you told us they are \u201ca friend\u201d."],
      ["Aunt Mary", "you told us they are \u201cAunt Mary\u201d."],
    ]) {
      const { token, plan, storePeople } = await customerPlan();
      const people = peopleForMother();
      await storePeople({
        ...people,
        coveredPerson: coveredPersonDetails({
          relationshipWithCustomer,
        }) as PlanPeopleFields["coveredPerson"],
      });
      const { pdf } = await pdfOf(token, `/api/plan/${plan.id}/document/summary`);
      expect(pdf.text, relationshipWithCustomer).toContain(words);
      expect(pdf.text).not.toContain("your my");
      expect(pdf.text).not.toContain("your a ");
    }
  });
});

describe("every answer whole, the longest the contracts allow", () => {
  /** A note as long as the journey's contract allows (2,000 characters), in words, its own for each topic. */
  const longestNote = (topic: string) =>
    `${topic}: ${"we would like everyone to come as they are and to stay for tea afterwards at St Mary's hall, ".repeat(30)}`
      .slice(0, 2000)
      .trimEnd();

  /** The full journey with every wish, each topic's notes as long as the contract allows. */
  function journeyWithLongestAnswers(): JourneyDataPayload {
    const journey = fullJourney(catalogue, branch.id);
    const wish = (topic: string, contribution: string) => ({
      notes: longestNote(topic),
      contribution,
      isContributionStep: true as const,
    });
    return {
      ...journey,
      celebrant: { ...journey.celebrant!, notes: longestNote("Celebrant") },
      pallbearers: { ...journey.pallbearers!, notes: longestNote("Pallbearers") },
      ashes: { ...journey.ashes!, notes: longestNote("Ashes") },
      stationery: wish("Stationery", "40"),
      flowers: wish("Flowers", "120.50"),
      memorial: wish("Memorial", "900"),
      photoVideo: wish("Photography", "150"),
      music: wish("Music", "80"),
      otherRequests: wish("Other", "60"),
      readings: { notes: longestNote("Readings") },
    };
  }

  it("prints every answer and name whole in the summary and the details, in standard and large print, all on the page", async () => {
    const { token, plan, storePeople } = await customerPlan(journeyWithLongestAnswers());
    // As long as each field allows: a 30-letter title, 50-letter names, a 60-letter relationship.
    const longName = (start: string) =>
      `${start} ${"Wilhelmina-Maximilienne ".repeat(3)}`.slice(0, 50).trim();
    const coveredPerson = coveredPersonDetails({
      title: "Other",
      titleText: "Most Reverend Doctor Professor".slice(0, 30),
      firstName: longName("Wilhelmina"),
      lastName: longName("Featherstonehaugh"),
      relationshipWithCustomer: "Great-grandmother on my mother's side, who brought me up".padEnd(60, "!"),
    });
    await storePeople({
      ...peopleForMother({ firstName: longName("Mary"), lastName: longName("Montgomery") }),
      coveredPerson: coveredPerson as PlanPeopleFields["coveredPerson"],
    });
    const longest = plan.sections.filter((line) => line.answer.length >= 2000);
    expect(longest.length).toBeGreaterThanOrEqual(9);
    const coveredName = `${coveredPerson.titleText} ${coveredPerson.firstName} ${coveredPerson.lastName}`;

    for (const type of ["summary", "detail"]) {
      for (const print of ["standard", "large"]) {
        const { pdf } = await pdfOf(token, `/api/plan/${plan.id}/document/${type}?print=${print}`);
        const text = withoutFooters(pdf.text);
        for (const line of plan.sections)
          expect(text, `${type} ${print}: ${line.title}`).toContain(line.answer);
        expect(text, `${type} ${print}`).toContain(`This plan is for ${coveredName}, born 2 November 1938.`);
        expect(text, `${type} ${print}`).toContain(coveredPerson.relationshipWithCustomer as string);
        expect(text, `${type} ${print}`).not.toContain("…");
        expect(pdf.offPage, `${type} ${print}`).toEqual([]);
        expect(text, `${type} ${print}`).toContain(`Plan reference ${plan.reference}`);
      }
    }
  });
});

describe("the plan documents of a plan paid by instalments", () => {
  it("show the charge, the total payable and every instalment, and once bought say what follows rather than the steps to buy", async () => {
    const ready = await readyPlan(testApp);
    const choice = { option: "deposit", deposit: 25_000, months: 24 } as const;
    await choosePayment(testApp, ready.token, ready.planId, choice);
    const schedule = paymentSchedule(ready.price, choice, ready.catalogue.paymentTerms, ukToday());
    expect(schedule.instalmentCharge).toBeGreaterThan(0);
    const first = schedule.instalments[0]!;
    const last = schedule.instalments.at(-1)!;
    const detailOf = async () => (await pdfOf(ready.token, `/api/plan/${ready.planId}/document/detail`)).pdf;
    const summaryOf = async () =>
      (await pdfOf(ready.token, `/api/plan/${ready.planId}/document/summary`)).pdf;

    const before = await detailOf();
    expect(before.text).toContain("Read and accept each of the six documents.");
    expect(before.text).not.toContain("You bought this plan");

    await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
    await setUpDirectDebit(testApp, ready.token, ready.planId);

    const summary = await summaryOf();
    const details = await detailOf();
    const dates = `from ${longUkDate(first.date)} to ${longUkDate(last.date)}`;
    const monthly = formatPrice(schedule.totalPayable - 25_000);
    expect(summary.text).toContain(
      `You pay a deposit of ${formatPrice(25_000)} by card, then 24 monthly payments by Direct Debit, ${monthly} in all, ${dates}`,
    );
    expect(summary.text).toContain(
      `The charge for paying by instalments is ${formatPrice(schedule.instalmentCharge)}. Total payable: ${formatPrice(schedule.totalPayable)}.`,
    );
    expect(summary.pages).toBe(1);
    expect(details.text).toContain(`Price of your plan ${formatPrice(ready.price)}`);
    expect(details.text).toContain(
      `Charge for paying by instalments ${formatPrice(schedule.instalmentCharge)}`,
    );
    expect(details.text).toContain(`Deposit, paid by card ${formatPrice(25_000)}`);
    expect(details.text).toContain(`24 monthly payments by Direct Debit ${monthly}`);
    expect(details.text).toContain(`Total payable ${formatPrice(schedule.totalPayable)}`);
    expect(details.text).toContain(`The monthly payments are taken ${dates}`);
    for (const pdf of [summary, details]) {
      expect(pdf.text).not.toContain("Read and accept");
      expect(pdf.offPage).toEqual([]);
    }
    for (const instalment of schedule.instalments) {
      expect(details.text).toContain(
        `${instalment.number} of 24 ${longUkDate(instalment.date)} ${formatPrice(instalment.amount)}`,
      );
    }
    expect(details.text).toContain(`You bought this plan on ${today}.`);
    expect(details.text).toContain(supportPhone.display);
    expect(details.text).toContain(atNeedPhone.display);
  });

  it("show a plan paid in full as paid in full, with no instalments", async () => {
    const ready = await paidPlan(testApp);

    const { pdf } = await pdfOf(ready.token, `/api/plan/${ready.planId}/document/detail`);

    expect(pdf.text).toContain(`You pay the whole price, ${formatPrice(ready.price)}, by card.`);
    expect(pdf.text).not.toContain("Charge for paying by instalments");
    expect(pdf.text).toContain(`You bought this plan on ${today}.`);
    expect(pdf.text).not.toContain("Read and accept");
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
    expect(terms).toContain(purchaseMessages.cancellationStatement(supportPhone.display));
  });

  it("comes in large print when asked, and answers 404 for any other file", async () => {
    const large = await call(null, "GET", "/public-documents/costs-explained.pdf?print=large");
    expect(large.statusCode).toBe(200);
    expect(smallestTextPoints(await readPdf(pdfBytes(large.rawPayload)))).toBeGreaterThanOrEqual(
      largePrintPoints,
    );

    const other = await call(null, "GET", "/public-documents/plan-continuity.pdf");
    expect(other.statusCode).toBe(404);
    expect(violationsResponseSchema.parse(other.json()).violations[0]?.title).toBe(
      purchaseMessages.unknownDocument,
    );
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
