import { randomBytes } from "node:crypto";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planReferenceFromRandomBytes, planReferenceRandomLength } from "@kindred/domain";
import { createGoCardlessDirectDebitProvider } from "../src/modules/payments/gocardless-provider";
import {
  WebhookNotUnderstood,
  WebhookNotVerified,
  type DirectDebitProvider,
  type ProviderEvent,
} from "../src/modules/payments/provider";
import { PaymentProviderError } from "../src/modules/payments/provider-error";
import { startFakeGoCardless, type FakeGoCardless } from "./support/fake-gocardless";

const accessToken = "sandbox_KindredFakeGoCardlessToken0123456789";
const webhookSecret = "kindred-fake-gocardless-webhook-secret";

let fake: FakeGoCardless;
let goCardless: DirectDebitProvider;
beforeAll(async () => {
  fake = await startFakeGoCardless({ accessToken, webhookSecret });
  goCardless = createGoCardlessDirectDebitProvider({
    accessToken,
    webhookSecret,
    baseUrl: fake.baseUrl,
    timeoutMs: 5000,
  });
});
afterAll(() => fake.close());

let keys = 0;
const newKey = () => `direct-debit-attempt-${++keys}`;

// The scheme's own test account: it passes Vocalink's modulus check.
const accountNumber = "55779911";
function mandateFor(overrides: Partial<Parameters<DirectDebitProvider["createMandate"]>[0]> = {}) {
  return {
    bankAccount: { accountHolderName: "Margaret Hughes", sortCode: "20-00-00", accountNumber },
    customer: {
      givenName: "Margaret",
      familyName: "Hughes",
      email: "margaret.hughes@example.com",
      address: {
        line1: "12 Acacia Avenue",
        line2: "Bletchley",
        locality: "Milton Keynes",
        postcode: "MK9 2HP",
      },
    },
    // Each mandate's reference is its own at the bank (a plan's later ones add their number).
    reference: planReferenceFromRandomBytes(randomBytes(planReferenceRandomLength)),
    requestId: newKey(),
    ...overrides,
  };
}

async function mandateId(): Promise<string> {
  return (await goCardless.createMandate(mandateFor())).providerMandateId;
}

async function collection(providerMandateId: string, amountPence = 5_000): Promise<string> {
  const { providerPaymentId } = await goCardless.createCollection({
    providerMandateId,
    amountPence,
    chargeDate: "2027-01-15",
    description: "Kindred Funeral Plans: instalment 1 of 24",
    reference: "collection-1",
    idempotencyKey: newKey(),
  });
  return providerPaymentId;
}

/** Runs `call`, which must fail, and answers what it threw. */
async function failureOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

const since = (count: number) => fake.requests.slice(count);

