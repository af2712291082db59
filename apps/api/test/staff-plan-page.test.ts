import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  planPeopleResponseSchema,
  staffAuditPageSchema,
  staffPlanCircumstancesSchema,
  staffPlanPageSchema,
  staffPlanPeopleSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import {
  legalDocumentReferences,
  purchaseMessages,
  staffMessages,
  vulnerabilityKinds,
} from "@kindred/domain";
import { planNotes } from "../src/db/schema";
import { sandboxBankAccounts, sandboxCards } from "../src/modules/payments";
import { atOnce } from "./support/at-once";
import { callApi, goodPassword } from "./support/customers";
import { catalogueAndBranch, fullJourney } from "./support/journeys";
import {
  choosePayment,
  payByCard,
  planReferenceOf,
  settlePayments,
  setUpDirectDebit,
  withKey,
} from "./support/paying";
import { addressDetails, ukTodayAsTyped } from "./support/people";
import { readyPlan } from "./support/ready-plans";
import { createFirstTestAdministrator, createTestStaffMember, type TestStaffMember } from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * A plan's page in the back office and what an agent does on it (issue 24 items 2 and 4;
 * docs/decisions/031-staff-back-office.md): everything about the plan but the customer's
 * circumstances, which only the "show" action answers and only with consent; notes; the
 * customer's contact details changed on their behalf; emails sent again. Each look and action is in
 * the audit log.
 */

let testApp: TestApp;
let administrator: TestStaffMember;
let agent: TestStaffMember;
let finance: TestStaffMember;
/** Bought by Direct Debit after a deposit by card, with circumstances told and shared. */
let directDebitPlan: { planId: string; token: string; email: string };
/** Bought in full by card, nothing told of circumstances. */
let cardPlan: { planId: string; token: string; email: string };

const healthNotes = "Partially sighted since a stroke in 2019";
const circumstances = {
  vulnerabilities: {
    ...Object.fromEntries(vulnerabilityKinds.map((kind) => [kind, kind === "visualImpairment"])),
    notes: healthNotes,
  } as never,
  vulnerabilityConsent: true,
};

beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: "trace" });
  administrator = await createFirstTestAdministrator(testApp);
  agent = await createTestStaffMember(testApp, administrator, "agent");
  finance = await createTestStaffMember(testApp, administrator, "finance");
  directDebitPlan = await readyPlan(testApp, undefined, circumstances);
  await choosePayment(testApp, directDebitPlan.token, directDebitPlan.planId, {
    option: "deposit",
    deposit: 25_000,
    months: 12,
  });
  await payByCard(testApp, directDebitPlan.token, directDebitPlan.planId, "deposit", sandboxCards.succeeds);
  await setUpDirectDebit(testApp, directDebitPlan.token, directDebitPlan.planId);
  cardPlan = await readyPlan(testApp);
  await choosePayment(testApp, cardPlan.token, cardPlan.planId, { option: "full" });
  await payByCard(testApp, cardPlan.token, cardPlan.planId, "full", sandboxCards.succeeds);
});
afterAll(() => testApp.close());

const planUrl = (planId: string, rest = "") => `/api/staff/plans/${planId}${rest}`;

async function page(planId: string, member = agent) {
  const response = await callApi(testApp, member.token, "GET", planUrl(planId));
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, page: staffPlanPageSchema.parse(response.json()) };
}

/** The audit log's newest events, as an administrator reads it (which is itself recorded). */
async function latestAudit(limit = 5) {
  const response = await callApi(testApp, administrator.token, "GET", `/api/staff/audit?limit=${limit}`);
  return staffAuditPageSchema.parse(response.json()).events;
}

/** The newest audit event before the administrator's own reading of the log. */
async function lastAction() {
  const [, action] = await latestAudit(2);
  return action;
}

