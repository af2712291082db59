import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  paymentSchema,
  planListResponseSchema,
  planResponseSchema,
  savedPlanResponseSchema,
  staffPlanPageSchema,
  violationsResponseSchema,
  type PlanResponse,
} from "@kindred/contracts";
import { formatPrice, legalDocumentReferences, purchaseMessages } from "@kindred/domain";
import { readCatalogueFiles, type CatalogueFiles } from "../src/modules/catalogue/catalogue-files";
import { seedCatalogue } from "../src/modules/catalogue/seed";
import { sandboxBankAccounts, sandboxCards } from "../src/modules/payments";
import { callApi } from "./support/customers";
import { byCode } from "./support/journeys";
import {
  choosePayment,
  confirmationArrives,
  confirmOnSandbox,
  mandatesAtTheProvider,
  payByCard,
  paymentsOf,
  requestDirectDebit,
  sandboxOf,
  settlePayments,
  setUpDirectDebit,
  takenByProvider,
  withKey,
} from "./support/paying";
import { readPdf } from "./support/pdf-text";
import { readyPlan } from "./support/ready-plans";
import { createFirstTestAdministrator, createTestStaffMember, type TestStaffMember } from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Issue 24 item 6 and decision 008's amendment: a plan keeps the price it was agreed at when money
 * was asked for it. A price change in the catalogue (made here the way a release makes one, by
 * seeding new files) never moves a bought plan's total, sections, schedule, documents or staff
 * page; a plan nobody has been asked to pay for follows today's prices, as before.
 */
let testApp: TestApp;
let files: CatalogueFiles;
let agent: TestStaffMember;

const coffinPrice = (code: string) =>
  files.coffins.coffins.find((coffin) => coffin.code === code)!.pricePence;

/** Seeds the catalogue again with one coffin at another price. */
async function priceCoffin(code: string, pricePence: number) {
  const coffins = files.coffins.coffins.map((coffin) =>
    coffin.code === code ? { ...coffin, pricePence } : coffin,
  );
  await seedCatalogue(testApp.db, { ...files, coffins: { ...files.coffins, coffins } });
}

/** The Windsor coffin (every test plan's) costs £20 more from now on. */
const windsorRises = () => priceCoffin("windsor", coffinPrice("windsor") + 20_00);

/** A new full payment asked for at a price the person has not been shown: refused, in these words. */
async function expectRefusedForAnUnseenPrice(token: string, planId: string) {
  const refused = await withKey(testApp, token, "POST", "/api/payments/create", {
    planId,
    paymentOption: "full",
  });
  expect(refused.statusCode, refused.body).toBe(409);
  expect(violationsResponseSchema.parse(refused.json()).violations).toEqual([
    { propertyPath: "plan", title: purchaseMessages.planPriceChangedSinceAsked },
  ]);
}

/**
 * The documents accepted again and the plan paid in full by card: at `total`, which is then what
 * the plan costs and what is held, to the penny.
 */
async function paysInFullAt(token: string, planId: string, total: number) {
  await acceptDocuments(token, planId);
  const { payment } = await payByCard(testApp, token, planId, "full", sandboxCards.succeeds);
  expect(payment.amount).toBe(total);
  const plan = await readPlan(token, planId);
  const { money, held } = await heldAndTotal(token, planId);
  expect(money.state).toBe("paid");
  expect(plan.price.total).toBe(total);
  expect(held).toBe(total);
}

async function readPlan(token: string, planId: string): Promise<PlanResponse> {
  const response = await callApi(testApp, token, "GET", `/api/plan/${planId}`);
  expect(response.statusCode, response.body).toBe(200);
  return planResponseSchema.parse(response.json());
}

async function listedPlan(token: string, planId: string): Promise<PlanResponse | undefined> {
  const response = await callApi(testApp, token, "GET", "/api/plan");
  expect(response.statusCode, response.body).toBe(200);
  return planListResponseSchema.parse(response.json()).find((plan) => plan.id === planId);
}

/** The plan summary PDF's text, as its reader sees it. */
async function summaryText(token: string, planId: string): Promise<string> {
  const response = await callApi(testApp, token, "GET", `/api/plan/${planId}/document/summary`);
  expect(response.statusCode, response.body).toBe(200);
  return (await readPdf(new Uint8Array(response.rawPayload))).text;
}