describe("GoCardless mandates", () => {
  it("set up a customer, their bank account and a Bacs mandate under the plan's reference, and answer GoCardless's mandate id and reference", async () => {
    const input = mandateFor();
    const before = fake.requests.length;

    const mandate = await goCardless.createMandate(input);

    const [customer, bankAccount, created] = since(before);
    expect(customer).toMatchObject({ method: "POST", path: "/customers" });
    expect(customer?.body).toEqual({
      customers: {
        given_name: "Margaret",
        family_name: "Hughes",
        email: "margaret.hughes@example.com",
        address_line1: "12 Acacia Avenue",
        address_line2: "Bletchley",
        city: "Milton Keynes",
        postal_code: "MK9 2HP",
        country_code: "GB",
        metadata: { reference: input.reference },
      },
    });
    const customerId = [...fake.customers.values()].at(-1)?.id;
    expect(bankAccount).toMatchObject({ method: "POST", path: "/customer_bank_accounts" });
    expect(bankAccount?.body).toEqual({
      customer_bank_accounts: {
        account_holder_name: "Margaret Hughes",
        account_number: accountNumber,
        branch_code: "200000",
        country_code: "GB",
        links: { customer: customerId },
      },
    });
    const bankAccountId = [...fake.bankAccounts.values()].at(-1)?.id;
    expect(created).toMatchObject({ method: "POST", path: "/mandates" });
    expect(created?.body).toEqual({
      mandates: {
        scheme: "bacs",
        reference: input.reference,
        links: { customer_bank_account: bankAccountId },
        metadata: { reference: input.reference, request: input.requestId },
      },
    });
    const stored = fake.mandates.get(mandate.providerMandateId);
    expect(mandate).toEqual({ providerMandateId: stored?.id, reference: input.reference });
    expect(stored?.reference).toBe(input.reference);
    expect(mandate.providerMandateId).toMatch(/^MD/);
  });

  it("send every request with the token, GoCardless's API version and, for each thing made, an idempotency key of its own", async () => {
    const before = fake.requests.length;

    await goCardless.createMandate(mandateFor());

    const made = since(before);
    expect(made).toHaveLength(3);
    for (const request of made) {
      expect(request.headers.authorization).toBe(`Bearer ${accessToken}`);
      expect(request.headers["gocardless-version"]).toBe("2015-07-06");
      expect(request.headers["content-type"]).toBe("application/json");
    }
    const keysSent = made.map((request) => request.headers["idempotency-key"]);
    expect(new Set(keysSent).size).toBe(3);
    expect(keysSent.every((key) => typeof key === "string" && key.length > 0)).toBe(true);
  });

  it("set up one mandate however often the same one is retried", async () => {
    const input = mandateFor();
    const counts = () => [fake.customers.size, fake.bankAccounts.size, fake.mandates.size];
    const [customers, bankAccounts, mandates] = counts();

    const first = await goCardless.createMandate(input);
    const retried = await goCardless.createMandate(input);

    expect(retried).toEqual(first);
    expect(counts()).toEqual([customers! + 1, bankAccounts! + 1, mandates! + 1]);
  });

  it("carry on with the same customer when a mandate that stopped half way is tried again", async () => {
    const input = mandateFor();
    const customers = fake.customers.size;
    fake.failNext(
      500,
      { error: { type: "gocardless", code: 500, message: "Internal error", errors: [] } },
      {
        path: "/customer_bank_accounts",
      },
    );

    const failure = await failureOf(() => goCardless.createMandate(input));
    const mandate = await goCardless.createMandate(input);

    expect(failure).toMatchObject({ name: "PaymentProviderError", call: "createMandate", status: 500 });
    expect(fake.customers.size).toBe(customers + 1);
    expect(fake.mandates.get(mandate.providerMandateId)?.links.customer).toBe(
      [...fake.customers.values()].at(-1)?.id,
    );
  });

  it("find the mandate made for a request whose answer was lost, by our id in its metadata, and nothing for a request never made", async () => {
    const madeAfter = new Date(Date.now() - 60_000);
    const input = mandateFor();
    const made = await goCardless.createMandate(input);
    await goCardless.createMandate(mandateFor());
    const before = fake.requests.length;

    const found = await goCardless.findMandate(input.requestId, madeAfter);

    expect(found).toEqual({ providerMandateId: made.providerMandateId, status: "pending_submission" });
    const [listed] = since(before);
    expect(listed).toMatchObject({ method: "GET", path: "/mandates" });
    expect(listed?.query.get("created_at[gte]")).toBe(madeAfter.toISOString());
    expect(await goCardless.findMandate(newKey(), madeAfter)).toBeUndefined();
    // Made before the time asked about: not looked at.
    expect(await goCardless.findMandate(input.requestId, new Date(Date.now() + 60_000))).toBeUndefined();
  });

  it("cancel a mandate, and answer calmly when it is cancelled again", async () => {
    const id = await mandateId();
    const before = fake.requests.length;

    await goCardless.cancelMandate(id);
    await goCardless.cancelMandate(id);

    expect(fake.mandates.get(id)?.status).toBe("cancelled");
    expect(since(before)[0]).toMatchObject({ method: "POST", path: `/mandates/${id}/actions/cancel` });
  });
});

