import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiryResponseSchema, violationsResponseSchema, type EnquiryFields } from "@kindred/contracts";
import { firmDetails, freeGuide, messages, purchaseMessages, supportPhone } from "@kindred/domain";
import { authAttempts, enquiries } from "../src/db/schema";
import { atOnce } from "./support/at-once";
import { callApi, uniqueAddress } from "./support/customers";
import { largePrintPoints, readPdf, smallestTextPoints } from "./support/pdf-text";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
let token: string;
beforeAll(async () => {
  // Every log line is kept, down to trace, to be sure none names the person.
  testApp = await createTestApp({ LOG_LEVEL: "trace", SITE_URL: "https://kindred.test" });
  token = await testApp.requestApplicationToken();
});
afterAll(() => testApp.close());

/** A person asking for the guide, with a name and address of their own. */
function enquiry(overrides: Partial<EnquiryFields> = {}): EnquiryFields {
  const word = Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
  return { name: `Margaret ${word}`, email: `margaret.${word}@example.com`, ...overrides };
}

/** Each test asks from an address of its own, so the per-address limit is its own too. */
function ask(body: unknown, address = uniqueAddress()) {
  return callApi(testApp, token, "POST", "/api/enquiries", body, address);
}

async function storedFor(email: string) {
  return testApp.db.select().from(enquiries).where(eq(enquiries.email, email)).orderBy(enquiries.createdAt);
}

async function guideEmailsTo(email: string) {
  return (await testApp.readOutbox()).filter(
    (message) => message.to === email && message.subject === "Your free guide to planning a funeral",
  );
}

describe("asking for the free guide", () => {
  it("stores the enquiry and emails the guide with the PDF attached, answering the enquiry's reference", async () => {
    const person = enquiry({
      phone: "07700 900982",
      postcode: "mk9 2hp",
      contactPreferences: { email: true, phone: true, post: false },
    });

    const response = await ask(person);

    expect(response.statusCode, response.body).toBe(201);
    const { reference } = enquiryResponseSchema.parse(response.json());
    const [stored] = await storedFor(person.email);
    expect(stored).toMatchObject({
      id: reference,
      name: person.name,
      email: person.email,
      phone: "07700 900982",
      postcode: "MK9 2HP",
      contactByEmail: true,
      contactByPhone: true,
      contactByPost: false,
      utmParams: {},
      freeGuideRef: null,
      guideSentAt: expect.any(Date),
    });

    const [message, ...more] = await guideEmailsTo(person.email);
    expect(more).toEqual([]);
    expect(message?.text).toContain(`Dear ${person.name},`);
    expect(message?.text).toContain("You told us you are happy to hear from us by email and phone.");
    expect(message?.text).toContain(`https://kindred.test${freeGuide.webPath}`);
    expect(message?.text).toContain("https://kindred.test/planning");
    expect(message?.partTypes).toEqual(["text/plain", "text/html", "application/pdf"]);
    const [attachment] = message?.attachments ?? [];
    expect(attachment).toMatchObject({ filename: freeGuide.fileName, contentType: "application/pdf" });
    const pdf = await readPdf(new Uint8Array(attachment?.content ?? Buffer.alloc(0)));
    expect(pdf.text).toContain("The choices a funeral involves");
  });

  it("says nothing more will be sent when the person ticked no way to hear from us", async () => {
    const person = enquiry();

    expect((await ask(person)).statusCode).toBe(201);

    const [stored] = await storedFor(person.email);
    expect(stored).toMatchObject({ contactByEmail: false, contactByPhone: false, contactByPost: false });
    const [message] = await guideEmailsTo(person.email);
    expect(message?.text).toContain(
      "You told us you would rather we did not contact you, so this is the only email we will send you",
    );
  });

  it("stores the campaign the person came from and the reference their browser holds", async () => {
    const earlier = enquiryResponseSchema.parse((await ask(enquiry())).json()).reference;
    const person = enquiry({
      utmParams: { source: "test", medium: "email", campaign: "spring", term: "funeral plan", content: "a" },
      freeGuideRef: earlier,
    });

    const response = await ask(person);

    expect(response.statusCode).toBe(201);
    const answered = enquiryResponseSchema.parse(response.json());
    const utmParams = {
      source: "test",
      medium: "email",
      campaign: "spring",
      term: "funeral plan",
      content: "a",
    };
    expect(answered.utmParams).toEqual(utmParams);
    const [stored] = await storedFor(person.email);
    expect(stored).toMatchObject({ id: answered.reference, utmParams, freeGuideRef: earlier });
  });

  it("stores the enquiry of someone who asks again within a day, but does not send the guide twice", async () => {
    const person = enquiry();

    const first = await ask(person);
    const again = await ask({ ...person, email: person.email.toUpperCase(), phone: "01632 960001" });

    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    const stored = await storedFor(person.email);
    expect(stored.map((row) => row.phone)).toEqual([null, "01632 960001"]);
    expect(stored[0]?.guideSentAt).toBeInstanceOf(Date);
    expect(stored[1]?.guideSentAt).toBeNull();
    expect(await guideEmailsTo(person.email)).toHaveLength(1);
  });

  it("sends the guide again once a day has passed since it was sent", async () => {
    const person = enquiry();
    expect((await ask(person)).statusCode).toBe(201);
    // The day since the guide went.
    await testApp.db
      .update(enquiries)
      .set({ guideSentAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(enquiries.email, person.email));

    expect((await ask(person)).statusCode).toBe(201);

    expect(await guideEmailsTo(person.email)).toHaveLength(2);
  });

  // An advisory lock on the address keeps the two apart on PostgreSQL.
  it("sends the guide once to two requests at the same moment", { tags: ["engine"] }, async () => {
    const person = enquiry();

    const answers = await atOnce([ask(person), ask(person)]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(await storedFor(person.email)).toHaveLength(2);
    expect(await guideEmailsTo(person.email)).toHaveLength(1);
  });

  it("refuses bad answers with the form's own words, and stores and sends nothing", async () => {
    const email = "not-an-address";
    const response = await ask({
      name: "M",
      email,
      phone: "0123",
      postcode: "nowhere",
      contactPreferences: { email: false, phone: false, post: true },
    });

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "name", title: messages.tooShort(2) },
      { propertyPath: "email", title: messages.invalidEmail },
      { propertyPath: "phone", title: messages.notAUkPhoneNumber },
      { propertyPath: "postcode", title: messages.fullPostcodeNotValid },
    ]);
    expect(await storedFor(email)).toEqual([]);
    expect((await testApp.readOutbox()).filter((message) => message.to === email)).toEqual([]);
  });

  it("needs a name and an email address, and a phone number when the person asked us to call", async () => {
    const person = enquiry({ contactPreferences: { email: false, phone: true, post: false } });

    const missing = await ask({});
    const noPhone = await ask(person);

    expect(violationsResponseSchema.parse(missing.json()).violations).toEqual([
      { propertyPath: "name", title: messages.required },
      { propertyPath: "email", title: messages.required },
    ]);
    expect(noPhone.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(noPhone.json()).violations).toEqual([
      { propertyPath: "phone", title: messages.phoneNeededToCall },
    ]);
    expect(await storedFor(person.email)).toEqual([]);
  });

  it("needs a visitor's token, as every call from the site has", async () => {
    const response = await callApi(testApp, null, "POST", "/api/enquiries", enquiry());

    expect(response.statusCode).toBe(401);
  });

  it("never writes the person's name, email address, phone number or postcode to the logs", async () => {
    const person = enquiry({
      phone: "07700 900123",
      postcode: "SW1A 1AA",
      contactPreferences: { email: true, phone: true, post: true },
    });
    const bad = { ...enquiry({ phone: "07700 9001" }), email: "margaret.unlogged@example" };

    expect((await ask(person)).statusCode).toBe(201);
    expect((await ask(bad)).statusCode).toBe(400);
    await testApp.readOutbox();

    const written = testApp.logs.join("\n");
    expect(written).toContain("/api/enquiries");
    expect(written).toContain("email sent");
    for (const detail of [person.name, person.email, "07700 900123", "SW1A 1AA", bad.name, bad.email]) {
      expect(written).not.toContain(detail);
    }
  });

  // Last, as it sends many guides, and the logs test waits for every email queued before it.
  it("limits requests for one email address to 3 an hour, and from one connection to 100, for a care home sharing it", async () => {
    const person = enquiry();
    const forOneAddress = [];
    for (let attempt = 0; attempt < 4; attempt += 1) forOneAddress.push((await ask(person)).statusCode);
    const connection = uniqueAddress();
    await testApp.db
      .insert(authAttempts)
      .values(Array.from({ length: 98 }, () => ({ kind: "enquiry" as const, subject: `ip:${connection}` })));
    const fromOneConnection = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      fromOneConnection.push((await ask(enquiry(), connection)).statusCode);
    }
    const refused = await ask(enquiry(), connection);

    expect(forOneAddress).toEqual([201, 201, 201, 429]);
    expect(fromOneConnection).toEqual([201, 201, 429]);
    expect(violationsResponseSchema.parse(refused.json()).violations).toEqual([
      { propertyPath: "Request", title: messages.tooManyGuideRequests },
    ]);
    expect(await storedFor(person.email)).toHaveLength(3);
  });
});