describe("a plan's page", () => {
  it("shows a Direct Debit plan's state, money, choices, people, documents and timeline, with the account masked and no circumstances", async () => {
    const { body, page: plan } = await page(directDebitPlan.planId);

    expect(plan.planId).toBe(directDebitPlan.planId);
    expect(plan.payments.state).toBe("paying_by_instalments");
    expect(plan.payments.paid).toBe(true);
    expect(plan.plan.price.total).toBeGreaterThan(0);
    expect(plan.plan.sections.length).toBeGreaterThan(0);
    const { accountNumber } = sandboxBankAccounts.collects;
    expect(plan.payments.directDebit).toMatchObject({ accountNumberEnding: accountNumber.slice(-4) });
    expect(plan.payments.collections.length).toBeGreaterThan(0);
    expect(body).not.toContain(accountNumber);
    expect(testApp.logs.some((line) => line.includes(accountNumber))).toBe(false);
    expect(plan.people.customer).toMatchObject({ email: directDebitPlan.email });
    expect(plan.documentsAccepted.map((row) => row.docReference).sort()).toEqual(
      [...legalDocumentReferences].sort(),
    );
    // Whether there are any, and the customer's consent: never the answers.
    expect(plan.circumstances).toEqual({ told: true, sharedAt: expect.any(String) });
    expect(plan.people.customer).not.toHaveProperty("vulnerabilities");
    expect(body).not.toContain(healthNotes);
    expect(body).not.toContain("visualImpairment");
    expect(plan.emailsSent.notRecorded).toMatch(/not kept|without a record/);
    expect(plan.atNeedCase).toBeNull();
    expect(plan.referral).toEqual({ code: null, applied: null });
    const kinds = plan.timeline.map((entry) => entry.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(["plan-started", "payment-made", "direct-debit-set-up", "bought"]),
    );
    expect(kinds.at(-1)).toBe("plan-started");

    const action = await lastAction();
    expect(action).toMatchObject({
      action: "plan.read",
      planId: directDebitPlan.planId,
      // Named in the log by the short reference staff read out, as on the plan's page.
      planReference: await planReferenceOf(testApp.db, directDebitPlan.planId),
      staffMemberName: agent.name,
    });
  });

  it("shows a visitor's unfinished plan, before anyone is named in it", async () => {
    const visitor = await testApp.requestApplicationToken();
    const { catalogue, branch } = await catalogueAndBranch(testApp, visitor);
    const started = await callApi(
      testApp,
      visitor,
      "POST",
      "/api/guest/plan",
      fullJourney(catalogue, branch.id),
    );
    expect(started.statusCode, started.body).toBe(201);
    const { id } = started.json<{ id: string }>();

    const { page: plan } = await page(id);

    expect(plan.payments.paid).toBe(false);
    expect(plan.people).toEqual({
      customer: null,
      coveredPerson: null,
      nominee: null,
      payer: null,
      updatedAt: null,
    });
    expect(plan.circumstances).toEqual({ told: false, sharedAt: null });
    expect(plan.timeline.map((entry) => entry.kind)).toEqual(["plan-started"]);
  });

  it("answers 404 for a plan that is not there, and a customer's token is refused outright", async () => {
    const missing = await callApi(
      testApp,
      agent.token,
      "GET",
      planUrl("00000000-0000-4000-8000-00000000abcd"),
    );
    expect(missing.statusCode).toBe(404);
    const customer = await callApi(testApp, cardPlan.token, "GET", planUrl(cardPlan.planId));
    expect(customer.statusCode).toBe(401);
    expect(customer.body).not.toContain(cardPlan.email);
  });

  it("is read by every role: agent, finance and administrator", async () => {
    for (const member of [agent, finance, administrator]) {
      expect((await page(cardPlan.planId, member)).page.payments.state).toBe("paid");
    }
  });
});

