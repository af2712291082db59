import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountDataBase64ResponseSchema,
  accountDataSchema,
  accountDeletionSchema,
  deletedAccountResponseSchema,
  planResponseSchema,
} from "@kindred/contracts";
import {
  boughtPlanKeptYears,
  circumstancesKeptDaysAfterCancelling,
  deathReportKeptDays,
  freeGuideRequestKeptYears,
  legalDocumentReferences,
  longUkDate,
  marketingChannelLabels,
  marketingChannels,
  messages,
  monthsAfter,
  securityRecordsKeptDays,
  ukToday,
  unsavedPlanKeptMonths,
  vulnerabilityKinds,
} from "@kindred/domain";
import { eq, sql } from "drizzle-orm";
import {
  accessTokens,
  arrearsStatements,
  atNeedCases,
  deathReports,
  doNotContact,
  enquiries,
  legalDocumentAcceptances,
  payments,
  planPeople,
  plans,
  users,
} from "../src/db/schema";
import { sandboxBankAccounts, sandboxCards } from "../src/modules/payments";
import { atOnce } from "./support/at-once";
import { callApi, createSignedInCustomer, signIn, uniqueAddress } from "./support/customers";
import { catalogueAndBranch, fullJourney } from "./support/journeys";
import { choosePayment, payByCard, setUpDirectDebit, settlePayments, withKey } from "./support/paying";
import { failingInstalmentPlan } from "./support/missed-payments";
import { goodPassword, ukTodayAsTyped } from "./support/people";
import { readPdf } from "./support/pdf-text";
import { paidPlan, readyPlan } from "./support/ready-plans";
import { createFirstTestAdministrator, createTestStaffMember } from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * A person's data and their rights over it (issue 25 item 12;
 * docs/decisions/030-data-rights-and-retention.md): everything we hold about them to download,
 * deleting their account, and the sweep that deletes what the privacy policy keeps for a time.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: "trace" });
});
afterAll(() => testApp.close());

const healthNotes = "Macular degeneration diagnosed in March";
const circumstances = {
  // The choices about news and offers named as the web's form sends them ("By email").
  contactMethods: marketingChannels.map((handle) => ({
    handle,
    name: marketingChannelLabels[handle],
    checked: handle === "email",
  })),
  vulnerabilities: {
    ...Object.fromEntries(vulnerabilityKinds.map((kind) => [kind, kind === "visualImpairment"])),
    notes: healthNotes,
  } as never,
  vulnerabilityConsent: true,
};

async function askForTheGuide(email: string, name = "Margaret Thompson") {
  const token = await testApp.requestApplicationToken();
  return callApi(testApp, token, "POST", "/api/enquiries", { name, email }, uniqueAddress());
}

function myData(token: string | null, query: string) {
  return callApi(testApp, token, "GET", `/api/account/data?${query}`);
}

/** A plan bought by Direct Debit with a deposit paid by card, with circumstances told and the free guide asked for. */
async function planBoughtByDirectDebit() {
  const ready = await readyPlan(testApp, undefined, circumstances);
  await choosePayment(testApp, ready.token, ready.planId, { option: "deposit", deposit: 25_000, months: 12 });
  await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
  await setUpDirectDebit(testApp, ready.token, ready.planId);
  expect((await askForTheGuide(ready.email)).statusCode).toBe(201);
  await testApp.readOutbox();
  return ready;
}

/** The first administrator, made once for this file: there is only ever one first. */
let firstAdministrator: Awaited<ReturnType<typeof createFirstTestAdministrator>> | undefined;
async function theAdministrator() {
  firstAdministrator ??= await createFirstTestAdministrator(testApp);
  return firstAdministrator;
}

