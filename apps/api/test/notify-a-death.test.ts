import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deathNotificationResponseSchema, type DeathNotificationFields } from "@kindred/contracts";
import { formatPrice, messages, ukToday, vulnerabilityKinds } from "@kindred/domain";
import { and, eq, sql } from "drizzle-orm";
import { atNeedCaseEvents, atNeedCases, collections, mandates, payments } from "../src/db/schema";
import { sandboxCards } from "../src/modules/payments";
import { callApi } from "./support/customers";
import type { OutboxMessage } from "./support/outbox";
import {
  choosePayment,
  payByCard,
  paymentsOf,
  planReferenceOf,
  sandboxOf,
  setUpDirectDebit,
  settlePayments,
  withKey,
} from "./support/paying";
import { readPdf } from "./support/pdf-text";
import { addressDetails, ukTodayAsTyped } from "./support/people";
import { readyPlan } from "./support/ready-plans";
import { createFirstTestAdministrator, createTestStaffMember, type TestStaffMember } from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Telling us of a death online (issue 23 item 4; docs/decisions/028-telling-us-of-a-death.md,
 * amended by 040): the same answer whatever was typed; a match only reported, with everyone on
 * the plan told and nothing changed until the death is confirmed; once confirmed, the funeral
 * requested with every collection stopped, the appointed branch instructed and the person named
 * on the plan told what the family pays, from the rule of what happens at death.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

let firstAdministrator: TestStaffMember | undefined;
const administrator = async () => (firstAdministrator ??= await createFirstTestAdministrator(testApp));

/** Health data the customer told us: never for the funeral director. */
const healthNotes = "Heart failure diagnosed last spring";

const nominee = {
  title: "Mr",
  titleText: "",
  firstName: "David",
  lastName: "Thompson",
  email: `david.thompson.${randomUUID().slice(0, 8)}@example.com`,
  phone: "07700 900 982",
  isSameAddressAsCustomer: "yes",
  address: null,
};

/** A plan by a deposit and 60 monthly instalments, with a nominee, its Direct Debit set up. */
async function instalmentPlan() {
  const ready = await readyPlan(
    testApp,
    undefined,
    {
      vulnerabilities: {
        ...Object.fromEntries(vulnerabilityKinds.map((kind) => [kind, kind === "longTermIllness"])),
        notes: healthNotes,
      } as never,
      vulnerabilityConsent: true,
    },
    { nominee: { ...nominee, email: `david.${randomUUID().slice(0, 8)}@example.com` } as never },
  );
  await choosePayment(testApp, ready.token, ready.planId, { option: "deposit", deposit: 25_000, months: 60 });
  const { answer } = await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
  expect(answer.status).toBe("processing");
  await setUpDirectDebit(testApp, ready.token, ready.planId);
  const [people] = await testApp.db
    .execute(sql`select customer, nominee from plan_people where plan_id = ${ready.planId}`)
    .then((result) => (result as unknown as { rows: { customer: never; nominee: never }[] }).rows);
  const customer = people!.customer as {
    firstName: string;
    lastName: string;
    email: string;
    dateOfBirth: { day: string; month: string; year: string };
  };
  const named = people!.nominee as { firstName: string; lastName: string; email: string; phone: string };
  return { ...ready, reference: await planReferenceOf(testApp.db, ready.planId), customer, nominee: named };
}

/** Moves a plan's purchase back by `months`: its deposit was confirmed then. */
async function boughtMonthsAgo(planId: string, months: number) {
  await testApp.db
    .update(payments)
    .set({ completedAt: sql`${payments.completedAt} - make_interval(months => ${months})` })
    .where(eq(payments.planId, planId));
}

/** What a nominee types about the customer (who is the person covered), as the web's form sends it. */
function notification(
  plan: Awaited<ReturnType<typeof instalmentPlan>>,
  overrides: Partial<DeathNotificationFields> = {},
): DeathNotificationFields {
  return {
    person: {
      firstName: plan.customer.firstName,
      lastName: plan.customer.lastName,
      dateOfBirth: plan.customer.dateOfBirth,
      planReference: plan.reference,
      postcode: "",
    },
    dateOfDeath: ukTodayAsTyped(),
    accidental: "no",
    restingPlace: "hospital",
    restingPlaceDetails: "St Mary's, Paddington",
    informant: {
      firstName: plan.nominee.firstName,
      lastName: plan.nominee.lastName,
      relationship: "nominated_representative",
      email: plan.nominee.email,
      phone: plan.nominee.phone,
    },
    ...overrides,
  };
}