describe("a plan whose covered person has died", () => {
  it("shows the at-need case with each event, who did it and the note, in the timeline too", async () => {
    const plan = await readyPlan(testApp);
    await choosePayment(testApp, plan.token, plan.planId, { option: "full" });
    await payByCard(testApp, plan.token, plan.planId, "full", sandboxCards.succeeds);
    const [customer] = (
      (await testApp.db.execute(
        sql`select customer from plan_people where plan_id = ${plan.planId}`,
      )) as unknown as { rows: { customer: { firstName: string; lastName: string; dateOfBirth: object } }[] }
    ).rows.map((row) => row.customer);
    const told = await callApi(
      testApp,
      await testApp.requestApplicationToken(),
      "POST",
      "/api/notify-a-death",
      {
        person: {
          firstName: customer!.firstName,
          lastName: customer!.lastName,
          dateOfBirth: customer!.dateOfBirth,
          planReference: plan.planId,
          postcode: "",
        },
        dateOfDeath: ukTodayAsTyped(),
        accidental: "no",
        restingPlace: "hospital",
        restingPlaceDetails: "St Mary's, Paddington",
        informant: {
          firstName: "Alex",
          lastName: "Price",
          relationship: "nominated_representative",
          email: "alex.price@example.com",
          phone: "07700 900999",
        },
      },
      "198.51.100.77",
    );
    expect(told.statusCode, told.body).toBe(201);
    await testApp.app.atNeedJobs.idle();
    const opened = (await page(plan.planId)).page.atNeedCase;
    expect(opened).toMatchObject({
      status: "reported",
      events: [{ kind: "opened", by: "informant" }],
    });
    const confirmed = await callApi(
      testApp,
      agent.token,
      "POST",
      `/api/staff/at-need-cases/${opened!.id}/status`,
      {
        status: "funeral_requested",
        confirmedBy: "called_the_named_person",
        note: "Called Mrs Price's son on the number we hold; he confirmed it.",
      },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const moved = await callApi(
      testApp,
      agent.token,
      "POST",
      `/api/staff/at-need-cases/${opened!.id}/status`,
      {
        status: "funeral_arranged",
        note: "Branch confirmed the date with the family.",
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);

    const { page: after } = await page(plan.planId);

    expect(after.atNeedCase?.status).toBe("funeral_arranged");
    expect(after.atNeedCase?.events.at(-1)).toMatchObject({
      kind: "funeral_arranged",
      by: agent.name,
      note: "Branch confirmed the date with the family.",
    });
    expect(after.payments.funeral).toMatchObject({ status: "funeral_arranged" });
    expect(after.timeline.slice(0, 3)).toEqual([
      expect.objectContaining({ kind: "funeral-step", what: "Funeral arranged", by: agent.name }),
      expect.objectContaining({
        kind: "funeral-step",
        what: "Death confirmed (we called the person named on the plan on the number we hold); funeral requested",
        by: agent.name,
      }),
      expect.objectContaining({ kind: "death-told", by: "informant" }),
    ]);
  });
});

describe("showing the customer's circumstances", () => {
  it("answers them only by the show action, recorded as its own event, and never writes them to the logs", async () => {
    const response = await callApi(
      testApp,
      agent.token,
      "POST",
      planUrl(directDebitPlan.planId, "/circumstances/show"),
    );

    expect(response.statusCode, response.body).toBe(200);
    const shown = staffPlanCircumstancesSchema.parse(response.json());
    expect(shown.vulnerabilities).toMatchObject({ visualImpairment: true, notes: healthNotes });
    const action = await lastAction();
    expect(action).toMatchObject({ action: "plan.circumstances.shown", planId: directDebitPlan.planId });
    expect(JSON.stringify(action)).not.toContain(healthNotes);
    expect(testApp.logs.some((line) => line.includes(healthNotes))).toBe(false);
  });

  it("shows nothing when the customer did not share any, and records no showing", async () => {
    const before = await latestAudit(1);
    const response = await callApi(
      testApp,
      agent.token,
      "POST",
      planUrl(cardPlan.planId, "/circumstances/show"),
    );

    expect(response.statusCode).toBe(404);
    expect(violationsResponseSchema.parse(response.json()).violations[0]?.title).toBe(
      staffMessages.circumstancesNotShared,
    );
    const [, previous] = await latestAudit(2);
    expect(previous?.id).toBe(before[0]?.id);
  });
});

// Notes are kept as written by a trigger (migration 0019), which lets them go only with their plan;
// the tests build on each other, so the whole block runs on PostgreSQL.
describe("notes", { tags: ["engine"] }, () => {
  const notesOf = async (planId: string) =>
    (await testApp.db.select().from(planNotes)).filter((note) => note.planId === planId);

  it("refuses an empty note and one too long with the field's message, storing nothing", async () => {
    for (const [text, title] of [
      ["   ", staffMessages.staffNoteNeeded],
      ["x".repeat(2001), staffMessages.staffNoteTooLong],
    ] as const) {
      const response = await callApi(testApp, agent.token, "POST", planUrl(cardPlan.planId, "/notes"), {
        text,
      });
      expect(response.statusCode).toBe(400);
      expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
        expect.objectContaining({ propertyPath: "text", title }),
      ]);
    }
    expect(await notesOf(cardPlan.planId)).toEqual([]);
  });

  it("keeps each note with its author and time, newest first in the timeline, each recorded", async () => {
    const first = await callApi(testApp, agent.token, "POST", planUrl(cardPlan.planId, "/notes"), {
      text: "Called to check the funeral director's address.",
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(await lastAction()).toMatchObject({ action: "plan.note-added", planId: cardPlan.planId });
    const second = await callApi(testApp, finance.token, "POST", planUrl(cardPlan.planId, "/notes"), {
      text: "  Confirmed the payment was taken in full.  ",
    });
    expect(second.statusCode, second.body).toBe(201);

    const notes = (await page(cardPlan.planId)).page.timeline.filter((entry) => entry.kind === "note");
    expect(notes).toEqual([
      expect.objectContaining({ by: finance.name, text: "Confirmed the payment was taken in full." }),
      expect.objectContaining({ by: agent.name, text: "Called to check the funeral director's address." }),
    ]);
  });

  it("are kept as written: the database refuses to change or delete one", async () => {
    await expect(testApp.db.execute(sql`update plan_notes set text = 'changed'`)).rejects.toThrow();
    await expect(testApp.db.execute(sql`delete from plan_notes`)).rejects.toThrow();
    expect(await notesOf(cardPlan.planId)).toHaveLength(2);
  });

  it("go with an unfinished plan when its customer deletes their account", async () => {
    const unfinished = await readyPlan(testApp);
    const noted = await callApi(testApp, agent.token, "POST", planUrl(unfinished.planId, "/notes"), {
      text: "Asked us to call back about paying by Direct Debit.",
    });
    expect(noted.statusCode, noted.body).toBe(201);

    const deleted = await callApi(testApp, unfinished.token, "POST", "/api/account/delete", {
      password: goodPassword,
    });

    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ accountDeleted: true, unfinishedPlans: 1 });
    expect(await notesOf(unfinished.planId)).toEqual([]);
    const gone = await callApi(testApp, agent.token, "GET", planUrl(unfinished.planId));
    expect(gone.statusCode).toBe(404);
  });
});