describe("the free guide", () => {
  it("is a PDF of several pages anyone may download, with no token, and keep for an hour", async () => {
    const response = await callApi(testApp, null, "GET", freeGuide.apiPath);

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    expect(response.headers["content-disposition"]).toBe(`inline; filename="${freeGuide.fileName}"`);
    const pdf = await readPdf(new Uint8Array(response.rawPayload));
    expect(pdf.pages).toBeGreaterThanOrEqual(6);
    // Each page's footer says who we are, the number to call and the page, on the page.
    expect(pdf.text).toContain(`Page ${pdf.pages} of ${pdf.pages}`);
    expect(pdf.offPage).toEqual([]);
    for (const heading of [
      freeGuide.title,
      "The choices a funeral involves",
      "Burial or cremation",
      "Direct cremation",
      "What a funeral typically costs",
      "typical ranges taken from industry surveys",
      "They are not official figures",
      "How prepaid funeral plans work",
      "29 July 2022",
      "Financial Conduct Authority (FCA)",
      "whole-of-life insurance policy",
      "Financial Services Compensation Scheme (FSCS)",
      "Financial Ombudsman Service",
      purchaseMessages.cancellationStatement(supportPhone.display),
      "A checklist to talk through with your family",
      "How to contact us",
      supportPhone.display,
      supportPhone.hours,
      firmDetails.email,
    ]) {
      expect(pdf.text).toContain(heading);
    }
  });

  it("comes in large print, with no text under 16 pt, from a link with a campaign's parameters too", async () => {
    const response = await callApi(
      testApp,
      null,
      "GET",
      `${freeGuide.apiPath}?print=large&utm_source=leaflet`,
    );

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="${freeGuide.largePrintFileName}"`,
    );
    const pdf = await readPdf(new Uint8Array(response.rawPayload));
    expect(pdf.text).toContain("How prepaid funeral plans work");
    expect(smallestTextPoints(pdf)).toBeGreaterThanOrEqual(largePrintPoints);
    expect(pdf.offPage).toEqual([]);
  });
});