let nextAddress = 1;
/** `POST /api/notify-a-death` from an address of its own (each test its own rate-limit count). */
async function notifyDeath(body: unknown, remoteAddress = `198.51.100.${nextAddress++}`) {
  const token = await testApp.requestApplicationToken();
  return callApi(testApp, token, "POST", "/api/notify-a-death", body, remoteAddress);
}

/** The funeral instructions sent about a plan, to its appointed branch, under its reference. */
async function instructionsFor(planId: string) {
  const reference = await planReferenceOf(testApp.db, planId);
  return (await emailsTo(await branchOf(planId))).filter(
    (message) => message.subject.startsWith("Funeral instruction") && message.text.includes(reference),
  );
}

async function branchOf(planId: string) {
  const [row] = await testApp.db
    .execute(
      sql`select b.email from funeral_director_appointments a join funeral_director_branches b on b.id = a.branch_id where a.plan_id = ${planId}`,
    )
    .then((result) => (result as unknown as { rows: { email: string }[] }).rows);
  return row!.email;
}

const emailsTo = async (address: string): Promise<OutboxMessage[]> =>
  (await testApp.readOutbox()).filter((message) => message.to.toLowerCase() === address.toLowerCase());

/** The email telling `address` that a death was reported under a plan, if any. */
async function reportedTo(address: string): Promise<OutboxMessage | undefined> {
  return (await emailsTo(address)).find((message) =>
    message.subject.startsWith("We have been told of a death"),
  );
}

/** The query of the link to `path` in an email's text, or null when it has none. */
function linkIn(message: OutboxMessage | undefined, path: string): URLSearchParams | null {
  const url = new RegExp(`https?://\\S+${path}\\?\\S+`).exec(message?.text ?? "")?.[0];
  return url ? new URL(url).searchParams : null;
}

async function postLink(path: string, body: unknown) {
  return callApi(testApp, await testApp.requestApplicationToken(), "POST", path, body);
}

/** The nominee follows "Confirm that … has died" in our email. */
async function confirmFromEmail(plan: { nominee: { email: string } }) {
  const link = linkIn(await reportedTo(plan.nominee.email), "/notify-a-death/confirm");
  expect(link).not.toBeNull();
  return postLink("/api/notify-a-death/confirmation", {
    caseId: link!.get("case"),
    signature: link!.get("signature"),
  });
}

/** Someone on the plan follows "Tell us this is not right" in our email to them. */
async function sayNotRightFromEmail(address: string) {
  const link = linkIn(await reportedTo(address), "/notify-a-death/not-right");
  expect(link).not.toBeNull();
  return postLink("/api/notify-a-death/not-right", {
    caseId: link!.get("case"),
    who: link!.get("who"),
    signature: link!.get("signature"),
  });
}