async function staffPage(planId: string) {
  const response = await callApi(testApp, agent.token, "GET", `/api/staff/plans/${planId}`);
  expect(response.statusCode, response.body).toBe(200);
  return staffPlanPageSchema.parse(response.json());
}

/** The six documents accepted, as the plan now stands. */
async function acceptDocuments(token: string, planId: string) {
  const accepted = await callApi(testApp, token, "PUT", `/api/plan/${planId}/legal`, {
    documents: legalDocumentReferences.map((docReference) => ({ docReference, accepted: true })),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

/** What the plan answers of its price, which must not move. */
/** `POST /api/payments/create` for the whole price, which must open a payment. */
async function startFullPayment(token: string, planId: string) {
  const started = await withKey(testApp, token, "POST", "/api/payments/create", {
    planId,
    paymentOption: "full",
  });
  expect(started.statusCode, started.body).toBe(201);
  return paymentSchema.parse(started.json());
}

/** The person goes back and chooses the Exmoor coffin instead; answers the plan's new total. */
async function chooseExmoor(ready: Awaited<ReturnType<typeof readyPlan>>): Promise<number> {
  const saved = await callApi(testApp, ready.token, "PATCH", `/api/plan/${ready.planId}`, {
    ...ready.journey,
    coffin: { id: byCode(ready.catalogue.coffins, "exmoor").id },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const withExmoor = ready.price - coffinPrice("windsor") + coffinPrice("exmoor");
  expect(withExmoor).not.toBe(ready.price);
  expect(savedPlanResponseSchema.parse(saved.json()).plan.price.total).toBe(withExmoor);
  return withExmoor;
}

/** What the plan holds of the customer's money: every payment taken, less what was given back. */
async function heldAndTotal(token: string, planId: string) {
  const money = await paymentsOf(testApp, token, planId);
  const taken = money.payments
    .filter((payment) => payment.status === "confirmed" || payment.status === "refunded")
    .reduce((sum, payment) => sum + payment.amount, 0);
  return { money, held: taken - money.refunded - money.refundOwed };
}

const priceOf = (plan: PlanResponse) => ({
  priceData: plan.priceData,
  price: plan.price,
  sections: plan.sections,
});

beforeAll(async () => {
  testApp = await createTestApp({ CATALOGUE_CACHE_SECONDS: 0 });
  files = await readCatalogueFiles(testApp.config.CONTENT_DIR);
  agent = await createTestStaffMember(testApp, await createFirstTestAdministrator(testApp), "agent");
});
// Each test leaves the catalogue as the files have it.
afterEach(() => seedCatalogue(testApp.db, files));
afterAll(() => testApp.close());

describe("a plan paid in full by card, after a price change", () => {
  it("keeps the price it was sold at, to the penny, everywhere it is shown", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    const { payment } = await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
    const bought = await readPlan(ready.token, ready.planId);
    expect(bought.price.total).toBe(ready.price);
    expect(payment.amount).toBe(ready.price);

    await windsorRises();

    const plan = await readPlan(ready.token, ready.planId);
    expect(priceOf(plan)).toEqual(priceOf(bought));
    expect(plan.price.total).toBe(ready.price);
    expect(plan.priceChange).toBeNull();
    expect(plan.sections.reduce((sum, line) => sum + line.price, 0)).toBe(ready.price);
    expect(await listedPlan(ready.token, ready.planId)).toEqual(plan);

    const payments = await paymentsOf(testApp, ready.token, ready.planId);
    expect(payments.state).toBe("paid");
    expect(payments.schedule).toMatchObject({ planPrice: ready.price, payNow: ready.price });
    expect(payments.schedule?.totalPayable).toBe(ready.price);
    expect(payments.payments.map((taken) => [taken.amount, taken.completed])).toEqual([[ready.price, true]]);

    const summary = await summaryText(ready.token, ready.planId);
    expect(summary).toContain(formatPrice(ready.price));
    expect(summary).not.toContain(formatPrice(ready.price + 20_00));

    const page = await staffPage(ready.planId);
    expect(priceOf(page.plan)).toEqual(priceOf(bought));
    expect(page.plan.priceChange).toBeNull();
  });
});

describe("a plan paying by Direct Debit, after a price change", () => {
  it("keeps its price, schedule and collections, which add up to the price agreed", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, {
      option: "deposit",
      deposit: 25_000,
      months: 12,
    });
    await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
    await setUpDirectDebit(testApp, ready.token, ready.planId);
    const bought = await readPlan(ready.token, ready.planId);
    const before = await paymentsOf(testApp, ready.token, ready.planId);
    expect(before.state).toBe("paying_by_instalments");
    expect(before.collections.length).toBe(12);

    await windsorRises();

    const plan = await readPlan(ready.token, ready.planId);
    expect(priceOf(plan)).toEqual(priceOf(bought));
    expect(plan.price.total).toBe(ready.price);
    expect(plan.priceChange).toBeNull();
    expect(await listedPlan(ready.token, ready.planId)).toEqual(plan);

    const after = await paymentsOf(testApp, ready.token, ready.planId);
    expect(after.schedule).toEqual(before.schedule);
    expect(after.collections.map((row) => row.amount)).toEqual(before.collections.map((row) => row.amount));
    const schedule = after.schedule!;
    expect(schedule.planPrice).toBe(ready.price);
    const deposit = after.payments.filter((taken) => taken.completed).map((taken) => taken.amount);
    expect(deposit).toEqual([25_000]);
    const collected = after.collections.reduce((sum, row) => sum + row.amount, 0);
    // The deposit and every collection: the price agreed and what paying over time adds.
    expect(25_000 + collected).toBe(schedule.totalPayable);
    expect(schedule.totalPayable).toBe(ready.price + schedule.instalmentCharge);
    expect(after.collections.map((row) => row.amount)).toEqual(schedule.instalments.map((row) => row.amount));

    expect(priceOf((await staffPage(ready.planId)).plan)).toEqual(priceOf(bought));
  });
});

describe("a plan not bought, after a price change", () => {
  it("follows today's prices while nobody has been asked to pay for it, and says it changed", async () => {
    const ready = await readyPlan(testApp);
    await windsorRises();

    const plan = await readPlan(ready.token, ready.planId);
    expect(plan.price.total).toBe(ready.price + 20_00);
    expect(plan.priceChange).toMatchObject({ savedTotal: ready.price });
  });

  it("is priced afresh once its journey changes after a card payment was started but not finished", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    const started = await withKey(testApp, ready.token, "POST", "/api/payments/create", {
      planId: ready.planId,
      paymentOption: "full",
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(paymentSchema.parse(started.json()).amount).toBe(ready.price);

    // Agreed when the payment was asked for: a price change does not move it.
    await windsorRises();
    expect((await readPlan(ready.token, ready.planId)).price.total).toBe(ready.price);

    // The person goes back and chooses the Exmoor coffin instead: the price is worked out again.
    const oxford = byCode(ready.catalogue.coffins, "exmoor");
    const saved = await callApi(testApp, ready.token, "PATCH", `/api/plan/${ready.planId}`, {
      ...ready.journey,
      coffin: { id: oxford.id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const repriced = savedPlanResponseSchema.parse(saved.json()).plan;
    const withExmoor = ready.price - coffinPrice("windsor") + coffinPrice("exmoor");
    expect(repriced.price.total).toBe(withExmoor);

    // And it follows the catalogue again until money is next asked for it.
    await priceCoffin("exmoor", coffinPrice("exmoor") + 5_00);
    const plan = await readPlan(ready.token, ready.planId);
    expect(plan.price.total).toBe(withExmoor + 5_00);
    expect(plan.priceChange).toMatchObject({ savedTotal: withExmoor });
  });
});

describe("a price change between starting a card payment and finishing it", () => {
  it("leaves the plan at the price the payment was asked at, which is what was taken", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    const started = await withKey(testApp, ready.token, "POST", "/api/payments/create", {
      planId: ready.planId,
      paymentOption: "full",
    });
    expect(started.statusCode, started.body).toBe(201);
    const payment = paymentSchema.parse(started.json());

    await windsorRises();

    const confirmed = await confirmOnSandbox(testApp, ready.token, payment, sandboxCards.succeeds);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await settlePayments(testApp);

    const plan = await readPlan(ready.token, ready.planId);
    expect(plan.price.total).toBe(ready.price);
    expect(plan.priceChange).toBeNull();
    const payments = await paymentsOf(testApp, ready.token, ready.planId);
    expect(payments.state).toBe("paid");
    expect(payments.payments.map((taken) => [taken.amount, taken.completed])).toEqual([[ready.price, true]]);
    expect(payments.schedule?.totalPayable).toBe(ready.price);
  });
});

describe("asking for money again after a price change, when the first request went nowhere", () => {
  it("is refused until the person has seen today's price, then takes and keeps it", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    const declined = await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.declined);
    expect(declined.payment.amount).toBe(ready.price);
    expect((await readPlan(ready.token, ready.planId)).price.total).toBe(ready.price);

    await windsorRises();
    const today = ready.price + 20_00;

    // Not charged a price the person has not been shown: refused, and nothing new to pay.
    await expectRefusedForAnUnseenPrice(ready.token, ready.planId);
    expect((await paymentsOf(testApp, ready.token, ready.planId)).payments).toHaveLength(1);

    // The plan, the payment page and the documents now show today's price, with the notice.
    const plan = await readPlan(ready.token, ready.planId);
    expect(plan.price.total).toBe(today);
    expect(plan.priceChange).toMatchObject({ savedTotal: ready.price });
    expect((await paymentsOf(testApp, ready.token, ready.planId)).schedule?.payNow).toBe(today);
    expect(await summaryText(ready.token, ready.planId)).toContain(formatPrice(today));

    // The documents accepted at the old price no longer count; accepted again, it is paid.
    const notAccepted = await withKey(testApp, ready.token, "POST", "/api/payments/create", {
      planId: ready.planId,
      paymentOption: "full",
    });
    expect(notAccepted.statusCode, notAccepted.body).toBe(422);
    await acceptDocuments(ready.token, ready.planId);
    const { payment } = await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
    expect(payment.amount).toBe(today);

    await priceCoffin("windsor", coffinPrice("windsor") + 35_00);
    const bought = await readPlan(ready.token, ready.planId);
    expect(bought.price.total).toBe(today);
    expect(bought.priceChange).toBeNull();
    expect((await paymentsOf(testApp, ready.token, ready.planId)).state).toBe("paid");
  });

  it("sets the Direct Debit up at the price the deposit was taken at, whatever the catalogue says since", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, {
      option: "deposit",
      deposit: 25_000,
      months: 12,
    });
    await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);

    // Money was taken at the price agreed: the rest is owed at that price, not at today's.
    await windsorRises();
    const plan = await readPlan(ready.token, ready.planId);
    expect(plan.price.total).toBe(ready.price);
    expect(plan.priceChange).toBeNull();

    await setUpDirectDebit(testApp, ready.token, ready.planId);
    await windsorRises();
    const after = await paymentsOf(testApp, ready.token, ready.planId);
    expect((await readPlan(ready.token, ready.planId)).price.total).toBe(ready.price);
    expect(after.schedule?.planPrice).toBe(ready.price);
    const collected = after.collections.reduce((sum, row) => sum + row.amount, 0);
    expect(25_000 + collected).toBe(ready.price + after.schedule!.instalmentCharge);
  });
});

