import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  WebhookNotUnderstood,
  WebhookNotVerified,
  type CardPaymentProvider,
} from "../src/modules/payments/provider";
import { PaymentProviderError } from "../src/modules/payments/provider-error";
import { createStripeCardProvider } from "../src/modules/payments/stripe-provider";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";

const secretKey = "sk_test_51KindredFakeStripeKey0123456789";
const webhookSecret = "whsec_KindredFakeStripeWebhookSecret0123";

let fake: FakeStripe;
let stripe: CardPaymentProvider;
beforeAll(async () => {
  fake = await startFakeStripe({ secretKey, webhookSecret });
  stripe = createStripeCardProvider({ secretKey, webhookSecret, baseUrl: fake.baseUrl, timeoutMs: 5000 });
});
afterAll(() => fake.close());

let keys = 0;
const newKey = () => `payment-attempt-${++keys}`;

function deposit(overrides: Partial<Parameters<CardPaymentProvider["createPayment"]>[0]> = {}) {
  return {
    amountPence: 49_500,
    description: "Kindred Funeral Plans: deposit for plan KFP-1001",
    reference: "9b0f2c4e-payment-1001",
    idempotencyKey: newKey(),
    ...overrides,
  };
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

describe("Stripe card payments", () => {
  it("opens a card-only PaymentIntent in pence and pounds sterling, with our reference, and answers its id and client secret", async () => {
    const input = deposit();

    const payment = await stripe.createPayment(input);

    const request = fake.requests.at(-1);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/payment_intents");
    expect(request?.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(request?.headers["idempotency-key"]).toBe(input.idempotencyKey);
    // The API version the SDK was written for, so Stripe answers in the shape its types describe.
    expect(request?.headers["stripe-version"]).toMatch(/^\d{4}-\d{2}-\d{2}\.\w+$/);
    expect(request?.params).toMatchObject({
      amount: "49500",
      currency: "gbp",
      description: input.description,
      metadata: { reference: input.reference },
      allowed_payment_method_types: ["card"],
    });
    const created = fake.paymentIntents.get(payment.providerPaymentId);
    expect(payment).toEqual({ providerPaymentId: created?.id, clientSecret: created?.client_secret });
    expect(payment.providerPaymentId).toMatch(/^pi_/);
  });

  it("opens one PaymentIntent however often the same payment is retried, and a new one for a new key", async () => {
    const input = deposit();
    const before = fake.paymentIntents.size;

    const first = await stripe.createPayment(input);
    const retried = await stripe.createPayment(input);
    const another = await stripe.createPayment({ ...input, idempotencyKey: newKey() });

    expect(retried).toEqual(first);
    expect(another.providerPaymentId).not.toBe(first.providerPaymentId);
    expect(fake.paymentIntents.size).toBe(before + 2);
  });

  it("refuses a retry that changes the amount rather than charging the new one", async () => {
    const input = deposit();
    await stripe.createPayment(input);

    const failure = await failureOf(() => stripe.createPayment({ ...input, amountPence: 99_00 }));

    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({ reason: "refused", status: 400, code: "idempotency_error" });
  });

  it("refunds a taken payment once, however often the refund is retried", async () => {
    const payment = await stripe.createPayment(deposit());
    fake.succeed(payment.providerPaymentId);
    const refund = {
      providerPaymentId: payment.providerPaymentId,
      amountPence: 49_500,
      idempotencyKey: newKey(),
    };

    await stripe.refundPayment(refund);
    await stripe.refundPayment(refund);

    const made = [...fake.refunds.values()].filter(
      (each) => each.payment_intent === payment.providerPaymentId,
    );
    expect(made).toEqual([expect.objectContaining({ amount: 49_500, status: "succeeded" })]);
    expect(fake.requests.at(-1)?.params).toEqual({
      payment_intent: payment.providerPaymentId,
      amount: "49500",
    });
    expect(fake.requests.at(-1)?.headers["idempotency-key"]).toBe(refund.idempotencyKey);
  });

  it("says why Stripe refused a refund, by its code, and carries nothing else Stripe said", async () => {
    const payment = await stripe.createPayment(deposit());
    fake.succeed(payment.providerPaymentId);

    const failure = await failureOf(() =>
      stripe.refundPayment({
        providerPaymentId: payment.providerPaymentId,
        amountPence: 60_000,
        idempotencyKey: newKey(),
      }),
    );

    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect((failure as Error).message).toBe("stripe refundPayment: refused (400 amount_too_large)");
    expect(JSON.stringify(failure)).not.toContain("unrefunded amount");
  });

  it("cancels an open PaymentIntent as abandoned, so the card fields can no longer finish it", async () => {
    const payment = await stripe.createPayment(deposit());
    const webhooksBefore = fake.webhooks.length;

    await stripe.cancelPayment(payment.providerPaymentId);

    const request = fake.requests.at(-1);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe(`/v1/payment_intents/${payment.providerPaymentId}/cancel`);
    expect(request?.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(request?.params).toEqual({ cancellation_reason: "abandoned" });
    expect(fake.paymentIntents.get(payment.providerPaymentId)).toMatchObject({
      status: "canceled",
      cancellation_reason: "abandoned",
      canceled_at: expect.any(Number) as number,
    });
    // What became of it arrives as Stripe's event, as for every other change.
    expect(fake.webhooks.length).toBe(webhooksBefore + 1);
    expect(JSON.parse(fake.webhooks.at(-1)!.rawBody)).toMatchObject({
      type: "payment_intent.canceled",
      data: { object: { id: payment.providerPaymentId, status: "canceled" } },
    });
    expect(() => fake.succeed(payment.providerPaymentId)).toThrow(/canceled/);
  });

  it("cancels a payment waiting for the customer's 3-D Secure too", async () => {
    const payment = await stripe.createPayment(deposit());
    fake.requireAction(payment.providerPaymentId);

    await stripe.cancelPayment(payment.providerPaymentId);

    expect(fake.paymentIntents.get(payment.providerPaymentId)?.status).toBe("canceled");
  });

  it("leaves a payment already taken as it is, without an error, when asked to cancel it", async () => {
    const payment = await stripe.createPayment(deposit());
    fake.succeed(payment.providerPaymentId);
    const webhooksBefore = fake.webhooks.length;

    await expect(stripe.cancelPayment(payment.providerPaymentId)).resolves.toBeUndefined();

    // Stripe was asked, and refused with `payment_intent_unexpected_state`: the intent stays taken.
    expect(fake.requests.at(-1)?.path).toBe(`/v1/payment_intents/${payment.providerPaymentId}/cancel`);
    expect(fake.paymentIntents.get(payment.providerPaymentId)).toMatchObject({
      status: "succeeded",
      cancellation_reason: null,
      canceled_at: null,
    });
    expect(fake.webhooks.length).toBe(webhooksBefore);
  });

  it("cancels a payment once however often it is asked", async () => {
    const payment = await stripe.createPayment(deposit());
    await stripe.cancelPayment(payment.providerPaymentId);
    const webhooksBefore = fake.webhooks.length;

    await expect(stripe.cancelPayment(payment.providerPaymentId)).resolves.toBeUndefined();

    expect(fake.paymentIntents.get(payment.providerPaymentId)?.status).toBe("canceled");
    expect(fake.webhooks.length).toBe(webhooksBefore);
  });

  it("says so when the payment to cancel is not Stripe's", async () => {
    const failure = await failureOf(() => stripe.cancelPayment("pi_NotOneOfOurs0000000000"));

    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect((failure as Error).message).toBe("stripe cancelPayment: refused (404 resource_missing)");
  });

  it("is refused, not answered, with a wrong secret key", async () => {
    const wrongKey = createStripeCardProvider({
      secretKey: "sk_test_51SomebodyElsesKey000000000",
      webhookSecret,
      baseUrl: fake.baseUrl,
      timeoutMs: 5000,
    });

    const failure = await failureOf(() => wrongKey.createPayment(deposit()));

    expect(failure).toMatchObject({ name: "PaymentProviderError", reason: "refused", status: 401 });
  });
});

describe("Stripe's record of a payment, for reconciliation", () => {
  async function openPayment() {
    return (await stripe.createPayment(deposit())).providerPaymentId;
  }

  it("reads a payment not yet tried as pending, with nothing refunded, asking Stripe for the intent and its latest charge", async () => {
    const paymentId = await openPayment();

    const record = await stripe.lookUpPayment(paymentId);

    expect(record).toEqual({ status: "pending", refundedPence: 0 });
    const request = fake.requests.at(-1);
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe(`/v1/payment_intents/${paymentId}`);
    expect(request?.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(request?.params).toEqual({ expand: ["latest_charge"] });
    expect(request?.rawBody).toBe("");
  });

  it("reads a taken payment as confirmed", async () => {
    const paymentId = await openPayment();
    fake.succeed(paymentId);

    expect(await stripe.lookUpPayment(paymentId)).toEqual({ status: "confirmed", refundedPence: 0 });
  });

  it("reads a declined card as failed, though Stripe keeps the payment open for another card", async () => {
    const paymentId = await openPayment();
    fake.decline(paymentId, "Your card was declined.");

    expect(fake.paymentIntents.get(paymentId)?.status).toBe("requires_payment_method");
    expect(await stripe.lookUpPayment(paymentId)).toEqual({ status: "failed", refundedPence: 0 });
  });

  it("reads a card waiting for 3-D Secure as requires_action, and one Stripe is still processing as pending", async () => {
    const waiting = await openPayment();
    fake.requireAction(waiting);
    const processing = await openPayment();
    fake.startProcessing(processing);

    expect(await stripe.lookUpPayment(waiting)).toEqual({ status: "requires_action", refundedPence: 0 });
    expect(await stripe.lookUpPayment(processing)).toEqual({ status: "pending", refundedPence: 0 });
  });

  it("reads a payment as cancelled, whether we cancelled it or someone did in Stripe", async () => {
    const ours = await openPayment();
    await stripe.cancelPayment(ours);
    const theirs = await openPayment();
    fake.cancel(theirs);

    expect(await stripe.lookUpPayment(ours)).toEqual({ status: "cancelled", refundedPence: 0 });
    expect(await stripe.lookUpPayment(theirs)).toEqual({ status: "cancelled", refundedPence: 0 });
  });

  it("reads what has been refunded of a taken payment from its charge, in pence, as each refund is made", async () => {
    const paymentId = await openPayment();
    fake.succeed(paymentId);
    const refund = (amountPence: number) =>
      stripe.refundPayment({ providerPaymentId: paymentId, amountPence, idempotencyKey: newKey() });

    await refund(10_000);
    const partly = await stripe.lookUpPayment(paymentId);
    await refund(39_500);
    const wholly = await stripe.lookUpPayment(paymentId);

    expect(partly).toEqual({ status: "confirmed", refundedPence: 10_000 });
    expect(wholly).toEqual({ status: "confirmed", refundedPence: 49_500 });
    const charge = fake.charges.get(fake.paymentIntents.get(paymentId)!.latest_charge!);
    expect(charge).toMatchObject({ amount_refunded: 49_500, refunded: true });
  });

  it("says so when the payment is not Stripe's", async () => {
    const failure = await failureOf(() => stripe.lookUpPayment("pi_NotOneOfOurs0000000000"));

    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({ call: "lookUpPayment", reason: "refused", status: 404 });
    expect((failure as Error).message).toBe("stripe lookUpPayment: refused (404 resource_missing)");
  });

  it("does not guess at a status Stripe has not documented, or a charge it did not expand", async () => {
    const paymentId = await openPayment();
    fake.succeed(paymentId);
    const intent = fake.paymentIntents.get(paymentId)!;
    fake.failNext(200, { ...intent, latest_charge: null, status: "requires_reauthorization" });
    fake.failNext(200, intent);

    const unknownStatus = await failureOf(() => stripe.lookUpPayment(paymentId));
    const chargeNotExpanded = await failureOf(() => stripe.lookUpPayment(paymentId));

    for (const failure of [unknownStatus, chargeNotExpanded]) {
      expect(failure).toBeInstanceOf(PaymentProviderError);
      expect(failure).toMatchObject({ call: "lookUpPayment", reason: "unexpected answer" });
    }
  });
});

describe("Stripe's answers when it is down", () => {
  it("surfaces a 500 at once, trying only once, and the same payment can be tried again with its key", async () => {
    const input = deposit();
    fake.failNext(500, { error: { type: "api_error", message: "An unknown error occurred" } });
    const requestsBefore = fake.requests.length;

    const failure = await failureOf(() => stripe.createPayment(input));

    expect(failure).toMatchObject({
      name: "PaymentProviderError",
      reason: "refused",
      status: 500,
      code: "api_error",
    });
    expect(fake.requests.length).toBe(requestsBefore + 1);
    const payment = await stripe.createPayment(input);
    expect(fake.paymentIntents.has(payment.providerPaymentId)).toBe(true);
  });

  it("surfaces a 500 when cancelling, carrying nothing Stripe said, and leaves the payment open to cancel again", async () => {
    const payment = await stripe.createPayment(deposit());
    fake.failNext(500, {
      error: { type: "api_error", message: "An unknown error occurred cancelling pi_Secret" },
    });

    const failure = await failureOf(() => stripe.cancelPayment(payment.providerPaymentId));

    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({
      call: "cancelPayment",
      reason: "refused",
      status: 500,
      code: "api_error",
    });
    expect((failure as Error).message).toBe("stripe cancelPayment: refused (500 api_error)");
    expect(JSON.stringify(failure)).not.toContain("unknown error");
    expect(JSON.stringify(failure)).not.toContain(secretKey);
    expect(fake.paymentIntents.get(payment.providerPaymentId)?.status).toBe("requires_payment_method");
    await stripe.cancelPayment(payment.providerPaymentId);
    expect(fake.paymentIntents.get(payment.providerPaymentId)?.status).toBe("canceled");
  });

  it("surfaces a 500 when looking a payment up, carrying nothing Stripe said", async () => {
    const payment = await stripe.createPayment(deposit());
    fake.failNext(500, {
      error: { type: "api_error", message: "An unknown error occurred reading pi_Secret" },
    });

    const failure = await failureOf(() => stripe.lookUpPayment(payment.providerPaymentId));

    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect((failure as Error).message).toBe("stripe lookUpPayment: refused (500 api_error)");
    expect(JSON.stringify(failure)).not.toContain("unknown error");
  });

  it("gives up on a Stripe that never answers once the timeout has passed", async () => {
    const impatient = createStripeCardProvider({
      secretKey,
      webhookSecret,
      baseUrl: fake.baseUrl,
      timeoutMs: 300,
    });
    fake.hangNext();
    const requestsBefore = fake.requests.length;

    const failure = await failureOf(() => impatient.createPayment(deposit()));

    expect(failure).toMatchObject({
      name: "PaymentProviderError",
      call: "createPayment",
      reason: "timed out",
    });
    expect(fake.requests.length).toBe(requestsBefore + 1);
  });

  it("says Stripe is unreachable when nothing listens at its address", async () => {
    const closed = await startFakeStripe({ secretKey, webhookSecret });
    await closed.close();
    const nowhere = createStripeCardProvider({
      secretKey,
      webhookSecret,
      baseUrl: closed.baseUrl,
      timeoutMs: 2000,
    });

    const failure = await failureOf(() => nowhere.createPayment(deposit()));

    expect(failure).toMatchObject({ name: "PaymentProviderError", reason: "unreachable" });
  });
});

describe("Stripe's webhooks", () => {
  async function openPayment() {
    return (await stripe.createPayment(deposit())).providerPaymentId;
  }
  const eventIdOf = (rawBody: string) => (JSON.parse(rawBody) as { id: string }).id;

  it("read a taken payment as confirmed, by Stripe's event id, and leave the charge's own event alone", async () => {
    const paymentId = await openPayment();

    const succeeded = fake.succeed(paymentId);
    const chargeSucceeded = fake.webhooks.at(-2)!;

    expect(await stripe.parseWebhook(succeeded)).toEqual([
      {
        eventId: eventIdOf(succeeded.rawBody),
        kind: "card_payment",
        providerPaymentId: paymentId,
        status: "confirmed",
      },
    ]);
    expect(JSON.parse(chargeSucceeded.rawBody)).toMatchObject({ type: "charge.succeeded" });
    expect(await stripe.parseWebhook(chargeSucceeded)).toEqual([]);
  });

  it("read a declined card as failed, with Stripe's reason", async () => {
    const paymentId = await openPayment();

    const declined = fake.decline(paymentId, "Your card has insufficient funds.");

    expect(await stripe.parseWebhook(declined)).toEqual([
      {
        eventId: eventIdOf(declined.rawBody),
        kind: "card_payment",
        providerPaymentId: paymentId,
        status: "failed",
        reason: "Your card has insufficient funds.",
      },
    ]);
  });

  it("read a card that needs the customer again (3-D Secure) as requires_action", async () => {
    const paymentId = await openPayment();

    const [event] = await stripe.parseWebhook(fake.requireAction(paymentId));

    expect(event).toMatchObject({
      kind: "card_payment",
      providerPaymentId: paymentId,
      status: "requires_action",
    });
  });

  it("read a cancelled payment as cancelled, whether we cancelled it or someone did in Stripe", async () => {
    const ours = await openPayment();
    await stripe.cancelPayment(ours);
    const cancelledByUs = fake.webhooks.at(-1)!;
    const theirs = await openPayment();
    const cancelledInStripe = fake.cancel(theirs);

    expect(JSON.parse(cancelledByUs.rawBody)).toMatchObject({ type: "payment_intent.canceled" });
    expect(await stripe.parseWebhook(cancelledByUs)).toEqual([
      {
        eventId: eventIdOf(cancelledByUs.rawBody),
        kind: "card_payment",
        providerPaymentId: ours,
        status: "cancelled",
      },
    ]);
    expect(await stripe.parseWebhook(cancelledInStripe)).toEqual([
      {
        eventId: eventIdOf(cancelledInStripe.rawBody),
        kind: "card_payment",
        providerPaymentId: theirs,
        status: "cancelled",
      },
    ]);
  });

  it("read a refunded charge as the payment refunded, and leave the refund's own event alone", async () => {
    const paymentId = await openPayment();
    fake.succeed(paymentId);
    await stripe.refundPayment({
      providerPaymentId: paymentId,
      amountPence: 10_000,
      idempotencyKey: newKey(),
    });

    const [refundCreated, chargeRefunded] = fake.webhooks.slice(-2);

    expect(JSON.parse(refundCreated!.rawBody)).toMatchObject({ type: "refund.created" });
    expect(await stripe.parseWebhook(refundCreated!)).toEqual([]);
    expect(await stripe.parseWebhook(chargeRefunded!)).toEqual([
      {
        eventId: eventIdOf(chargeRefunded!.rawBody),
        kind: "card_payment",
        providerPaymentId: paymentId,
        status: "refunded",
      },
    ]);
  });

  it("read a refund that failed after it was made as the payment's refund failed, with Stripe's reason, once (issue 46 item 3)", async () => {
    const paymentId = await openPayment();
    fake.succeed(paymentId);
    await stripe.refundPayment({
      providerPaymentId: paymentId,
      amountPence: 10_000,
      idempotencyKey: newKey(),
    });
    const [refund] = [...fake.refunds.values()].filter((each) => each.payment_intent === paymentId);

    const failed = fake.failRefund(refund!.id);
    const updated = fake.webhooks.at(-2)!;

    expect(await stripe.parseWebhook(failed)).toEqual([
      {
        eventId: eventIdOf(failed.rawBody),
        kind: "card_payment",
        providerPaymentId: paymentId,
        status: "refund_failed",
        reason: "expired_or_canceled_card",
      },
    ]);
    expect(JSON.parse(updated.rawBody)).toMatchObject({ type: "charge.refund.updated" });
    expect(await stripe.parseWebhook(updated)).toEqual([]);
    // What Stripe holds now: nothing refunded of the payment.
    expect(await stripe.lookUpPayment(paymentId)).toEqual({ status: "confirmed", refundedPence: 0 });
  });

  it("read a dispute opened, won and lost as the payment disputed, won back and charged back, and refuse a refund while it is disputed (issue 46 item 5)", async () => {
    const won = await openPayment();
    fake.succeed(won);
    const opened = fake.dispute(won);
    const withdrawn = fake.webhooks.at(-1)!;
    expect(await stripe.parseWebhook(opened)).toEqual([
      {
        eventId: eventIdOf(opened.rawBody),
        kind: "card_payment",
        providerPaymentId: won,
        status: "disputed",
      },
    ]);
    // The funds withdrawn say the same of the same dispute: read once.
    expect(JSON.parse(withdrawn.rawBody)).toMatchObject({ type: "charge.dispute.funds_withdrawn" });
    expect(await stripe.parseWebhook(withdrawn)).toEqual([]);
    await expect(
      stripe.refundPayment({ providerPaymentId: won, amountPence: 10_000, idempotencyKey: newKey() }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    const closedWon = fake.closeDispute(won, "won");
    expect(await stripe.parseWebhook(closedWon)).toEqual([
      {
        eventId: eventIdOf(closedWon.rawBody),
        kind: "card_payment",
        providerPaymentId: won,
        status: "dispute_won",
      },
    ]);

    const lost = await openPayment();
    fake.succeed(lost);
    fake.dispute(lost);
    const closedLost = fake.closeDispute(lost, "lost");
    expect(await stripe.parseWebhook(closedLost)).toEqual([
      {
        eventId: eventIdOf(closedLost.rawBody),
        kind: "card_payment",
        providerPaymentId: lost,
        status: "dispute_lost",
      },
    ]);
  });

  it("ignore event types we do not act on", async () => {
    const webhook = fake.deliver("customer.created", { id: "cus_Kindred", object: "customer" });

    expect(await stripe.parseWebhook(webhook)).toEqual([]);
  });

  it("refuse a body signed with another secret", async () => {
    const { rawBody } = fake.succeed(await openPayment());
    const forged = {
      rawBody,
      headers: { "stripe-signature": fake.sign(rawBody, { secret: "whsec_NotOurSecret" }) },
    };

    await expect(stripe.parseWebhook(forged)).rejects.toBeInstanceOf(WebhookNotVerified);
  });

  it("refuse a signed body that was altered on the way", async () => {
    const paymentId = await openPayment();
    const declined = fake.decline(paymentId, "Your card was declined.");
    const altered = declined.rawBody.replace('"payment_intent.payment_failed"', '"payment_intent.succeeded"');
    expect(altered).not.toBe(declined.rawBody);

    await expect(stripe.parseWebhook({ ...declined, rawBody: altered })).rejects.toBeInstanceOf(
      WebhookNotVerified,
    );
  });

  it("refuse a body with no signature, or a signature made long ago (a replay)", async () => {
    const { rawBody } = fake.succeed(await openPayment());
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;

    await expect(stripe.parseWebhook({ rawBody, headers: {} })).rejects.toBeInstanceOf(WebhookNotVerified);
    await expect(
      stripe.parseWebhook({
        rawBody,
        headers: { "stripe-signature": fake.sign(rawBody, { timestamp: tenMinutesAgo }) },
      }),
    ).rejects.toBeInstanceOf(WebhookNotVerified);
  });

  it("refuse a correctly signed body that is not an event as not understood", async () => {
    const rawBody = "this is not JSON";

    await expect(
      stripe.parseWebhook({ rawBody, headers: { "stripe-signature": fake.sign(rawBody) } }),
    ).rejects.toBeInstanceOf(WebhookNotUnderstood);
  });
});