describe("telling us of a death", () => {
  it("answers the same whether or not a plan matches, and opens a case for staff when none does", async () => {
    const plan = await instalmentPlan();
    const informant = (email: string) => ({ ...notification(plan).informant, firstName: "Alex", email });
    const [first, second] = [1, 2].map((n) => `alex.${n}.${randomUUID().slice(0, 8)}@example.com`) as [
      string,
      string,
    ];
    // Born on another day: the same name and plan reference match no plan.
    const someoneElse = {
      ...notification(plan).person,
      dateOfBirth: { day: "1", month: "01", year: "1950" },
    };

    const unmatched = await notifyDeath(
      notification(plan, { informant: informant(first), person: someoneElse }),
    );
    const matched = await notifyDeath(notification(plan, { informant: informant(second) }));

    expect(unmatched.statusCode, unmatched.body).toBe(201);
    expect(matched.statusCode, matched.body).toBe(201);
    const answers = [unmatched, matched].map((response) =>
      deathNotificationResponseSchema.parse(response.json()),
    );
    expect(answers.map((answer) => answer.message)).toEqual([
      messages.deathNotificationReceived,
      messages.deathNotificationReceived,
    ]);
    // Each telling has its own reference; apart from it, whoever told us reads the same words.
    const acknowledgement = async (to: string, reference: string) =>
      (await emailsTo(to)).map((message) => message.text.replace(reference, "REFERENCE"));
    const toFirst = await acknowledgement(first, answers[0]!.reference);
    expect(toFirst).toHaveLength(1);
    expect(await acknowledgement(second, answers[1]!.reference)).toEqual(toFirst);

    const cases = await testApp.db
      .select()
      .from(atNeedCases)
      .where(sql`${atNeedCases.notification} -> 'informant' ->> 'email' in (${first}, ${second})`);
    expect(cases.map((row) => row.planId ?? "none").sort()).toEqual([plan.planId, "none"].sort());
    expect(cases.find((row) => row.planId === null)?.status).toBe("unmatched");
    expect(cases.find((row) => row.planId !== null)?.status).toBe("reported");
    // Nothing a stranger typed reaches an address they gave.
    expect(toFirst.join("\n")).not.toContain("Alex");
  });

  it("finds the plan by its short reference typed however it is read out, or by the long id old letters show", async () => {
    const plan = await instalmentPlan();
    const characters = plan.reference.slice(4).replace("-", "");
    const typed = [
      ` knd ${characters.slice(0, 4).toLowerCase()} ${characters.slice(4).toLowerCase()} `,
      characters,
      plan.planId.toUpperCase(),
    ];
    const informants = typed.map((_, n) => `reader.${n}.${randomUUID().slice(0, 8)}@example.com`);

    for (const [n, planReference] of typed.entries()) {
      const response = await notifyDeath(
        notification(plan, {
          person: { ...notification(plan).person, planReference },
          informant: { ...notification(plan).informant, firstName: "Sam", email: informants[n]! },
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    await testApp.readOutbox();

    // Each telling reached the plan's one case: the first opened it, the others told it again.
    const [atNeed] = await testApp.db.select().from(atNeedCases).where(eq(atNeedCases.planId, plan.planId));
    const tellings = await testApp.db
      .select({ kind: atNeedCaseEvents.kind })
      .from(atNeedCaseEvents)
      .where(and(eq(atNeedCaseEvents.caseId, atNeed!.id), eq(atNeedCaseEvents.by, "informant")));
    expect(tellings.map((telling) => telling.kind).sort()).toEqual(["opened", "told_again", "told_again"]);
    // The email to everyone on the plan quotes the short reference.
    expect((await reportedTo(plan.nominee.email))?.text).toContain(
      `The plan reference is ${plan.reference}.`,
    );
  });

  it("changes nothing until the death is confirmed: everyone on the plan is told, each with a link to say it is not right, and the nominee's link confirms it", async () => {
    const plan = await instalmentPlan();
    const before = await paymentsOf(testApp, plan.token, plan.planId);
    expect((await notifyDeath(notification(plan))).statusCode).toBe(201);
    await testApp.readOutbox();
    await settlePayments(testApp);

    // Reported, not confirmed: the plan pays on, no funeral director is asked to act.
    const reported = await paymentsOf(testApp, plan.token, plan.planId);
    expect(reported.state).toBe("paying_by_instalments");
    expect(reported.collections).toEqual(before.collections);
    const stored = await testApp.db.select().from(collections).where(eq(collections.planId, plan.planId));
    expect(stored.every((collection) => collection.wanted)).toBe(true);
    expect(await instructionsFor(plan.planId)).toHaveLength(0);

    // The customer (the person covered, told of their own death) and the nominee are told at once.
    const toCustomer = await reportedTo(plan.customer.email);
    expect(toCustomer?.text).toContain("that you died on");
    expect(linkIn(toCustomer, "/notify-a-death/not-right")?.get("who")).toBe("customer");
    expect(linkIn(toCustomer, "/notify-a-death/confirm")).toBeNull();
    const toNominee = await reportedTo(plan.nominee.email);
    expect(toNominee?.text).toContain(`Dear ${plan.nominee.firstName},`);
    expect(linkIn(toNominee, "/notify-a-death/not-right")?.get("who")).toBe("nominee");

    const confirmed = await confirmFromEmail(plan);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: messages.deathConfirmedThankYou });
    await settlePayments(testApp);
    expect((await paymentsOf(testApp, plan.token, plan.planId)).state).toBe("funeral_requested");
    expect(await instructionsFor(plan.planId)).toHaveLength(1);

    // The link followed again (a second tab, a double tap): the same thanks, nobody instructed twice.
    const again = await confirmFromEmail(plan);
    expect(again.statusCode).toBe(200);
    expect(await instructionsFor(plan.planId)).toHaveLength(1);
  });

  it("when someone on the plan says it is not right, nothing is done: the nominee's confirmation waits for our call, and staff withdraw the report", async () => {
    const plan = await instalmentPlan();
    expect((await notifyDeath(notification(plan))).statusCode).toBe(201);
    await testApp.readOutbox();

    const notRight = await sayNotRightFromEmail(plan.customer.email);
    expect(notRight.statusCode, notRight.body).toBe(200);
    expect(notRight.json()).toEqual({ message: messages.deathReportSaidNotRightThankYou });
    const waits = await confirmFromEmail(plan);
    expect(waits.statusCode).toBe(409);
    expect(waits.json().violations[0].title).toBe(messages.deathReportWaitsForACall);
    await settlePayments(testApp);
    expect((await paymentsOf(testApp, plan.token, plan.planId)).state).toBe("paying_by_instalments");
    expect(await instructionsFor(plan.planId)).toHaveLength(0);

    const [atNeed] = await testApp.db.select().from(atNeedCases).where(eq(atNeedCases.planId, plan.planId));
    const agent = await createTestStaffMember(testApp, await administrator(), "agent");
    const withdrawn = await callApi(
      testApp,
      agent.token,
      "POST",
      `/api/staff/at-need-cases/${atNeed!.id}/status`,
      {
        status: "withdrawn",
        note: "Spoke to Mrs Thompson herself: she is well. A mistaken report.",
      },
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const events = await testApp.db
      .select()
      .from(atNeedCaseEvents)
      .where(eq(atNeedCaseEvents.caseId, atNeed!.id));
    expect(
      events.map((event) => [
        event.kind,
        event.by === "customer" || event.by === "informant" ? event.by : "staff",
      ]),
    ).toEqual([
      ["opened", "informant"],
      ["said_not_right", "customer"],
      ["withdrawn", "staff"],
    ]);
    // The plan carries on as if the report had not been made.
    const cancel = await withKey(testApp, plan.token, "POST", `/api/plan/${plan.planId}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it("refuses a link that was made up or changed, and confirms nothing", async () => {
    const plan = await instalmentPlan();
    expect((await notifyDeath(notification(plan))).statusCode).toBe(201);
    const customerLink = linkIn(await reportedTo(plan.customer.email), "/notify-a-death/not-right")!;
    const caseId = customerLink.get("case")!;

    const forged = await postLink("/api/notify-a-death/confirmation", { caseId, signature: "made-up" });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().violations[0].title).toBe(messages.deathReportLinkNotRight);
    // The customer's "not right" signature does not speak for the nominee, nor confirm anything.
    const asNominee = await postLink("/api/notify-a-death/not-right", {
      caseId,
      who: "nominee",
      signature: customerLink.get("signature"),
    });
    expect(asNominee.statusCode).toBe(404);
    const asConfirmation = await postLink("/api/notify-a-death/confirmation", {
      caseId,
      signature: customerLink.get("signature"),
    });
    expect(asConfirmation.statusCode).toBe(404);
    await settlePayments(testApp);
    expect((await paymentsOf(testApp, plan.token, plan.planId)).state).toBe("paying_by_instalments");
  });

  it("acknowledges at most once an hour to any one address, whoever sends the reports and from wherever", async () => {
    const plan = await instalmentPlan();
    const target = `someone.${randomUUID().slice(0, 8)}@example.com`;
    for (let report = 0; report < 3; report++) {
      const told = await notifyDeath(
        notification(plan, { informant: { ...notification(plan).informant, email: target } }),
      );
      expect(told.statusCode).toBe(201);
    }
    expect(await emailsTo(target)).toHaveLength(1);
  });

  it("past the first months: requests the funeral, stops every collection, instructs the branch and tells the nominee there is nothing more to pay", async () => {
    const plan = await instalmentPlan();
    await boughtMonthsAgo(plan.planId, 25);
    const before = await paymentsOf(testApp, plan.token, plan.planId);
    expect(before.state).toBe("paying_by_instalments");

    const told = await notifyDeath(
      notification(plan, {
        person: { ...notification(plan).person, planReference: "", postcode: addressDetails().postcode },
      }),
    );
    expect(told.statusCode, told.body).toBe(201);
    expect((await confirmFromEmail(plan)).statusCode).toBe(200);
    await settlePayments(testApp);

    const after = await paymentsOf(testApp, plan.token, plan.planId);
    expect(after.state).toBe("funeral_requested");
    expect(after.funeral).toMatchObject({
      status: "funeral_requested",
      requestedOn: ukToday(),
      atDeath: { funeral: "provided", because: "pastTheFirstMonths" },
    });
    // Collections stop at once: none is wanted, the mandate is cancelled with the provider, and
    // the provider's next run takes nothing.
    const stored = await testApp.db.select().from(collections).where(eq(collections.planId, plan.planId));
    expect(stored.every((collection) => !collection.wanted && collection.status === "cancelled")).toBe(true);
    const [mandate] = await testApp.db.select().from(mandates).where(eq(mandates.planId, plan.planId));
    expect(mandate).toMatchObject({ wanted: false, status: "cancelled" });
    await sandboxOf(testApp).collectDue(before.collections.at(-1)!.date);
    await settlePayments(testApp);
    expect((await paymentsOf(testApp, plan.token, plan.planId)).collected).toBe(0);

    const toBranch = await instructionsFor(plan.planId);
    expect(toBranch).toHaveLength(1);
    const [branchEmail] = toBranch;
    expect(branchEmail!.text).toContain(`Plan reference: ${plan.reference}`);
    expect(branchEmail!.text).toContain("Where");
    expect(branchEmail!.text).toContain("In hospital: St Mary's, Paddington");
    expect(branchEmail!.text).toContain(
      `${plan.nominee.firstName} ${plan.nominee.lastName}, ${plan.nominee.phone}`,
    );
    expect(branchEmail!.text).toContain("nothing more is to be paid");
    expect(branchEmail!.text).not.toContain(healthNotes);
    const pdf = branchEmail!.attachments.find((attachment) => attachment.contentType === "application/pdf");
    const details = await readPdf(pdf!.content);
    expect(details.text).toContain("Funeral plan details");
    expect(details.text).toContain(`Plan reference ${plan.reference}`);

    const toNominee = await emailsTo(plan.nominee.email);
    const whatNext = toNominee.filter((message) => message.subject.endsWith("what happens next"));
    expect(whatNext).toHaveLength(1);
    expect(whatNext[0]!.text).toContain("There is nothing more to pay.");
    expect(whatNext[0]!.text).toContain("will call you to arrange the funeral");
    // The nominee told us: the acknowledgement, the report with its links, then what happens next.
    expect(toNominee.filter((message) => message.subject.startsWith("We have your message"))).toHaveLength(1);
  });

  it("inside the first months, not by accident: the family may pay the rest of the price or have everything paid refunded", async () => {
    const plan = await instalmentPlan();
    const before = await paymentsOf(testApp, plan.token, plan.planId);
    const price = before.schedule!.planPrice;

    expect((await notifyDeath(notification(plan))).statusCode).toBe(201);
    expect((await confirmFromEmail(plan)).statusCode).toBe(200);
    await settlePayments(testApp);

    const after = await paymentsOf(testApp, plan.token, plan.planId);
    expect(after.funeral?.atDeath).toEqual({
      funeral: "ifTheBalanceIsPaid",
      balance: price - 25_000,
      refund: 25_000,
      accidentKnown: true,
    });
    const [whatNext] = (await emailsTo(plan.nominee.email)).filter((message) =>
      message.subject.endsWith("what happens next"),
    );
    expect(whatNext?.text).toContain(`Pay the rest of the plan's price, ${formatPrice(price - 25_000)}`);
    expect(whatNext?.text).toContain(`${formatPrice(25_000)}, refunded`);
    const [instruction] = await instructionsFor(plan.planId);
    expect(instruction?.text).toContain("we will confirm their choice before you arrange the funeral");
  });

  // A case's events are kept by a trigger (migration 0014).
  it(
    "once the funeral is requested, the plan cannot be cancelled, changed or paid for again, and telling us again instructs nobody twice",
    { tags: ["engine"] },
    async () => {
      const plan = await instalmentPlan();
      expect((await notifyDeath(notification(plan))).statusCode).toBe(201);
      expect((await confirmFromEmail(plan)).statusCode).toBe(200);
      const again = await notifyDeath(notification(plan));
      expect(again.statusCode).toBe(201);
      await testApp.app.atNeedJobs.idle();
      await settlePayments(testApp);

      const cancel = await withKey(testApp, plan.token, "POST", `/api/plan/${plan.planId}/cancel`, {});
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().violations[0].title).toBe(messages.funeralRequested);
      const choose = await callApi(testApp, plan.token, "PUT", `/api/plan/${plan.planId}/payment-choice`, {
        option: "full",
      });
      expect(choose.statusCode).toBe(409);
      expect(choose.json().violations[0].title).toBe(messages.funeralRequested);
      const saved = await callApi(testApp, plan.token, "PATCH", `/api/plan/${plan.planId}`, {
        ...plan.journey,
        saveUnfinishedJourney: true,
      });
      expect(saved.statusCode).toBe(409);
      expect(saved.json().violations[0].title).toBe(messages.funeralRequested);
      const pay = await withKey(testApp, plan.token, "POST", "/api/payments/create", {
        planId: plan.planId,
        paymentOption: "deposit",
      });
      expect(pay.statusCode).toBe(409);

      const [atNeed] = await testApp.db.select().from(atNeedCases).where(eq(atNeedCases.planId, plan.planId));
      const events = await testApp.db
        .select()
        .from(atNeedCaseEvents)
        .where(eq(atNeedCaseEvents.caseId, atNeed!.id));
      expect(events.map((event) => [event.kind, event.by])).toEqual([
        ["opened", "informant"],
        ["funeral_requested", "nominee"],
        ["told_again", "informant"],
      ]);
      expect(
        events
          .filter((event) => event.by === "informant")
          .every((event) => event.fromAddress?.startsWith("198.51.100.")),
      ).toBe(true);
      const instructions = await instructionsFor(plan.planId);
      expect(instructions).toHaveLength(1);
      // A case's history is never rewritten.
      await expect(
        testApp.db
          .update(atNeedCaseEvents)
          .set({ note: "changed" })
          .where(eq(atNeedCaseEvents.caseId, atNeed!.id)),
      ).rejects.toThrow();
    },
  );

  it("refuses bad input with a message for each field, and stores nothing", async () => {
    const casesBefore = await testApp.db.select({ id: atNeedCases.id }).from(atNeedCases);
    const response = await notifyDeath({
      person: {
        firstName: "",
        lastName: "Hughes",
        dateOfBirth: { day: "31", month: "02", year: "1938" },
        planReference: "",
        postcode: "",
      },
      dateOfDeath: { day: "1", month: "1", year: "2999" },
      accidental: "",
      restingPlace: "hospital",
      restingPlaceDetails: "",
      informant: {
        firstName: "Alex",
        lastName: "Visit https://evil.example/refund",
        relationship: "son_or_daughter",
        email: "not an email",
        phone: "0161",
      },
    });

    expect(response.statusCode).toBe(400);
    const titles = Object.fromEntries(
      (response.json().violations as { propertyPath: string; title: string }[]).map((violation) => [
        violation.propertyPath,
        violation.title,
      ]),
    );
    expect(titles).toMatchObject({
      "person.firstName": messages.required,
      "person.dateOfBirth.day": messages.notARealDate,
      "person.planReference": messages.planReferenceOrPostcodeNeeded,
      "dateOfDeath.year": messages.dateOfDeathInFuture,
      accidental: messages.required,
      "informant.lastName": messages.nameNotAName,
      "informant.email": messages.invalidEmail,
      "informant.phone": messages.notAUkPhoneNumber,
    });
    expect(await testApp.db.select({ id: atNeedCases.id }).from(atNeedCases)).toHaveLength(
      casesBefore.length,
    );
  });

  it("is limited per address, at a size a hospital or care home sharing one address does not reach", async () => {
    const address = "203.0.113.77";
    const body = { person: {} };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++)
      statuses.push((await notifyDeath(body, address)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