describe("a card payment still open when its plan's agreed price is cleared (decision 008's amendment)", () => {
  it("is cancelled by a save of the journey, so the old price cannot be paid in another tab; the new one is", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    const old = await startFullPayment(ready.token, ready.planId);
    expect(old.amount).toBe(ready.price);

    const withExmoor = await chooseExmoor(ready);
    await settlePayments(testApp);

    // The old payment page, finished in another tab: the provider refuses it, nothing is taken.
    const finished = await confirmOnSandbox(testApp, ready.token, old, sandboxCards.succeeds);
    expect(finished.statusCode, finished.body).toBe(409);
    expect(violationsResponseSchema.parse(finished.json()).violations[0]?.title).toBe(
      purchaseMessages.cardPaymentCancelled,
    );
    await settlePayments(testApp);
    const between = await paymentsOf(testApp, ready.token, ready.planId);
    expect(between.payments.map((payment) => payment.status)).toEqual(["cancelled"]);
    expect(between.state).not.toBe("paid");

    // The payment page opens a fresh payment at the new total, and the plan is paid at it.
    await acceptDocuments(ready.token, ready.planId);
    const { payment } = await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
    expect(payment.id).not.toBe(old.id);
    expect(payment.amount).toBe(withExmoor);
    const plan = await readPlan(ready.token, ready.planId);
    expect(plan.price.total).toBe(withExmoor);
    const { money, held } = await heldAndTotal(ready.token, ready.planId);
    expect(money.state).toBe("paid");
    expect(held).toBe(plan.price.total);
  });

  it("is refunded in full if the provider took it before our cancellation reached it", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    const old = await startFullPayment(ready.token, ready.planId);
    // Finished in another tab as the person saves their new choice; its webhook comes after.
    await takenByProvider(testApp, old.providerPaymentId!);
    const withExmoor = await chooseExmoor(ready);
    await settlePayments(testApp);
    await confirmationArrives(testApp, old.providerPaymentId!);

    const late = await heldAndTotal(ready.token, ready.planId);
    expect(late.money.state).not.toBe("paid");
    expect(late.money.payments.map((payment) => [payment.amount, payment.status])).toEqual([
      [ready.price, "refunded"],
    ]);
    expect(late.money.refunded).toBe(ready.price);
    expect(late.held).toBe(0);
    expect((await readPlan(ready.token, ready.planId)).price.total).toBe(withExmoor);

    await paysInFullAt(ready.token, ready.planId, withExmoor);
  });

  it("is cancelled when a new request after a price change is refused, so the old price cannot be paid", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    const old = await startFullPayment(ready.token, ready.planId);

    await windsorRises();
    const today = ready.price + 20_00;
    await expectRefusedForAnUnseenPrice(ready.token, ready.planId);
    await settlePayments(testApp);

    const finished = await confirmOnSandbox(testApp, ready.token, old, sandboxCards.succeeds);
    expect(finished.statusCode, finished.body).toBe(409);
    await settlePayments(testApp);
    expect((await paymentsOf(testApp, ready.token, ready.planId)).payments.map((row) => row.status)).toEqual([
      "cancelled",
    ]);

    await paysInFullAt(ready.token, ready.planId, today);
  });
});