describe("changing the customer's contact details for them", () => {
  const contact = {
    phone: "07700 900456",
    address: addressDetails({ line1: "12 Orchard Way", postcode: "MK40 2BB" }),
    preferredContactMethod: "contact_method_post",
  };
  const change = (ifMatch: string | null, body: object = contact) =>
    testApp.app.inject({
      method: "PUT",
      url: planUrl(cardPlan.planId, "/contact-details"),
      headers: {
        authorization: `Bearer ${agent.token}`,
        ...(ifMatch === null ? {} : { "if-match": ifMatch }),
      },
      payload: body,
    });

  it("refuses bad input with field messages, and a change without or over an old version, changing nothing", async () => {
    const { page: before } = await page(cardPlan.planId);
    const version = `"${before.people.updatedAt}"`;

    const bad = await change(version, { ...contact, phone: "not a phone" });
    expect(bad.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(bad.json()).violations.map((v) => v.propertyPath)).toContain(
      "phone",
    );
    expect((await change(null)).statusCode).toBe(428);
    const stale = await change(`"2020-01-01T00:00:00.000Z"`);
    expect(stale.statusCode).toBe(412);
    expect(violationsResponseSchema.parse(stale.json()).violations[0]?.title).toBe(
      staffMessages.contactDetailsChangedMeanwhile,
    );

    const { page: after } = await page(cardPlan.planId);
    expect(after.people).toEqual(before.people);
  });

  it("changes them over the version seen, records which fields changed (not their values), and the customer sees the change", async () => {
    const { page: before } = await page(cardPlan.planId);
    const response = await change(`"${before.people.updatedAt}"`);

    expect(response.statusCode, response.body).toBe(200);
    const people = staffPlanPeopleSchema.parse(response.json());
    expect(people.customer).toMatchObject({
      phone: "07700 900456",
      preferredContactMethod: "contact_method_post",
    });
    expect(response.headers.etag).toBe(`"${people.updatedAt}"`);
    const action = await lastAction();
    expect(action).toMatchObject({
      action: "plan.contact-details-changed",
      planId: cardPlan.planId,
      detail: { fields: ["phone", "address", "preferredContactMethod"] },
    });
    expect(JSON.stringify(action)).not.toContain("900456");
    expect(JSON.stringify(action)).not.toContain("Orchard");
    // The plan's timeline says what changed and who changed it, without the details themselves.
    const { page: afterwards } = await page(cardPlan.planId);
    expect(afterwards.timeline[0]).toMatchObject({
      kind: "contact-details-changed",
      what: "phone number, address, how they prefer to be contacted",
      by: agent.name,
    });

    const own = await callApi(testApp, cardPlan.token, "GET", `/api/plan/${cardPlan.planId}/customer`);
    expect(own.statusCode, own.body).toBe(200);
    expect(planPeopleResponseSchema.parse(own.json()).customer).toMatchObject({
      phone: "07700 900456",
      address: expect.objectContaining({ line1: "12 Orchard Way" }),
    });
    // A second change made from the page as it was read before is refused.
    expect((await change(`"${before.people.updatedAt}"`)).statusCode).toBe(412);
  });
});