describe("downloading my data", () => {
  it("as JSON: the account, the plan bought by Direct Debit with its choices, people, circumstances, documents, payments, masked mandate, collections and referral code, and the free guide request", async () => {
    const bought = await planBoughtByDirectDebit();
    const generated = await callApi(testApp, bought.token, "POST", "/api/referral-code/generate", {
      referrerPlanId: bought.planId,
    });
    expect(generated.statusCode, generated.body).toBe(200);

    const response = await myData(bought.token, "format=json");

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="kindred-my-data-${ukToday()}.json"`,
    );
    const data = accountDataSchema.parse(response.json());
    expect(data.account.email).toBe(bought.email);
    expect(data.account.emailConfirmedAt).not.toBeNull();
    expect(data.account.lastSignedInAt).not.toBeNull();
    expect(data.plans).toHaveLength(1);
    const [plan] = data.plans;
    expect(plan!.plan.reference).toBe(bought.planId);
    expect(plan!.plan.price.total).toBe(bought.price);
    expect(plan!.plan.choices.length).toBeGreaterThan(0);
    expect(plan!.people.customer?.email).toBe(bought.email);
    expect(plan!.people.customer?.["vulnerabilities"]).toMatchObject({
      visualImpairment: true,
      notes: healthNotes,
    });
    expect(plan!.documentsAccepted).toHaveLength(legalDocumentReferences.length);
    expect(plan!.payments.state).toBe("paying_by_instalments");
    expect(plan!.payments.payments).toEqual([
      expect.objectContaining({ paymentOption: "deposit", amount: 25_000, status: "confirmed" }),
    ]);
    expect(plan!.payments.directDebit?.accountNumberEnding).toBe(
      sandboxBankAccounts.collects.accountNumber.slice(-4),
    );
    expect(plan!.payments.collections.length).toBe(12);
    expect(plan!.referralCode).toBe(generated.json<{ code: string }>().code);
    expect(plan!.funeral).toBeNull();
    expect(data.freeGuideRequests).toEqual([
      expect.objectContaining({ email: bought.email, name: "Margaret Thompson" }),
    ]);
    expect(data.onDoNotContactList).toBe(false);
    // Never the full account number, a password hash or a token.
    expect(response.body).not.toContain(sandboxBankAccounts.collects.accountNumber);
    expect(response.body).not.toMatch(/passwordHash|tokenHash|\$argon2|clientSecret":"[^n]/);
    // The health answers are the person's own to download, but never logged.
    expect(testApp.logs.join("\n")).not.toContain(healthNotes);

    // With encode=base64 (as the account page fetches it), the same file's bytes.
    const encoded = accountDataBase64ResponseSchema.parse(
      (await myData(bought.token, "encode=base64")).json(),
    );
    expect(encoded.contentType).toBe("application/json");
    expect(encoded.fileName).toBe(`kindred-my-data-${ukToday()}.json`);
    expect(
      accountDataSchema.parse(JSON.parse(Buffer.from(encoded.file, "base64").toString("utf8"))).plans[0]!.plan
        .reference,
    ).toBe(bought.planId);
  });

  it("lists each email we sent the person, by what it was about and when, in the JSON and the PDF, and none of its words or links (issue 50 item 5)", async () => {
    const bought = await planBoughtByDirectDebit();

    const json = await myData(bought.token, "format=json");

    expect(json.statusCode, json.body).toBe(200);
    const { emailsSent } = accountDataSchema.parse(json.json());
    const told = [
      "Please confirm your email address",
      "Your funeral plan is confirmed",
      "Your funeral director",
      "Your Direct Debit is set up, with the dates of your payments",
      "Your free guide to planning a funeral",
    ];
    expect(emailsSent.map((row) => row.about).sort()).toEqual([...told].sort());
    expect(emailsSent.every((row) => Object.keys(row).sort().join() === "about,sentAt")).toBe(true);
    expect(json.body).not.toMatch(/confirm-email\?|token=|https?:\/\//);
    const pdf = await readPdf((await myData(bought.token, "format=pdf")).rawPayload);
    expect(pdf.text).toContain("Emails we sent you");
    for (const about of told) expect(pdf.text).toContain(`${about} ${longUkDate(ukToday())}`);
    expect(pdf.text).not.toMatch(/Emails we sent you .* None\./);
  });

  it("as JSON holds no ids of our systems or the payment provider's, no version codes, and no JSON written inside its text (issue 50 item 5)", async () => {
    const bought = await planBoughtByDirectDebit();
    // What the planning pages keep of the way through them, saved as the text they write.
    const savedByThePages = { completedSteps: ["attendance", "funeral-director"], activeStep: "coffin" };
    await testApp.db
      .update(plans)
      .set({ planningJourneyData: JSON.stringify(savedByThePages) })
      .where(eq(plans.id, bought.planId));
    const [payment] = await testApp.db.select().from(payments).where(eq(payments.planId, bought.planId));
    const versions = await testApp.db
      .select({ version: legalDocumentAcceptances.version })
      .from(legalDocumentAcceptances)
      .where(eq(legalDocumentAcceptances.planId, bought.planId));

    const response = await myData(bought.token, "format=json");

    expect(response.statusCode, response.body).toBe(200);
    const [plan] = accountDataSchema.parse(response.json()).plans;
    expect(plan!.plan.planningPagesSaved).toEqual(savedByThePages);
    expect(plan!.documentsAccepted.map((row) => row.document).sort()).toEqual(
      [
        "Guaranteed costs and contributions explained",
        "Initial disclosure document",
        "Plan continuity",
        "Plan details",
        "Plan summary",
        "Terms and conditions",
      ].sort(),
    );
    expect(plan!.payments.payments).toEqual([
      {
        paymentOption: "deposit",
        amount: 25_000,
        status: "confirmed",
        failureReason: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(response.body).not.toContain(payment!.id);
    expect(response.body).not.toContain(payment!.providerPaymentId!);
    for (const { version } of versions) expect(response.body).not.toContain(`"${version}"`);
    // The plan reference the customer knows is there once, as the plan's reference.
    expect(response.body.split(bought.planId)).toHaveLength(2);
    expect(response.body).not.toMatch(/"(planId|id|version|providerPaymentId|clientSecret|confirmEmail)":/);
    const textsHoldingJson: string[] = [];
    JSON.parse(response.body, (_key, value: unknown) => {
      if (typeof value === "string" && /^\s*[[{]/.test(value)) textsHoldingJson.push(value);
      return value;
    });
    expect(textsHoldingJson).toEqual([]);
  });

  it("as a PDF a person can read: their name, the plan reference, the Direct Debit by its last four digits only", async () => {
    const bought = await planBoughtByDirectDebit();
    const [user] = await testApp.db.select().from(users).where(eq(users.email, bought.email));

    const response = await myData(bought.token, "format=pdf");

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="kindred-my-data-${ukToday()}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.text).toContain("Your data");
    expect(pdf.text).toContain(`Name ${user!.firstName} ${user!.lastName}`);
    expect(pdf.text).toContain(`Plan reference ${bought.planId}`);
    expect(pdf.text).toContain(
      `Account number ending ${sandboxBankAccounts.collects.accountNumber.slice(-4)}`,
    );
    expect(pdf.text).toContain("Your answers about your circumstances");
    expect(pdf.text).toContain(healthNotes);
    expect(pdf.text).not.toContain(sandboxBankAccounts.collects.accountNumber);
    expect(pdf.offPage).toEqual([]);
  });

  it("as a PDF names each detail in words, the choices about news and offers once, and no version codes (issue 50 item 5)", async () => {
    const bought = await planBoughtByDirectDebit();
    const versions = await testApp.db
      .select({ version: legalDocumentAcceptances.version })
      .from(legalDocumentAcceptances)
      .where(eq(legalDocumentAcceptances.planId, bought.planId));

    const pdf = await readPdf((await myData(bought.token, "format=pdf")).rawPayload);

    expect(pdf.text).toContain("You: News and offers by email Yes");
    expect(pdf.text).toContain("You: News and offers by post No");
    expect(pdf.text).not.toContain("by by");
    expect(pdf.text).toContain(`You: Email address ${bought.email}`);
    expect(pdf.text).toContain("You: Phone number 01632 960 001");
    expect(pdf.text).toContain("You: How we contact you Email");
    expect(pdf.text).toContain("You: A copy of the documents by post No");
    expect(pdf.text).toContain("You: Happy with documents in English Yes");
    expect(pdf.text).not.toMatch(
      /Receive copy in the post|Agrees to all documentation|Preferred contact method/,
    );
    expect(pdf.text).toContain(`Document Accepted on Terms and conditions ${longUkDate(ukToday())}`);
    expect(pdf.text).not.toContain("Version");
    // The plan's own documents' versions carry a code made from the plan ("1.2+ApFswoULrpUEVUWo").
    const codes = versions.map(({ version }) => version).filter((version) => version.includes("+"));
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(pdf.text).not.toContain(code);
  });

  it("writes each day in the PDF as the UK day: 23:30 UTC on 14 July is 15 July, and 23:30 on 31 December is 31 December (issue 46 item 7)", async () => {
    const bought = await planBoughtByDirectDebit();
    await testApp.db
      .update(plans)
      .set({ createdAt: new Date("2026-07-14T23:30:00Z") })
      .where(eq(plans.id, bought.planId));
    await testApp.db
      .update(users)
      .set({ createdAt: new Date("2026-12-31T23:30:00Z") })
      .where(eq(users.email, bought.email));

    const pdf = await readPdf((await myData(bought.token, "format=pdf")).rawPayload);

    expect(pdf.text).toContain("Started 15 July 2026");
    expect(pdf.text).toContain("Account made 31 December 2026");
  });

  it("holds what was recorded after missed payments, with its note, and never which member of staff recorded it", async () => {
    const plan = await failingInstalmentPlan(testApp);
    const administrator = await theAdministrator();
    const finance = await createTestStaffMember(testApp, administrator, "finance");
    const [statement] = await testApp.db
      .select()
      .from(arrearsStatements)
      .where(eq(arrearsStatements.planId, plan.planId));
    const agreed = "Agreed by phone: an extra 20 pounds a month from January until it is caught up.";
    const recorded = await callApi(
      testApp,
      finance.token,
      "POST",
      `/api/staff/missed-payments/${statement!.id}/outcome`,
      { outcome: "new_arrangement", note: agreed },
    );
    expect(recorded.statusCode, recorded.body).toBe(201);

    const json = await myData(plan.token, "format=json");
    expect(json.statusCode, json.body).toBe(200);
    const [mine] = accountDataSchema.parse(json.json()).plans;
    expect(mine?.arrearsOutcomes).toEqual([
      {
        statementSentAt: statement!.sentAt.toISOString(),
        outcome: "new_arrangement",
        recordedAt: expect.any(String),
        note: agreed,
      },
    ]);
    expect(json.body).not.toContain(finance.name);
    expect(json.body).not.toContain(finance.email);

    const pdf = await readPdf((await myData(plan.token, "format=pdf")).rawPayload);
    expect(pdf.text).toContain("After missed payments");
    expect(pdf.text).toContain(`${longUkDate(ukToday())} A new arrangement ${longUkDate(ukToday())}`);
    expect(pdf.text.replace(/\s+/g, " ")).toContain(agreed);
    expect(pdf.text).not.toContain(finance.name);
    expect(pdf.offPage).toEqual([]);
  });

  it("holds the notes our staff wrote about the plan, with when, and never who wrote them", async () => {
    const plan = await failingInstalmentPlan(testApp);
    const administrator = await theAdministrator();
    const agent = await createTestStaffMember(testApp, administrator, "agent");
    const note = "Rang to ask when the next payment is taken; told the 1st of each month.";
    const written = await callApi(testApp, agent.token, "POST", `/api/staff/plans/${plan.planId}/notes`, {
      text: note,
    });
    expect(written.statusCode, written.body).toBe(201);

    const json = await myData(plan.token, "format=json");
    expect(json.statusCode, json.body).toBe(200);
    const [mine] = accountDataSchema.parse(json.json()).plans;
    expect(mine?.notes).toEqual([{ writtenAt: expect.any(String), text: note }]);
    expect(json.body).not.toContain(agent.name);
    expect(json.body).not.toContain(agent.email);

    const pdf = await readPdf((await myData(plan.token, "format=pdf")).rawPayload);
    expect(pdf.text).toContain("Notes our team wrote");
    expect(pdf.text.replace(/\s+/g, " ")).toContain(note);
    expect(pdf.text).not.toContain(agent.name);
    expect(pdf.offPage).toEqual([]);
  });

  it("gives another customer nothing of it, and refuses a visitor or no one", async () => {
    const bought = await planBoughtByDirectDebit();
    const other = await createSignedInCustomer(testApp);

    const response = await myData(other.token, "format=json");

    expect(response.statusCode).toBe(200);
    const data = accountDataSchema.parse(response.json());
    expect(data.account.email).toBe(other.details.email.toLowerCase());
    expect(data.plans).toEqual([]);
    expect(data.freeGuideRequests).toEqual([]);
    expect(response.body).not.toContain(bought.planId);
    expect(response.body).not.toContain(bought.email);
    const pdf = await readPdf((await myData(other.token, "format=pdf")).rawPayload);
    expect(pdf.text).not.toContain(bought.planId);
    expect(pdf.text).toContain("You have no plans with us.");

    expect((await myData(await testApp.requestApplicationToken(), "format=json")).statusCode).toBe(403);
    expect((await myData(null, "format=json")).statusCode).toBe(401);
    expect(
      (await callApi(testApp, null, "POST", "/api/account/delete", { password: goodPassword })).statusCode,
    ).toBe(401);
  });
});

async function rowsOf(userId: string, planIds: string[]) {
  const [user] = await testApp.db.select().from(users).where(eq(users.id, userId));
  const stored = await Promise.all(
    planIds.map(async (id) => (await testApp.db.select().from(plans).where(eq(plans.id, id)))[0]),
  );
  const people = await Promise.all(
    planIds.map(
      async (id) => (await testApp.db.select().from(planPeople).where(eq(planPeople.planId, id)))[0],
    ),
  );
  return { user, stored, people };
}

function deleteAccount(token: string, password: string) {
  return callApi(testApp, token, "POST", "/api/account/delete", { password });
}

describe("deleting my account", () => {
  it("with no plan bought: a wrong password changes nothing; the right one deletes the account, its unfinished plan, its people and free guide requests, keeps the address only on the do-not-contact list and signs out", async () => {
    const ready = await readyPlan(testApp, undefined, circumstances);
    expect((await askForTheGuide(ready.email)).statusCode).toBe(201);
    await testApp.readOutbox();
    const [user] = await testApp.db.select().from(users).where(eq(users.email, ready.email));
    const before = await rowsOf(user!.id, [ready.planId]);

    const preview = accountDeletionSchema.parse(
      (await callApi(testApp, ready.token, "GET", "/api/account/delete")).json(),
    );
    expect(preview).toEqual({ accountDeleted: true, unfinishedPlans: 1, freeGuideRequests: 1, kept: [] });

    const refused = await deleteAccount(ready.token, "Not-my-password1");
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      violations: [{ propertyPath: "password", title: messages.currentPasswordWrong }],
    });
    expect(await rowsOf(user!.id, [ready.planId])).toEqual(before);
    expect(await testApp.db.select().from(enquiries).where(eq(enquiries.email, ready.email))).toHaveLength(1);
    expect(await testApp.db.select().from(doNotContact).where(eq(doNotContact.email, ready.email))).toEqual(
      [],
    );
    expect((await callApi(testApp, ready.token, "GET", "/api/user")).statusCode).toBe(200);

    const response = await deleteAccount(ready.token, goodPassword);

    expect(response.statusCode, response.body).toBe(200);
    expect(deletedAccountResponseSchema.parse(response.json())).toEqual({
      accountDeleted: true,
      unfinishedPlans: 1,
      freeGuideRequests: 1,
      kept: [],
      message: messages.accountDeleted,
    });
    const after = await rowsOf(user!.id, [ready.planId]);
    expect(after).toEqual({ user: undefined, stored: [undefined], people: [undefined] });
    expect(await testApp.db.select().from(accessTokens).where(eq(accessTokens.userId, user!.id))).toEqual([]);
    expect(await testApp.db.select().from(enquiries).where(eq(enquiries.email, ready.email))).toEqual([]);
    expect(
      await testApp.db.select().from(doNotContact).where(eq(doNotContact.email, ready.email)),
    ).toHaveLength(1);
    expect((await callApi(testApp, ready.token, "GET", "/api/user")).statusCode).toBe(401);
    await expect(signIn(testApp, ready.email)).rejects.toThrow();
    expect(testApp.logs.join("\n")).not.toContain(goodPassword);
  });

  it("with a plan bought: keeps the account and the bought plan (saying why and for how long), deletes the unfinished plan, the marketing choices and circumstances, and signs out other sessions", async () => {
    const bought = await paidPlan(testApp);
    await settlePayments(testApp);
    const { catalogue, branch } = await catalogueAndBranch(testApp, bought.token);
    const second = await callApi(
      testApp,
      bought.token,
      "POST",
      "/api/plan",
      fullJourney(catalogue, branch.id),
    );
    expect(second.statusCode, second.body).toBe(201);
    const unfinishedId = planResponseSchema.parse(second.json()).id;
    const otherSession = await signIn(testApp, bought.email);
    const [user] = await testApp.db.select().from(users).where(eq(users.email, bought.email));
    await testApp.db
      .update(planPeople)
      .set({ vulnerabilities: circumstances.vulnerabilities, vulnerabilityConsentAt: new Date() })
      .where(eq(planPeople.planId, bought.planId));

    const response = await deleteAccount(bought.token, goodPassword);

    expect(response.statusCode, response.body).toBe(200);
    const answer = deletedAccountResponseSchema.parse(response.json());
    expect(answer).toMatchObject({
      accountDeleted: false,
      unfinishedPlans: 1,
      message: messages.accountKeptForPlans,
      kept: [{ planId: bought.planId, reason: "bought", keptUntil: null }],
    });
    expect(answer.kept[0]!.explanation).toContain("7 years after it ends");
    const after = await rowsOf(user!.id, [bought.planId, unfinishedId]);
    expect(after.user?.email).toBe(bought.email);
    expect(after.stored[0]?.id).toBe(bought.planId);
    expect(after.stored[1]).toBeUndefined();
    expect(after.people[0]?.customer.contactMethods.every((choice) => !choice.checked)).toBe(true);
    expect(after.people[0]?.vulnerabilities).toBeNull();
    expect(
      await testApp.db.select().from(doNotContact).where(eq(doNotContact.email, bought.email)),
    ).toHaveLength(1);
    // Still signed in here, to see the plan kept; signed out everywhere else.
    expect(
      (await callApi(testApp, bought.token, "GET", `/api/plan/${bought.planId}/payments`)).statusCode,
    ).toBe(200);
    expect((await callApi(testApp, otherSession, "GET", "/api/user")).statusCode).toBe(401);
  });

  it("keeps a bought plan that was cancelled until 7 years after its cancellation", async () => {
    const bought = await paidPlan(testApp);
    await settlePayments(testApp);
    const cancelled = await withKey(testApp, bought.token, "POST", `/api/plan/${bought.planId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settlePayments(testApp);

    const answer = deletedAccountResponseSchema.parse(
      (await deleteAccount(bought.token, goodPassword)).json(),
    );

    expect(answer.accountDeleted).toBe(false);
    expect(answer.kept).toEqual([
      expect.objectContaining({
        planId: bought.planId,
        reason: "cancelled",
        keptUntil: monthsAfter(ukToday(), 84),
      }),
    ]);
  });
});

describe("the retention sweep", () => {
  const day = 86_400_000;
  const monthsOn = (months: number, days: number) =>
    new Date(Date.parse(`${monthsAfter(ukToday(), months)}T12:00:00Z`) + days * day);

  // Two sweeps at once: the erasure's row locks keep them from deleting a plan twice.
  it(
    "deletes a visitor's unfinished plan and its people 6 months after it last changed, and nothing saved to an account or bought",
    { tags: ["engine"] },
    async () => {
      const guestToken = await testApp.requestApplicationToken();
      const { catalogue, branch } = await catalogueAndBranch(testApp, guestToken);
      const created = await callApi(
        testApp,
        guestToken,
        "POST",
        "/api/guest/plan",
        fullJourney(catalogue, branch.id),
      );
      expect(created.statusCode, created.body).toBe(201);
      const guestPlanId = planResponseSchema.parse(created.json()).id;
      await testApp.db
        .insert(planPeople)
        .values({ planId: guestPlanId, customer: { firstName: "Ada" } as never });
      const customer = await createSignedInCustomer(testApp);
      const saved = await callApi(
        testApp,
        customer.token,
        "POST",
        "/api/plan",
        fullJourney(catalogue, branch.id),
      );
      const savedId = planResponseSchema.parse(saved.json()).id;
      const bought = await paidPlan(testApp);
      await settlePayments(testApp);
      const exists = async (id: string) =>
        (await testApp.db.select().from(plans).where(eq(plans.id, id))).length === 1;

      await testApp.app.dataRights.sweepRetention(monthsOn(6, -2));
      expect(await exists(guestPlanId)).toBe(true);

      // Two processes sweeping at once delete it once, with nothing else.
      await atOnce([
        testApp.app.dataRights.sweepRetention(monthsOn(6, 2)),
        testApp.app.dataRights.sweepRetention(monthsOn(6, 2)),
      ]);

      expect(await exists(guestPlanId)).toBe(false);
      expect(await testApp.db.select().from(planPeople).where(eq(planPeople.planId, guestPlanId))).toEqual(
        [],
      );
      expect(await exists(savedId)).toBe(true);
      expect(await exists(bought.planId)).toBe(true);
    },
  );

  it("deletes a report of a death as it was sent 90 days after it came, and keeps the case it opened", async () => {
    const informantEmail = `alex.${randomBytes(4).toString("hex")}@example.com`;
    const told = await callApi(
      testApp,
      await testApp.requestApplicationToken(),
      "POST",
      "/api/notify-a-death",
      {
        person: {
          firstName: "Nobody",
          lastName: "Known",
          dateOfBirth: { day: "1", month: "2", year: "1940" },
          planReference: "",
          postcode: "SW1A 1AA",
        },
        dateOfDeath: ukTodayAsTyped(),
        accidental: "no",
        restingPlace: "home",
        restingPlaceDetails: "",
        informant: {
          firstName: "Alex",
          lastName: "Known",
          relationship: "son_or_daughter",
          email: informantEmail,
          phone: "07700 900 982",
        },
      },
    );
    expect(told.statusCode, told.body).toBe(201);
    await testApp.app.atNeedJobs.idle();
    const reports = () =>
      testApp.db.select().from(deathReports).where(eq(deathReports.informantEmail, informantEmail));
    const cases = () =>
      testApp.db
        .select()
        .from(atNeedCases)
        .where(sql`${atNeedCases.notification} -> 'informant' ->> 'email' = ${informantEmail}`);
    expect(await reports()).toHaveLength(1);
    expect(await cases()).toHaveLength(1);
    const daysOn = (days: number) => new Date(Date.now() + days * day);

    await testApp.app.dataRights.sweepRetention(daysOn(deathReportKeptDays - 1));
    expect(await reports()).toHaveLength(1);

    const swept = await testApp.app.dataRights.sweepRetention(daysOn(deathReportKeptDays + 1));

    expect(swept.deathReports).toBeGreaterThanOrEqual(1);
    expect(await reports()).toEqual([]);
    expect(await cases()).toHaveLength(1);
  });

  it("deletes a free guide request 2 years after it was made", async () => {
    const email = `edith.${randomBytes(4).toString("hex")}@example.com`;
    expect((await askForTheGuide(email)).statusCode).toBe(201);
    const stored = async () => testApp.db.select().from(enquiries).where(eq(enquiries.email, email));

    await testApp.app.dataRights.sweepRetention(monthsOn(24, -2));
    expect(await stored()).toHaveLength(1);

    const swept = await testApp.app.dataRights.sweepRetention(monthsOn(24, 2));

    expect(swept.freeGuideRequests).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([]);
  });

  it("deletes a cancelled plan's answers about circumstances 30 days after it was cancelled, and sessions and sign-in attempts 90 days after they ended", async () => {
    const bought = await paidPlan(testApp);
    await settlePayments(testApp);
    await testApp.db
      .update(planPeople)
      .set({ vulnerabilities: circumstances.vulnerabilities, vulnerabilityConsentAt: new Date() })
      .where(eq(planPeople.planId, bought.planId));
    expect(
      (await withKey(testApp, bought.token, "POST", `/api/plan/${bought.planId}/cancel`, {})).statusCode,
    ).toBe(200);
    const [user] = await testApp.db.select().from(users).where(eq(users.email, bought.email));
    const answers = async () =>
      (await testApp.db.select().from(planPeople).where(eq(planPeople.planId, bought.planId)))[0]
        ?.vulnerabilities;
    const sessions = async () =>
      testApp.db.select().from(accessTokens).where(eq(accessTokens.userId, user!.id));
    const daysOn = (days: number) => new Date(Date.now() + days * day);

    await testApp.app.dataRights.sweepRetention(daysOn(29));
    expect(await answers()).toMatchObject({ notes: healthNotes });

    await testApp.app.dataRights.sweepRetention(daysOn(31));
    expect(await answers()).toBeNull();
    expect((await testApp.db.select().from(plans).where(eq(plans.id, bought.planId))).length).toBe(1);

    const [session] = await sessions();
    const ended = session!.expiresAt.getTime() - Date.now();
    await testApp.app.dataRights.sweepRetention(new Date(Date.now() + ended + 89 * day));
    expect(await sessions()).toHaveLength(1);
    await testApp.app.dataRights.sweepRetention(new Date(Date.now() + ended + 91 * day));
    expect(await sessions()).toEqual([]);
  });
});

describe("the privacy policy's retention table", () => {
  it("states the periods the sweep and account deletion keep things for, and nothing they do not do", async () => {
    const policy = await readFile(
      path.join(testApp.config.CONTENT_DIR, "pages", "privacy-policy.md"),
      "utf8",
    );
    const row = (label: string) => policy.split("\n").find((line) => line.startsWith(`| ${label} `)) ?? "";

    expect(row("An unfinished plan not saved to an account")).toContain(
      `${unsavedPlanKeptMonths} months after`,
    );
    expect(row("Free guide requests")).toContain(`${freeGuideRequestKeptYears} years after you ask`);
    expect(row("Your answers about your circumstances")).toContain(
      `deleted ${circumstancesKeptDaysAfterCancelling} days after it was cancelled`,
    );
    expect(row("Security records and error reports")).toContain(
      `deleted ${securityRecordsKeptDays} days after they end`,
    );
    expect(
      row(
        "A plan that has been bought, with its people, payments, Direct Debit records, documents and referral code",
      ),
    ).toContain(`${boughtPlanKeptYears} years after it ends`);
    expect(row("A report of a death sent through our website")).toContain(
      `${deathReportKeptDays} days after it was sent`,
    );
    expect(row("An account with no plan bought")).toContain("Delete my account");
    expect(row("An account with no plan bought")).not.toMatch(/last signed in/);
  });
});