describe("a save of the journey that lands while a request for money is on its way (another tab)", () => {
  /**
   * Runs `save` as the API's next transaction is about to begin: after the request read and
   * priced the plan, before it stores anything.
   */
  function landsBeforeTheNextTransaction(save: () => Promise<unknown>) {
    const db = testApp.db;
    const transaction = db.transaction;
    db.transaction = (async (...args: Parameters<typeof transaction>) => {
      db.transaction = transaction;
      await save();
      return transaction.apply(db, args);
    }) as typeof transaction;
  }

  it("leaves no card payment at the price read before it: refused, and the new price is paid", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
    let withExmoor = 0;
    landsBeforeTheNextTransaction(async () => (withExmoor = await chooseExmoor(ready)));

    const refused = await withKey(testApp, ready.token, "POST", "/api/payments/create", {
      planId: ready.planId,
      paymentOption: "full",
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(violationsResponseSchema.parse(refused.json()).violations).toEqual([
      { propertyPath: "plan", title: purchaseMessages.planChangedWhilePaying },
    ]);
    expect((await paymentsOf(testApp, ready.token, ready.planId)).payments).toEqual([]);
    expect((await readPlan(ready.token, ready.planId)).price.total).toBe(withExmoor);

    await paysInFullAt(ready.token, ready.planId, withExmoor);
  });

  it("sets up no Direct Debit at the price read before it: refused, and the mandate made is cancelled", async () => {
    const ready = await readyPlan(testApp);
    await choosePayment(testApp, ready.token, ready.planId, {
      option: "deposit",
      deposit: 25_000,
      months: 12,
    });
    // The provider has made the mandate when the other tab's save lands.
    const provider = sandboxOf(testApp).directDebit;
    const createMandate = provider.createMandate;
    let withExmoor = 0;
    provider.createMandate = async (input) => {
      provider.createMandate = createMandate;
      const made = await createMandate.call(provider, input);
      withExmoor = await chooseExmoor(ready);
      return made;
    };

    const refused = await requestDirectDebit(
      testApp,
      ready.token,
      ready.planId,
      sandboxBankAccounts.collects,
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(violationsResponseSchema.parse(refused.json()).violations).toEqual([
      { propertyPath: "plan", title: purchaseMessages.planChangedWhilePaying },
    ]);
    await settlePayments(testApp);
    const money = await paymentsOf(testApp, ready.token, ready.planId);
    expect(money.directDebit).toBeNull();
    expect(money.collections).toEqual([]);
    const atTheProvider = await mandatesAtTheProvider(testApp, ready.planId);
    expect(atTheProvider.map((mandate) => mandate.status)).toEqual(["cancelled"]);
    expect((await readPlan(ready.token, ready.planId)).price.total).toBe(withExmoor);
  });
});