describe("sending a plan's email again", () => {
  it("queues the Direct Debit notice through the email queue, written afresh, and records it", async () => {
    const sentTo = async (email: string) =>
      (await testApp.readOutbox()).filter((message) => message.to === email);
    const before = await sentTo(directDebitPlan.email);
    const response = await callApi(testApp, agent.token, "POST", planUrl(directDebitPlan.planId, "/resend"), {
      what: "direct-debit-notice",
    });

    expect(response.statusCode, response.body).toBe(202);
    expect(await lastAction()).toMatchObject({
      action: "plan.resent",
      planId: directDebitPlan.planId,
      detail: { what: "direct-debit-notice" },
    });
    await settlePayments(testApp);
    const sent = (await sentTo(directDebitPlan.email)).slice(before.length);
    expect(sent).toHaveLength(1);
    const notice = before.find((message) => message.subject === sent[0]?.subject);
    expect(notice, "the first notice, sent when the Direct Debit was set up").toBeDefined();
    expect(sent[0]?.text).toContain(sandboxBankAccounts.collects.accountNumber.slice(-4));
    expect(sent[0]?.text).not.toContain(sandboxBankAccounts.collects.accountNumber);
  });

  // Engine: two resends at once take turns on a transaction lock.
  it(
    "queues the plan's confirmation again, with its documents, for a plan paid by card, once for a double click",
    { tags: ["engine"] },
    async () => {
      const sentTo = async () =>
        (await testApp.readOutbox()).filter((message) => message.to === cardPlan.email);
      const before = await sentTo();
      const resend = () =>
        callApi(testApp, agent.token, "POST", planUrl(cardPlan.planId, "/resend"), {
          what: "plan-confirmation",
        });
      const answers = await atOnce([resend(), resend()]);

      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect(violationsResponseSchema.parse(refused.json()).violations[0]?.title).toBe(
        staffMessages.resentJustNow,
      );
      await settlePayments(testApp);
      const sent = (await sentTo()).slice(before.length);
      expect(sent).toHaveLength(1);
      expect(before.map((message) => message.subject)).toContain(sent[0]?.subject);
      // The plan's timeline shows it, with who sent it.
      const { page: after } = await page(cardPlan.planId);
      expect(after.timeline[0]).toMatchObject({
        kind: "email-sent-again",
        what: "the plan confirmation",
        by: agent.name,
      });
    },
  );

  it("refuses what the plan has none of, and an unknown email, with a message and nothing queued", async () => {
    const sentToCustomer = async () =>
      (await testApp.readOutbox()).filter((message) => message.to === cardPlan.email).length;
    const before = await sentToCustomer();
    const noDirectDebit = await callApi(testApp, agent.token, "POST", planUrl(cardPlan.planId, "/resend"), {
      what: "direct-debit-notice",
    });
    expect(noDirectDebit.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(noDirectDebit.json()).violations[0]?.title).toBe(
      staffMessages.nothingToResend,
    );
    const unknown = await callApi(testApp, agent.token, "POST", planUrl(cardPlan.planId, "/resend"), {
      what: "everything",
    });
    expect(unknown.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(unknown.json()).violations[0]?.propertyPath).toBe("what");
    await settlePayments(testApp);
    expect(await sentToCustomer()).toBe(before);
  });
});