describe("GoCardless collections", () => {
  it("ask for one payment in pence and pounds sterling on the mandate, on the day, with our reference and description", async () => {
    const providerMandateId = await mandateId();
    const input = {
      providerMandateId,
      amountPence: 4_321,
      chargeDate: "2027-02-01",
      description: "Kindred Funeral Plans: instalment 2 of 24",
      reference: "collection-2",
      idempotencyKey: newKey(),
    };

    const { providerPaymentId } = await goCardless.createCollection(input);

    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: "POST", path: "/payments" });
    expect(request?.headers["idempotency-key"]).toBe(input.idempotencyKey);
    expect(request?.body).toEqual({
      payments: {
        amount: 4_321,
        currency: "GBP",
        charge_date: "2027-02-01",
        description: input.description,
        metadata: { reference: "collection-2" },
        links: { mandate: providerMandateId },
      },
    });
    expect(fake.payments.get(providerPaymentId)).toMatchObject({
      amount: 4_321,
      status: "pending_submission",
    });
  });

  it("ask for one payment however often the same collection is retried", async () => {
    const input = {
      providerMandateId: await mandateId(),
      amountPence: 5_000,
      chargeDate: "2027-03-01",
      description: "Kindred Funeral Plans: instalment 3 of 24",
      reference: "collection-3",
      idempotencyKey: newKey(),
    };
    const payments = fake.payments.size;

    const first = await goCardless.createCollection(input);
    const retried = await goCardless.createCollection(input);

    expect(retried).toEqual(first);
    expect(fake.payments.size).toBe(payments + 1);
  });

  it("once the mandate is cancelled: its collections are cancelled with it, a new one is refused, and one asked for again answers the one made", async () => {
    const input = {
      providerMandateId: await mandateId(),
      amountPence: 5_000,
      chargeDate: "2027-04-01",
      description: "Kindred Funeral Plans: instalment 4 of 24",
      reference: "collection-4",
      idempotencyKey: newKey(),
    };
    const made = await goCardless.createCollection(input);

    await goCardless.cancelMandate(input.providerMandateId);

    expect(await goCardless.lookUpCollection(made.providerPaymentId)).toMatchObject({ status: "cancelled" });
    expect(await goCardless.createCollection(input)).toEqual(made);
    expect(
      await failureOf(() => goCardless.createCollection({ ...input, idempotencyKey: newKey() })),
    ).toMatchObject({ name: "PaymentProviderError", call: "createCollection", code: "mandate_is_inactive" });
    expect(await goCardless.lookUpMandate(input.providerMandateId)).toEqual({ status: "cancelled" });
  });

  it("cancel a collection not yet taken, and answer calmly when it is cancelled again", async () => {
    const paymentId = await collection(await mandateId());

    await goCardless.cancelCollection(paymentId);
    await goCardless.cancelCollection(paymentId);

    expect(fake.payments.get(paymentId)?.status).toBe("cancelled");
    expect(
      fake.requests.filter((request) => request.path === `/payments/${paymentId}/actions/cancel`),
    ).toHaveLength(2);
  });

  it("say so when a collection has gone to the bank and can no longer be cancelled", async () => {
    const paymentId = await collection(await mandateId());
    fake.happen("payments", paymentId, "submitted");

    const failure = await failureOf(() => goCardless.cancelCollection(paymentId));

    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({ reason: "refused", status: 422, code: "cancellation_failed" });
    expect(fake.payments.get(paymentId)?.status).toBe("submitted");
  });

  it("refund a collected payment, confirming the payment's refunded total each time, and only once per key", async () => {
    const paymentId = await collection(await mandateId(), 5_000);
    fake.happen("payments", paymentId, "confirmed");
    const first = { providerPaymentId: paymentId, amountPence: 2_000, idempotencyKey: newKey() };

    await goCardless.refundCollection(first);
    await goCardless.refundCollection({
      providerPaymentId: paymentId,
      amountPence: 3_000,
      idempotencyKey: newKey(),
    });
    await goCardless.refundCollection(first);

    const made = [...fake.refunds.values()].filter((refund) => refund.links.payment === paymentId);
    expect(made.map((refund) => refund.amount)).toEqual([2_000, 3_000]);
    const sent = fake.requests.filter((request) => request.method === "POST" && request.path === "/refunds");
    expect(sent.slice(-2).map((request) => request.body)).toEqual([
      {
        refunds: {
          amount: 2_000,
          total_amount_confirmation: 2_000,
          metadata: { idempotency_key: first.idempotencyKey },
          links: { payment: paymentId },
        },
      },
      {
        refunds: expect.objectContaining({ amount: 3_000, total_amount_confirmation: 5_000 }),
      },
    ]);
  });

  it("say so when a payment not yet collected is refunded", async () => {
    const paymentId = await collection(await mandateId());

    const failure = await failureOf(() =>
      goCardless.refundCollection({
        providerPaymentId: paymentId,
        amountPence: 1_000,
        idempotencyKey: newKey(),
      }),
    );

    expect(failure).toMatchObject({
      name: "PaymentProviderError",
      reason: "refused",
      code: "refund_payment_invalid_state",
    });
  });
});

