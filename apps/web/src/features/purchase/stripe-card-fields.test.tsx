import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PaymentResponse } from "@kindred/contracts";
import { makeQueryClient } from "../../lib/query-provider";
import { fakeFetch, jsonResponse, tokenResponse, type RecordedRequest } from "../../test/fake-fetch";
import { createPayment, testPlanId } from "../../test/payments-factory";
import { CardPayment } from "./card-payment";

/**
 * Paying through Stripe's card fields, with Stripe.js standing in: the real one loads only from
 * js.stripe.com. What is checked is what the page asks of Stripe and what the person sees.
 */
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  submit: vi.fn(),
  confirmPayment: vi.fn(),
  elementsOptions: [] as unknown[],
}));

vi.mock("@stripe/stripe-js", () => ({ loadStripe: stripe.loadStripe }));
vi.mock("@stripe/react-stripe-js", () => {
  const elements = { submit: stripe.submit };
  const client = { confirmPayment: stripe.confirmPayment };
  return {
    Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
      stripe.elementsOptions.push(options);
      return children;
    },
    PaymentElement: () => <div data-testid="stripe-payment-element" />,
    useStripe: () => client,
    useElements: () => elements,
  };
});

const publishableKey = "pk_test_51KindredCardFields0123";
const stripePayment = (overrides: Partial<PaymentResponse> = {}) =>
  createPayment({
    provider: "stripe",
    providerPaymentId: "pi_3Kindred0001",
    clientSecret: "pi_3Kindred0001_secret_abc",
    ...overrides,
  });

/** The API with Stripe taking cards; each payment asked about answers the next status in turn. */
function fakeStripeApi(statuses: PaymentResponse["status"][] = ["confirmed"], key = publishableKey) {
  let polls = 0;
  return fakeFetch(async (request) => {
    if (request.url === "/token") return tokenResponse("customer-token");
    if (request.url === "/api/payments/card-fields") {
      return jsonResponse({ provider: "stripe", publishableKey: key });
    }
    if (request.url === "/api/payments/create") return jsonResponse(stripePayment(), 201);
    if (request.url.startsWith("/api/payments/")) {
      const status = statuses[Math.min(polls, statuses.length - 1)]!;
      polls += 1;
      return jsonResponse(stripePayment({ status, completed: status === "confirmed" }));
    }
    return jsonResponse({ violations: [{ propertyPath: "Request", title: "Not found" }] }, 404);
  });
}

function renderCardPayment() {
  const onPaid = vi.fn();
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <CardPayment planId={testPlanId} paymentOption="full" amount={412_345} onPaid={onPaid} />
    </QueryClientProvider>,
  );
  return { onPaid };
}

const creates = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url === "/api/payments/create");

beforeEach(() => {
  stripe.loadStripe.mockReset().mockResolvedValue({ confirmPayment: stripe.confirmPayment });
  stripe.submit.mockReset().mockResolvedValue({});
  stripe.confirmPayment.mockReset().mockResolvedValue({ paymentIntent: { status: "processing" } });
  stripe.elementsOptions.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("CardPayment with Stripe's card fields", () => {
  it("shows Stripe's fields for the amount in pounds, cards only, and no test card page", async () => {
    fakeStripeApi();
    renderCardPayment();

    expect(await screen.findByTestId("stripe-payment-element")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Card details" })).toBeInTheDocument();
    expect(screen.queryByText(/Test payments/)).not.toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith(publishableKey);
    expect(stripe.elementsOptions.at(-1)).toMatchObject({
      mode: "payment",
      amount: 412_345,
      currency: "gbp",
      allowedPaymentMethodTypes: ["card"],
      locale: "en-GB",
    });
  });

  it("checks Stripe's fields, opens the payment with a key, confirms it with its client secret, and goes on once paid", async () => {
    const user = userEvent.setup();
    const requests = fakeStripeApi(["pending", "confirmed"]);
    const { onPaid } = renderCardPayment();
    await screen.findByTestId("stripe-payment-element");

    await user.dblClick(screen.getByRole("button", { name: "Pay £4,123.45" }));

    expect(await screen.findByRole("dialog", { name: "Taking your payment" })).toBeInTheDocument();
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(creates(requests)).toHaveLength(1);
    expect(creates(requests)[0]?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(stripe.submit.mock.invocationCallOrder[0]).toBeLessThan(
      stripe.confirmPayment.mock.invocationCallOrder[0]!,
    );
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: "pi_3Kindred0001_secret_abc", redirect: "if_required" }),
    );
  });

  it("opens no payment while Stripe's fields say the card details are incomplete", async () => {
    const user = userEvent.setup();
    stripe.submit.mockResolvedValue({
      error: { type: "validation_error", message: "Your card number is incomplete." },
    });
    const requests = fakeStripeApi();
    renderCardPayment();
    await screen.findByTestId("stripe-payment-element");

    await user.click(screen.getByRole("button", { name: "Pay £4,123.45" }));

    await waitFor(() => expect(stripe.submit).toHaveBeenCalled());
    expect(creates(requests)).toEqual([]);
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it("says plainly, in Stripe's words, that a declined card took no money", async () => {
    const user = userEvent.setup();
    stripe.confirmPayment.mockResolvedValue({
      error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
    });
    fakeStripeApi(["failed"]);
    renderCardPayment();
    await screen.findByTestId("stripe-payment-element");

    await user.click(screen.getByRole("button", { name: "Pay £4,123.45" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Your payment did not go through");
    expect(alert).toHaveTextContent("Your card was declined.");
  });

  it("says so, and offers the phone, when Stripe.js cannot be loaded", async () => {
    stripe.loadStripe.mockRejectedValue(new Error("Failed to load Stripe.js"));
    fakeStripeApi(["confirmed"], "pk_test_51KindredUnreachable0123");
    renderCardPayment();

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Our card payment fields could not be loaded");
    expect(alert).toHaveTextContent(/call us/i);
  });
});