describe("a cancelled plan", () => {
  it("shows its cancellation, and refuses sending its emails again or changing its contact details, recording each refusal", async () => {
    const plan = await readyPlan(testApp);
    await choosePayment(testApp, plan.token, plan.planId, { option: "full" });
    await payByCard(testApp, plan.token, plan.planId, "full", sandboxCards.succeeds);
    const cancelled = await withKey(testApp, plan.token, "POST", `/api/plan/${plan.planId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settlePayments(testApp);
    const { page: before } = await page(plan.planId);
    expect(before.payments.cancelledAt).not.toBeNull();
    expect(before.timeline[0]).toMatchObject({ kind: "cancelled" });
    const [lastRead] = await latestAudit(1);

    const resent = await callApi(testApp, agent.token, "POST", planUrl(plan.planId, "/resend"), {
      what: "plan-confirmation",
    });
    const changed = await testApp.app.inject({
      method: "PUT",
      url: planUrl(plan.planId, "/contact-details"),
      headers: { authorization: `Bearer ${agent.token}`, "if-match": `"${before.people.updatedAt}"` },
      payload: {
        phone: "07700 900111",
        address: addressDetails(),
        preferredContactMethod: "contact_method_post",
      },
    });

    expect(resent.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(resent.json()).violations[0]?.title).toBe(
      staffMessages.resendPlanCancelled,
    );
    expect(changed.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(changed.json()).violations[0]?.title).toBe(
      purchaseMessages.contactDetailsPlanCancelled,
    );
    const [, changeRefused, resendRefused, previous] = await latestAudit(4);
    expect(previous?.id).toBe(lastRead?.id);
    const refused = { action: "request.refused", staffMemberName: agent.name, planId: plan.planId };
    expect(resendRefused).toMatchObject({
      ...refused,
      detail: { operation: "resendPlanEmailAsStaff", status: 409, reason: "resendPlanCancelled" },
    });
    expect(changeRefused).toMatchObject({
      ...refused,
      detail: {
        operation: "changePlanContactDetailsAsStaff",
        status: 409,
        reason: "contactDetailsPlanCancelled",
      },
    });
    expect(JSON.stringify(changeRefused)).not.toContain("900111");
  });
});