describe("GoCardless's record of a mandate or collection, for reconciliation", () => {
  it("read a new mandate as pending submission, asking GoCardless for it with the token and API version", async () => {
    const id = await mandateId();

    const record = await goCardless.lookUpMandate(id);

    expect(record).toEqual({ status: "pending_submission" });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: "GET", path: `/mandates/${id}`, rawBody: "" });
    expect(request?.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(request?.headers["gocardless-version"]).toBe("2015-07-06");
    expect(request?.headers["idempotency-key"]).toBeUndefined();
  });

  it("read a mandate gone to the bank as still pending submission, and as active once the bank has it", async () => {
    const id = await mandateId();

    fake.happen("mandates", id, "submitted");
    const submitted = await goCardless.lookUpMandate(id);
    fake.happen("mandates", id, "active");
    const active = await goCardless.lookUpMandate(id);

    expect([submitted, active]).toEqual([{ status: "pending_submission" }, { status: "active" }]);
  });

  it("read a mandate we cancelled as cancelled, and one ended at GoCardless as cancelled or failed", async () => {
    const ours = await mandateId();
    await goCardless.cancelMandate(ours);
    const ended = {
      cancelled: "cancelled",
      consumed: "cancelled",
      failed: "failed",
      expired: "failed",
      blocked: "failed",
    };
    const ids = await Promise.all(Object.keys(ended).map(() => mandateId()));
    Object.keys(ended).forEach((action, index) => fake.happen("mandates", ids[index]!, action));

    expect(await goCardless.lookUpMandate(ours)).toEqual({ status: "cancelled" });
    const read = await Promise.all(ids.map((id) => goCardless.lookUpMandate(id)));
    expect(read.map((record) => record.status)).toEqual(Object.values(ended));
  });

  it("read a new collection as scheduled, with nothing refunded", async () => {
    const paymentId = await collection(await mandateId());

    const record = await goCardless.lookUpCollection(paymentId);

    expect(record).toEqual({ status: "scheduled", refundedPence: 0 });
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/payments/${paymentId}` });
  });

  it("read a collection gone to the bank, collected, paid out, failed, charged back or refused by the customer", async () => {
    const mandate = await mandateId();
    const outcomes = {
      submitted: "submitted",
      confirmed: "collected",
      paid_out: "collected",
      failed: "failed",
      charged_back: "failed",
      customer_approval_denied: "failed",
    };
    const ids = await Promise.all(Object.keys(outcomes).map(() => collection(mandate)));
    Object.keys(outcomes).forEach((action, index) => fake.happen("payments", ids[index]!, action));

    const read = await Promise.all(ids.map((id) => goCardless.lookUpCollection(id)));

    expect(read).toEqual(Object.values(outcomes).map((status) => ({ status, refundedPence: 0 })));
  });

  it("read a collection we cancelled, or one cancelled with its mandate, as cancelled", async () => {
    const ours = await collection(await mandateId());
    await goCardless.cancelCollection(ours);
    const mandate = await mandateId();
    const withItsMandate = await collection(mandate);
    await goCardless.cancelMandate(mandate);

    expect(await goCardless.lookUpCollection(ours)).toEqual({ status: "cancelled", refundedPence: 0 });
    expect(await goCardless.lookUpCollection(withItsMandate)).toEqual({
      status: "cancelled",
      refundedPence: 0,
    });
  });

  it("read what has been refunded of a collected payment, in pence, as each refund is made", async () => {
    const paymentId = await collection(await mandateId(), 5_000);
    fake.happen("payments", paymentId, "confirmed");
    const refund = (amountPence: number) =>
      goCardless.refundCollection({ providerPaymentId: paymentId, amountPence, idempotencyKey: newKey() });

    await refund(2_000);
    const partly = await goCardless.lookUpCollection(paymentId);
    await refund(3_000);
    fake.happen("payments", paymentId, "paid_out");
    const wholly = await goCardless.lookUpCollection(paymentId);

    expect(partly).toEqual({ status: "collected", refundedPence: 2_000 });
    expect(wholly).toEqual({ status: "collected", refundedPence: 5_000 });
  });

  it("say so when the mandate or collection is not GoCardless's", async () => {
    const mandate = await failureOf(() => goCardless.lookUpMandate("MD000UNKNOWN"));
    const payment = await failureOf(() => goCardless.lookUpCollection("PM000UNKNOWN"));

    expect(mandate).toBeInstanceOf(PaymentProviderError);
    expect((mandate as Error).message).toBe("gocardless lookUpMandate: refused (404 resource_not_found)");
    expect(payment).toBeInstanceOf(PaymentProviderError);
    expect((payment as Error).message).toBe("gocardless lookUpCollection: refused (404 resource_not_found)");
  });

  it("do not guess at a status GoCardless has not documented for us, or a payment without its refunded total", async () => {
    const mandate = await mandateId();
    const paymentId = await collection(mandate);
    fake.failNext(
      200,
      { mandates: { id: mandate, status: "suspended_by_payer" } },
      { path: `/mandates/${mandate}` },
    );
    fake.failNext(
      200,
      { payments: { id: paymentId, status: "collected", amount_refunded: 0 } },
      { path: `/payments/${paymentId}` },
    );
    fake.failNext(
      200,
      { payments: { id: paymentId, status: "confirmed" } },
      { path: `/payments/${paymentId}` },
    );

    const failures = [
      await failureOf(() => goCardless.lookUpMandate(mandate)),
      await failureOf(() => goCardless.lookUpCollection(paymentId)),
      await failureOf(() => goCardless.lookUpCollection(paymentId)),
    ];

    expect(failures).toEqual([
      expect.objectContaining({ call: "lookUpMandate", reason: "unexpected answer" }),
      expect.objectContaining({ call: "lookUpCollection", reason: "unexpected answer" }),
      expect.objectContaining({ call: "lookUpCollection", reason: "unexpected answer" }),
    ]);
    for (const failure of failures) expect(failure).toBeInstanceOf(PaymentProviderError);
  });
});

describe("GoCardless when it is down or refuses", () => {
  it("surfaces a 500 at once, with GoCardless's request id", async () => {
    fake.failNext(500, {
      error: {
        type: "gocardless",
        code: 500,
        message: "Internal error",
        request_id: "RQ000KINDRED",
        errors: [],
      },
    });

    const failure = await failureOf(() => goCardless.cancelMandate("MD000UNKNOWN"));

    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({
      reason: "refused",
      status: 500,
      code: "gocardless",
      requestId: "RQ000KINDRED",
    });
  });

  it("gives up on a GoCardless that never answers once the timeout has passed", async () => {
    const impatient = createGoCardlessDirectDebitProvider({
      accessToken,
      webhookSecret,
      baseUrl: fake.baseUrl,
      timeoutMs: 300,
    });
    fake.hangNext();

    const failure = await failureOf(() => impatient.createMandate(mandateFor()));

    expect(failure).toMatchObject({
      name: "PaymentProviderError",
      call: "createMandate",
      reason: "timed out",
    });
  });

  it("says GoCardless is unreachable when nothing listens at its address", async () => {
    const closed = await startFakeGoCardless({ accessToken, webhookSecret });
    await closed.close();
    const nowhere = createGoCardlessDirectDebitProvider({
      accessToken,
      webhookSecret,
      baseUrl: closed.baseUrl,
      timeoutMs: 2000,
    });

    const failure = await failureOf(() => nowhere.cancelCollection("PM000UNKNOWN"));

    expect(failure).toMatchObject({ name: "PaymentProviderError", reason: "unreachable" });
  });

  it("does not take an answer in a shape GoCardless does not document for a payment", async () => {
    const mandate = await mandateId();
    fake.failNext(201, { payment: { id: "PM000KINDRED" } }, { path: "/payments" });

    const failure = await failureOf(() => collection(mandate));

    expect(failure).toMatchObject({
      name: "PaymentProviderError",
      call: "createCollection",
      reason: "unexpected answer",
    });
  });

  it("is refused with a wrong token", async () => {
    const wrongToken = createGoCardlessDirectDebitProvider({
      accessToken: "sandbox_SomebodyElsesToken",
      webhookSecret,
      baseUrl: fake.baseUrl,
      timeoutMs: 5000,
    });

    const failure = await failureOf(() => wrongToken.createMandate(mandateFor()));

    expect(failure).toMatchObject({ reason: "refused", status: 401, code: "access_token_not_found" });
  });

  it("sends the account number to GoCardless but never puts it, or the token, on an error", async () => {
    const wrongNumber = "1234";
    const before = fake.requests.length;

    const failure = await failureOf(() =>
      goCardless.createMandate(
        mandateFor({
          bankAccount: {
            accountHolderName: "Margaret Hughes",
            sortCode: "20-00-00",
            accountNumber: wrongNumber,
          },
        }),
      ),
    );

    expect(since(before).find((request) => request.path === "/customer_bank_accounts")?.rawBody).toContain(
      `"account_number":"${wrongNumber}"`,
    );
    expect(failure).toMatchObject({ reason: "refused", status: 422, code: "validation_failed" });
    const everything = [
      inspect(failure, { depth: 20, showHidden: true }),
      JSON.stringify(failure),
      String(failure),
    ].join("\n");
    expect(everything).toContain("createMandate");
    expect(everything).not.toContain(wrongNumber);
    expect(everything).not.toContain("Margaret");
    expect(everything).not.toContain(accessToken);
  });
});

describe("GoCardless's webhooks", () => {
  it("read mandates becoming active, failing, expiring and being cancelled, by GoCardless's event ids", async () => {
    const [active, failed, expired, cancelled] = await Promise.all([
      mandateId(),
      mandateId(),
      mandateId(),
      mandateId(),
    ]);
    const events = [
      fake.happen("mandates", active!, "active"),
      fake.happen("mandates", failed!, "failed", {
        cause: "invalid_bank_details",
        description: "The bank details are wrong.",
      }),
      fake.happen("mandates", expired!, "expired", { description: "No payment was taken for 13 months." }),
      fake.happen("mandates", cancelled!, "cancelled", {
        description: "The mandate was cancelled at the bank.",
      }),
    ];

    const read = await goCardless.parseWebhook(fake.webhook(...events));

    expect(read).toEqual([
      { eventId: events[0]!.id, kind: "mandate", providerMandateId: active, status: "active" },
      {
        eventId: events[1]!.id,
        kind: "mandate",
        providerMandateId: failed,
        status: "failed",
        reason: "The bank details are wrong.",
      },
      {
        eventId: events[2]!.id,
        kind: "mandate",
        providerMandateId: expired,
        status: "failed",
        reason: "No payment was taken for 13 months.",
      },
      {
        eventId: events[3]!.id,
        kind: "mandate",
        providerMandateId: cancelled,
        status: "cancelled",
        reason: "The mandate was cancelled at the bank.",
      },
    ]);
  });

  it("read a mandate the bank ends, and its payments to come cancelled with it (issue 46 item 1)", async () => {
    for (const how of ["bank_account_closed", "mandate_cancelled", "failed", "expired"] as const) {
      const mandate = await mandateId();
      const [first, second] = await Promise.all([collection(mandate), collection(mandate)]);
      fake.happen("payments", first!, "paid_out");

      const events = fake.endMandate(mandate, how);
      const read = await goCardless.parseWebhook(fake.webhook(...events));

      expect(read).toEqual([
        {
          eventId: events[0]!.id,
          kind: "mandate",
          providerMandateId: mandate,
          status: how === "failed" || how === "expired" ? "failed" : "cancelled",
          reason: events[0]!.details.description,
        },
        {
          eventId: events[1]!.id,
          kind: "collection",
          providerPaymentId: second,
          status: "cancelled",
          reason: "The mandate for this payment was cancelled.",
        },
      ]);
      // As GoCardless holds them, for reconciliation: the mandate ended, the payment taken stays taken.
      expect((await goCardless.lookUpMandate(mandate)).status).toBe(
        how === "failed" || how === "expired" ? "failed" : "cancelled",
      );
      expect((await goCardless.lookUpCollection(first!)).status).toBe("collected");
      expect((await goCardless.lookUpCollection(second!)).status).toBe("cancelled");
    }
  });

  it("read a collection going to the bank, being collected, paid out, failing, charged back and cancelled", async () => {
    const mandate = await mandateId();
    const [submitted, confirmed, paidOut, failed, chargedBack, cancelled] = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => collection(mandate)),
    );
    const events = [
      fake.happen("payments", submitted!, "submitted"),
      fake.happen("payments", confirmed!, "confirmed"),
      fake.happen("payments", paidOut!, "paid_out"),
      fake.happen("payments", failed!, "failed", {
        cause: "insufficient_funds",
        description: "The customer's account had insufficient funds to make this payment.",
      }),
      fake.happen("payments", chargedBack!, "charged_back", {
        description: "The customer asked their bank for the money back.",
      }),
      fake.happen("payments", cancelled!, "cancelled", { description: "Payment cancelled." }),
    ];

    const read = await goCardless.parseWebhook(fake.webhook(...events));

    expect(
      read.map((event) => [
        event.kind,
        "providerPaymentId" in event && event.providerPaymentId,
        event.status,
        event.reason,
      ]),
    ).toEqual([
      ["collection", submitted, "submitted", undefined],
      ["collection", confirmed, "collected", undefined],
      ["collection", paidOut, "collected", undefined],
      ["collection", failed, "failed", "The customer's account had insufficient funds to make this payment."],
      ["collection", chargedBack, "failed", "The customer asked their bank for the money back."],
      ["collection", cancelled, "cancelled", "Payment cancelled."],
    ]);
    expect(read.map((event) => event.eventId)).toEqual(events.map((event) => event.id));
  });

  it("read a refund paid to the customer as its collection refunded, finding the payment from the refund", async () => {
    const paymentId = await collection(await mandateId());
    fake.happen("payments", paymentId, "confirmed");
    await goCardless.refundCollection({
      providerPaymentId: paymentId,
      amountPence: 5_000,
      idempotencyKey: newKey(),
    });
    const refundId = [...fake.refunds.values()].at(-1)!.id;
    const paid = fake.happen("refunds", refundId, "paid");
    expect(paid.links).toEqual({ refund: refundId });

    const read = await goCardless.parseWebhook(fake.webhook(paid));

    expect(read).toEqual([
      { eventId: paid.id, kind: "collection", providerPaymentId: paymentId, status: "refunded" },
    ]);
  });

  it("read a refund that failed, bounced or had its funds returned as its collection's refund failed, with the reason (issue 46 item 3)", async () => {
    const paymentId = await collection(await mandateId());
    fake.happen("payments", paymentId, "confirmed");
    const read: ProviderEvent[] = [];
    for (const action of ["failed", "bounced", "funds_returned"]) {
      await goCardless.refundCollection({
        providerPaymentId: paymentId,
        amountPence: 1_000,
        idempotencyKey: newKey(),
      });
      const refundId = [...fake.refunds.values()].at(-1)!.id;
      const event = fake.happen("refunds", refundId, action, {
        origin: "bank",
        description: "The customer's bank account was closed.",
      });
      read.push(...(await goCardless.parseWebhook(fake.webhook(event))));
    }

    expect(read).toEqual(
      Array.from({ length: 3 }, () => ({
        eventId: expect.any(String),
        kind: "collection",
        providerPaymentId: paymentId,
        status: "refund_failed",
        reason: "The customer's bank account was closed.",
      })),
    );
    // None of them gave anything back.
    expect((await goCardless.lookUpCollection(paymentId)).refundedPence).toBe(0);
  });

  it("ignore events we do not act on: a mandate submitted, a payment created, a refund created, a payout paid", async () => {
    const mandate = await mandateId();
    const paymentId = await collection(mandate);
    fake.happen("payments", paymentId, "confirmed");
    await goCardless.refundCollection({
      providerPaymentId: paymentId,
      amountPence: 100,
      idempotencyKey: newKey(),
    });
    const refundId = [...fake.refunds.values()].at(-1)!.id;
    const payout = {
      id: "EV000PAYOUT",
      created_at: new Date().toISOString(),
      resource_type: "payouts",
      action: "paid",
      details: { origin: "gocardless", cause: "payout_paid", description: "Payout sent" },
      metadata: {},
      links: { payout: "PO000KINDRED" },
    };

    const read = await goCardless.parseWebhook(
      fake.webhook(
        fake.happen("mandates", mandate, "submitted"),
        fake.happen("payments", paymentId, "created"),
        fake.happen("refunds", refundId, "created"),
        payout,
      ),
    );

    expect(read).toEqual([]);
  });

  it("refuse a body signed with another secret", async () => {
    const { rawBody } = fake.webhook(fake.happen("mandates", await mandateId(), "active"));

    await expect(
      goCardless.parseWebhook({
        rawBody,
        headers: { "webhook-signature": fake.sign(rawBody, "not-our-secret") },
      }),
    ).rejects.toBeInstanceOf(WebhookNotVerified);
  });

  it("refuse a signed body that was altered on the way", async () => {
    const webhook = fake.webhook(fake.happen("mandates", await mandateId(), "cancelled"));
    const altered = webhook.rawBody.replace('"action":"cancelled"', '"action":"active"');
    expect(altered).not.toBe(webhook.rawBody);

    await expect(goCardless.parseWebhook({ ...webhook, rawBody: altered })).rejects.toBeInstanceOf(
      WebhookNotVerified,
    );
  });

  it("refuse a body with no signature, or one that is not a hex HMAC", async () => {
    const { rawBody } = fake.webhook(fake.happen("mandates", await mandateId(), "active"));

    await expect(goCardless.parseWebhook({ rawBody, headers: {} })).rejects.toBeInstanceOf(
      WebhookNotVerified,
    );
    await expect(
      goCardless.parseWebhook({ rawBody, headers: { "webhook-signature": "not hex at all" } }),
    ).rejects.toBeInstanceOf(WebhookNotVerified);
  });

  it("refuse a correctly signed body that is not GoCardless's events as not understood", async () => {
    for (const rawBody of ["this is not JSON", "null", JSON.stringify({ payments: [] })]) {
      await expect(
        goCardless.parseWebhook({ rawBody, headers: { "Webhook-Signature": fake.sign(rawBody) } }),
      ).rejects.toBeInstanceOf(WebhookNotUnderstood);
    }
  });
});
