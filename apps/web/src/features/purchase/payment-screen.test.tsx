import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PaymentResponse, PlanPaymentsResponse } from "@kindred/contracts";
import { purchaseMessages } from "@kindred/domain";
import { makeQueryClient } from "../../lib/query-provider";
import { PurchasePlanContext } from "../../lib/purchase-plan";
import { fakeFetch, jsonResponse, tokenResponse, type RecordedRequest } from "../../test/fake-fetch";
import {
  createDirectDebit,
  createdDirectDebitAnswer,
  createPayment,
  depositChoicePayments,
  fullChoicePayments,
  testPaymentId,
  testPlanId,
} from "../../test/payments-factory";
import { PaymentScreen } from "./payment-screen";
import { router } from "../../test/fake-navigation";

type Answer = Response | Promise<Response>;

interface FakePaymentsApi {
  payments?: PlanPaymentsResponse;
  /** What the sandbox's card fields are told for each confirm, in turn. */
  confirmAnswers?: (() => Answer)[];
  authenticateAnswer?: () => Answer;
  /** What `GET /api/payments/{id}` answers, in turn (the last one repeats). */
  paymentStatuses?: PaymentResponse["status"][];
  verifyAnswer?: () => Answer;
  createDirectDebitAnswer?: () => Answer;
  /** How many times a declined payment is still answered pending, before its webhook arrives. */
  declinedClosesAfter?: number;
}

/** The API as the paying page sees it. Each payment opened gets its own id. */
function fakePaymentsApi({
  payments = fullChoicePayments(),
  confirmAnswers = [() => jsonResponse({ status: "processing", message: null })],
  authenticateAnswer = () => jsonResponse({ status: "processing", message: null }),
  paymentStatuses = ["confirmed"],
  verifyAnswer = () => jsonResponse({ valid: true, sortCode: "20-00-00", accountNumberEnding: "9911" }),
  createDirectDebitAnswer = () => jsonResponse(createdDirectDebitAnswer(), 201),
  declinedClosesAfter = 0,
}: FakePaymentsApi = {}): RecordedRequest[] {
  let opened = 0;
  let confirms = 0;
  let polls = 0;
  /** Payments the card fields were told are declined: the provider's webhook closes them as failed. */
  const declined = new Map<string, string>();
  const askedAboutDeclined = new Map<string, number>();
  const idOf = (number: number) => `${testPaymentId.slice(0, -1)}${number}`;
  const noteDeclined = async (path: string, answer: Response, reason: string) => {
    const { status } = (await answer.clone().json()) as { status?: string };
    const number = Number(/sandbox_pay_(\d+)/.exec(path)?.[1]);
    if (status === "declined") declined.set(idOf(number), reason);
    return answer;
  };
  return fakeFetch(async (request) => {
    const path = request.url;
    if (path === "/token") return tokenResponse("customer-token");
    if (path === `/api/plan/${testPlanId}/payments`) return jsonResponse(payments);
    if (path === "/api/payments/card-fields") return jsonResponse({ provider: "sandbox" });
    if (path === "/api/payments/create") {
      opened += 1;
      return jsonResponse(
        createPayment({
          id: idOf(opened),
          providerPaymentId: `sandbox_pay_${opened}`,
          paymentOption: payments.choice?.option ?? "full",
          amount: payments.schedule?.payNow ?? 0,
        }),
        201,
      );
    }
    if (/^\/api\/sandbox-provider\/card-payments\/[^/]+\/confirm$/.test(path)) {
      const answer = confirmAnswers[Math.min(confirms, confirmAnswers.length - 1)]!;
      confirms += 1;
      return noteDeclined(path, await answer(), "card_declined");
    }
    if (/^\/api\/sandbox-provider\/card-payments\/[^/]+\/authenticate$/.test(path)) {
      return noteDeclined(path, await authenticateAnswer(), "authentication_failed");
    }
    if (path.startsWith("/api/payments/")) {
      const id = path.slice("/api/payments/".length);
      const reason = declined.get(id);
      const asked = (askedAboutDeclined.get(id) ?? 0) + 1;
      if (reason) askedAboutDeclined.set(id, asked);
      const status = reason
        ? asked > declinedClosesAfter
          ? "failed"
          : "pending"
        : paymentStatuses[Math.min(polls, paymentStatuses.length - 1)]!;
      if (!reason) polls += 1;
      return jsonResponse(
        createPayment({
          id,
          status,
          completed: status === "confirmed",
          clientSecret: status === "confirmed" ? null : "sandbox_secret_0001",
          failureReason: reason ?? (status === "failed" ? "card_declined" : null),
        }),
      );
    }
    if (path === "/api/direct-debit-v2/verify") return verifyAnswer();
    if (path === "/api/direct-debit-v2/create") return createDirectDebitAnswer();
    return jsonResponse({ violations: [{ propertyPath: "Request", title: "Not found" }] }, 404);
  });
}

function renderScreen() {
  const queryClient = makeQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <PurchasePlanContext value={{ planId: testPlanId, signedIn: true }}>
        <PaymentScreen />
      </PurchasePlanContext>
    </QueryClientProvider>,
  );
  return { queryClient };
}

function sent(requests: RecordedRequest[], pattern: RegExp): RecordedRequest[] {
  return requests.filter((request) => pattern.test(request.url));
}

const creates = /^\/api\/payments\/create$/;
const confirms = /\/confirm$/;

async function typeCard(user: UserEvent, cardNumber = "4242 4242 4242 4242") {
  const cardPage = await screen.findByRole("region", { name: "Card details: test payment page" });
  await user.type(within(cardPage).getByRole("textbox", { name: /Card number/ }), cardNumber);
  await user.type(within(cardPage).getByRole("textbox", { name: /Expiry date/ }), "04/29");
  await user.type(within(cardPage).getByRole("textbox", { name: /Security code/ }), "123");
}

beforeEach(() => {
  router.push.mockReset();
  router.replace.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("PaymentScreen, paying in full by card", () => {
  it("sends one payment for a double click, with its Idempotency-Key, and goes on once the payment is confirmed", async () => {
    const user = userEvent.setup();
    const requests = fakePaymentsApi({ paymentStatuses: ["pending", "confirmed"] });
    renderScreen();

    expect(await screen.findByText(/Test payments: no real money is taken/)).toBeInTheDocument();
    await typeCard(user);
    const pay = screen.getByRole("button", { name: "Pay £4,123.45" });
    await user.dblClick(pay);

    expect(await screen.findByRole("dialog", { name: "Taking your payment" })).toBeInTheDocument();
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/purchase/complete?plan=${testPlanId}`));
    const opened = sent(requests, creates);
    expect(opened).toHaveLength(1);
    expect(JSON.parse(opened[0]?.body ?? "null")).toEqual({ planId: testPlanId, paymentOption: "full" });
    expect(opened[0]?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    const confirmed = sent(requests, confirms);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]?.url).toBe("/api/sandbox-provider/card-payments/sandbox_pay_1/confirm");
    expect(JSON.parse(confirmed[0]?.body ?? "null")).toEqual({
      clientSecret: "sandbox_secret_0001",
      cardNumber: "4242424242424242",
      expiry: "04/29",
      securityCode: "123",
    });
    // It asked again until the payment was confirmed.
    expect(sent(requests, /^\/api\/payments\/[0-9a-f-]{36}$/).length).toBeGreaterThanOrEqual(2);
  });

  it("marks Pay as busy while the payment is sent, and a press then does nothing", async () => {
    const user = userEvent.setup();
    let answerCreate: (response: Response) => void = () => {};
    const requests = fakePaymentsApi();
    const original = globalThis.fetch;
    vi.stubGlobal("fetch", (input: string | URL, init?: RequestInit) =>
      String(input) === "/api/payments/create"
        ? original(input, init).then(
            (response) =>
              new Promise<Response>((resolve) => {
                answerCreate = () => resolve(response);
              }),
          )
        : original(input, init),
    );
    renderScreen();
    await typeCard(user);

    await user.click(screen.getByRole("button", { name: "Pay £4,123.45" }));
    const busy = await screen.findByRole("button", { name: "Paying…" });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    fireEvent.submit(busy.closest("form")!);
    fireEvent.submit(busy.closest("form")!);
    answerCreate(new Response());

    await waitFor(() => expect(router.push).toHaveBeenCalled());
    expect(sent(requests, creates)).toHaveLength(1);
    expect(sent(requests, confirms)).toHaveLength(1);
  });

  it("says plainly that a declined card took no money, keeps what was typed, and a new attempt has a new key", async () => {
    const user = userEvent.setup();
    const requests = fakePaymentsApi({
      confirmAnswers: [
        () => jsonResponse({ status: "declined", message: purchaseMessages.cardDeclined }),
        () => jsonResponse({ status: "processing", message: null }),
      ],
    });
    renderScreen();
    await typeCard(user, "4000 0000 0000 0002");

    await user.click(screen.getByRole("button", { name: "Pay £4,123.45" }));

    const declined = await screen.findByRole("alert");
    expect(declined).toHaveTextContent("Your payment did not go through");
    expect(declined).toHaveTextContent(purchaseMessages.cardDeclined);
    expect(declined).toHaveTextContent(/try again/);
    expect(router.push).not.toHaveBeenCalled();
    const cardNumber = screen.getByRole("textbox", { name: /Card number/ });
    expect(cardNumber).toHaveValue("4000 0000 0000 0002");

    await user.clear(cardNumber);
    await user.type(cardNumber, "4242 4242 4242 4242");
    // Once the declined payment is closed, a new attempt may open another.
    await user.click(await screen.findByRole("button", { name: "Pay £4,123.45" }));

    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/purchase/complete?plan=${testPlanId}`));
    const keys = sent(requests, creates).map((request) => request.headers.get("idempotency-key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("opens no new payment until the declined one is closed, as the API keeps one live payment per plan", async () => {
    const user = userEvent.setup();
    const requests = fakePaymentsApi({
      confirmAnswers: [() => jsonResponse({ status: "declined", message: purchaseMessages.cardDeclined })],
      declinedClosesAfter: 1,
    });
    renderScreen();
    await typeCard(user, "4000 0000 0000 0002");

    await user.click(screen.getByRole("button", { name: "Pay £4,123.45" }));

    const wait = await screen.findByRole("button", { name: "Please wait…" });
    expect(wait).toHaveAttribute("aria-disabled", "true");
    fireEvent.submit(wait.closest("form")!);
    expect(await screen.findByRole("button", { name: "Pay £4,123.45" })).not.toHaveAttribute("aria-disabled");
    expect(sent(requests, creates)).toHaveLength(1);
  });

  it("says so when the payment fails after it was sent, as the provider tells the API later", async () => {
    const user = userEvent.setup();
    fakePaymentsApi({ paymentStatuses: ["pending", "failed"] });
    renderScreen();
    await typeCard(user);

    await user.click(screen.getByRole("button", { name: "Pay £4,123.45" }));

    const failed = await screen.findByRole("alert");
    expect(failed).toHaveTextContent(purchaseMessages.cardDeclined);
    expect(failed).not.toHaveTextContent("card_declined");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(router.push).not.toHaveBeenCalled();
  });

  it("asks for the bank's confirmation in a dialog, and pays once it is approved", async () => {
    const user = userEvent.setup();
    const requests = fakePaymentsApi({
      confirmAnswers: [() => jsonResponse({ status: "requires_action", message: null })],
    });
    renderScreen();
    await typeCard(user, "4000 0025 0000 3155");

    await user.click(screen.getByRole("button", { name: "Pay £4,123.45" }));
    const bank = await screen.findByRole("dialog", { name: "Confirm this payment with your bank" });
    expect(bank).toHaveTextContent("£4,123.45");
    await user.click(within(bank).getByRole("button", { name: "Approve" }));

    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/purchase/complete?plan=${testPlanId}`));
    const authenticated = sent(requests, /\/authenticate$/);
    expect(authenticated).toHaveLength(1);
    expect(JSON.parse(authenticated[0]?.body ?? "null")).toEqual({
      clientSecret: "sandbox_secret_0001",
      approve: true,
    });
  });

  it("says the bank did not confirm the payment when the person cancels the bank's step", async () => {
    const user = userEvent.setup();
    const requests = fakePaymentsApi({
      confirmAnswers: [() => jsonResponse({ status: "requires_action", message: null })],
      authenticateAnswer: () => jsonResponse({ status: "declined", message: null }),
    });
    renderScreen();
    await typeCard(user, "4000 0025 0000 3155");

    await user.click(screen.getByRole("button", { name: "Pay £4,123.45" }));
    const bank = await screen.findByRole("dialog", { name: "Confirm this payment with your bank" });
    await user.click(within(bank).getByRole("button", { name: "Cancel" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(purchaseMessages.cardNotConfirmed);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(JSON.parse(sent(requests, /\/authenticate$/)[0]?.body ?? "null")).toMatchObject({
      approve: false,
    });
    expect(router.push).not.toHaveBeenCalled();
  });

  it("puts the provider's word on a card field under it, and sends the same attempt again once corrected", async () => {
    const user = userEvent.setup();
    const requests = fakePaymentsApi({
      confirmAnswers: [
        () =>
          jsonResponse(
            { violations: [{ propertyPath: "expiry", title: purchaseMessages.cardExpiryNotValid }] },
            422,
          ),
        () => jsonResponse({ status: "processing", message: null }),
      ],
    });
    renderScreen();
    await typeCard(user);

    await user.click(screen.getByRole("button", { name: "Pay £4,123.45" }));

    const expiry = screen.getByRole("textbox", { name: /Expiry date/ });
    await waitFor(() =>
      expect(expiry).toHaveAccessibleDescription(/Error: Enter an expiry date in the future/),
    );
    expect(
      within(screen.getByRole("alert")).getByRole("link", {
        name: `Expiry date: ${purchaseMessages.cardExpiryNotValid}`,
      }),
    ).toBeInTheDocument();
    await user.clear(expiry);
    await user.type(expiry, "05/30");
    await user.click(screen.getByRole("button", { name: "Pay £4,123.45" }));

    await waitFor(() => expect(router.push).toHaveBeenCalled());
    expect(sent(requests, creates)).toHaveLength(1);
    expect(sent(requests, confirms)).toHaveLength(2);
  });

  it("asks for the card details before sending anything", async () => {
    const user = userEvent.setup();
    const requests = fakePaymentsApi();
    renderScreen();

    await user.click(await screen.findByRole("button", { name: "Pay £4,123.45" }));

    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent(purchaseMessages.cardNumberMissing);
    expect(summary).toHaveTextContent(purchaseMessages.cardExpiryMissing);
    expect(summary).toHaveTextContent(purchaseMessages.cardSecurityCodeMissing);
    expect(sent(requests, creates)).toEqual([]);
    expect(sent(requests, confirms)).toEqual([]);
  });

  it("never keeps the card details: not in storage, not in the query cache", async () => {
    const user = userEvent.setup();
    fakePaymentsApi();
    const { queryClient } = renderScreen();
    await typeCard(user);
    await user.click(screen.getByRole("button", { name: "Pay £4,123.45" }));
    await waitFor(() => expect(router.push).toHaveBeenCalled());

    const kept = JSON.stringify({
      local: { ...localStorage },
      session: { ...sessionStorage },
      queries: queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state),
      mutations: queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state),
    });
    expect(kept).not.toMatch(/4242/);
    expect(kept).not.toMatch(/04\/29/);
  });
});

describe("PaymentScreen, a deposit and monthly Direct Debit", () => {
  async function fillBankDetails(user: UserEvent, accountNumber: string) {
    await user.type(
      await screen.findByRole("textbox", { name: /Name of the account holder/ }),
      "Margaret Hughes",
    );
    await user.type(screen.getByRole("textbox", { name: /Sort code/ }), "20-00-00");
    await user.type(screen.getByRole("textbox", { name: /Account number/ }), accountNumber);
    await user.click(screen.getByRole("checkbox", { name: /I am the account holder/ }));
  }

  it("puts what the bank check says under the account number, keeps what was typed, and sets up nothing", async () => {
    const user = userEvent.setup();
    const requests = fakePaymentsApi({
      payments: depositChoicePayments(),
      verifyAnswer: () =>
        jsonResponse(
          { violations: [{ propertyPath: "accountNumber", title: purchaseMessages.bankDetailsCheckFailed }] },
          422,
        ),
    });
    renderScreen();
    // The card waits for the Direct Debit.
    expect(await screen.findByText(/Once your Direct Debit is set up/)).toBeInTheDocument();
    // What the Direct Debit will take, before it is set up (issue 50 item 6).
    expect(
      screen.getByText("12 monthly payments: £302, then 11 of £301.95, starting 15 June 2026"),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Pay/ })).not.toBeInTheDocument();

    await fillBankDetails(user, "12345678");
    await user.click(screen.getByRole("button", { name: "Set up Direct Debit" }));

    const accountNumber = screen.getByRole("textbox", { name: /Account number/ });
    await waitFor(() =>
      expect(accountNumber).toHaveAccessibleDescription(
        expect.stringContaining(purchaseMessages.bankDetailsCheckFailed),
      ),
    );
    expect(
      within(screen.getByRole("alert")).getByRole("link", {
        name: `Account number: ${purchaseMessages.bankDetailsCheckFailed}`,
      }),
    ).toBeInTheDocument();
    expect(accountNumber).toHaveValue("12345678");
    expect(screen.getByRole("textbox", { name: /Sort code/ })).toHaveValue("20-00-00");
    expect(sent(requests, /direct-debit-v2\/create$/)).toEqual([]);
  });

  it("checks the form's own rules first: the sole signatory's word is needed", async () => {
    const user = userEvent.setup();
    const requests = fakePaymentsApi({ payments: depositChoicePayments() });
    renderScreen();

    await user.type(
      await screen.findByRole("textbox", { name: /Name of the account holder/ }),
      "Margaret Hughes",
    );
    await user.type(screen.getByRole("textbox", { name: /Sort code/ }), "20-00-0");
    await user.type(screen.getByRole("textbox", { name: /Account number/ }), "55779911");
    await user.click(screen.getByRole("button", { name: "Set up Direct Debit" }));

    const summary = await screen.findByRole("alert");
    expect(within(summary).getByRole("link", { name: /^Sort code: / })).toBeInTheDocument();
    expect(
      within(summary).getByRole("link", { name: `Account holder: ${purchaseMessages.soleSignatoryNeeded}` }),
    ).toBeInTheDocument();
    expect(sent(requests, /direct-debit-v2/)).toEqual([]);
  });

  it("sets up the Direct Debit, shows only the last four digits, the advance notice and the Guarantee, then the deposit", async () => {
    const user = userEvent.setup();
    const requests = fakePaymentsApi({ payments: depositChoicePayments() });
    renderScreen();

    await fillBankDetails(user, "55779911");
    await user.click(screen.getByRole("button", { name: "Set up Direct Debit" }));

    expect(await screen.findByRole("heading", { name: "Your Direct Debit is set up" })).toBeInTheDocument();
    const created = sent(requests, /direct-debit-v2\/create$/);
    expect(created).toHaveLength(1);
    expect(created[0]?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(created[0]?.body ?? "null")).toEqual({
      planId: testPlanId,
      accountHolderName: "Margaret Hughes",
      sortCode: "20-00-00",
      accountNumber: "55779911",
      isSoleSignatory: true,
    });
    expect(sent(requests, /direct-debit-v2\/verify$/)).toHaveLength(1);
    expect(screen.getByText("Ending 9911")).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent("55779911");
    expect(screen.getByText(/Your first monthly payment of/)).toHaveTextContent(
      "Your first monthly payment of £302 will be collected on 15 June 2026. After that, £301.95 will be collected on the same day each month (or the next working day), 12 payments in all, the last on 15 May 2027.",
    );
    expect(screen.getByRole("region", { name: "The Direct Debit Guarantee" })).toHaveTextContent(
      /full and immediate refund/,
    );
    expect(screen.getByRole("button", { name: "Pay £500" })).toBeInTheDocument();
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toMatch(/55779911/);
  });

  it("goes straight to the deposit when the Direct Debit is already set up, the card first, then to the complete page", async () => {
    const user = userEvent.setup();
    const requests = fakePaymentsApi({
      payments: depositChoicePayments({
        state: "paying_by_instalments",
        paid: true,
        directDebit: createDirectDebit(),
        depositOwed: 50_000,
      }),
    });
    renderScreen();

    const pay = await screen.findByRole("button", { name: "Pay £500" });
    expect(screen.getByRole("heading", { level: 1, name: "Pay your deposit" })).toBeInTheDocument();
    // Back from the account (issue 25 item 1): paying the deposit comes before the Direct Debit's details.
    const card = screen.getByRole("heading", { name: "Pay your deposit by card" });
    const directDebit = screen.getByRole("heading", { name: "Your Direct Debit is set up" });
    expect(card.compareDocumentPosition(directDebit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText("Ending 9911")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: /Account number/ })).not.toBeInTheDocument();

    await typeCard(user);
    await user.click(pay);

    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/purchase/complete?plan=${testPlanId}`));
    const created = sent(requests, creates);
    expect(created).toHaveLength(1);
    expect(JSON.parse(created[0]?.body ?? "null")).toEqual({ planId: testPlanId, paymentOption: "deposit" });
    expect(sent(requests, /direct-debit-v2/)).toEqual([]);
  });
});

describe("PaymentScreen, once the Direct Debit ended (issue 46 item 1)", () => {
  function stopped(): PlanPaymentsResponse {
    const chosen = depositChoicePayments();
    return {
      ...chosen,
      state: "payments_stopped",
      paid: true,
      payments: [
        createPayment({ paymentOption: "deposit", amount: 50_000, status: "confirmed", completed: true }),
      ],
      directDebit: createDirectDebit({ status: "cancelled" }),
      paymentsStopped: {
        endedOn: "2026-09-14",
        paidSoFar: 140_000,
        restByCard: 260_000,
        newDirectDebit: {
          depositStillOwed: 0,
          instalments: [
            { number: 1, date: "2026-10-01", amount: 30_004 },
            { number: 2, date: "2026-11-01", amount: 30_000 },
            { number: 3, date: "2026-12-01", amount: 30_000 },
          ],
        },
      },
    };
  }

  it("carries on from what was paid: the rest by card, or a new Direct Debit for what is left, never the whole price", async () => {
    const user = userEvent.setup();
    const requests = fakePaymentsApi({ payments: stopped() });
    renderScreen();

    expect(
      await screen.findByRole("heading", { level: 1, name: "Carry on paying for your plan" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Your Direct Debit ended on 14 September 2026, so nothing more will be collected/),
    ).toHaveTextContent(
      "Your plan has not been cancelled. The £1,400 you have paid is kept towards it, and you do not need to start again.",
    );
    const newDirectDebit = screen.getByRole("region", { name: "Or set up a new Direct Debit" });
    expect(newDirectDebit).toHaveTextContent(
      "3 monthly payments collect what is left: £300.04 on 1 October 2026, then £300 on the same day each month, the last on 1 December 2026.",
    );
    expect(within(newDirectDebit).getByRole("textbox", { name: /Account number/ })).toBeInTheDocument();

    const byCard = screen.getByRole("region", { name: "Pay the rest by card" });
    expect(byCard).toHaveTextContent("Pay £2,600 by debit or credit card. This pays for your plan in full");
    await typeCard(user);
    await user.click(within(byCard).getByRole("button", { name: "Pay £2,600" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/purchase/complete?plan=${testPlanId}`));
    const opened = sent(requests, creates);
    expect(opened).toHaveLength(1);
    expect(JSON.parse(opened[0]?.body ?? "null")).toEqual({ planId: testPlanId, paymentOption: "full" });
  });
});

describe("PaymentScreen, before and after paying", () => {
  it("sends someone who has not chosen how to pay back to choose", async () => {
    fakePaymentsApi({ payments: fullChoicePayments({ choice: null, schedule: null }) });
    renderScreen();

    expect(await screen.findByRole("link", { name: "Choose how you would like to pay" })).toHaveAttribute(
      "href",
      "/purchase/options",
    );
  });

  it("goes to the confirmation page when the plan is already paid for", async () => {
    fakePaymentsApi({
      payments: fullChoicePayments({
        state: "paid",
        paid: true,
        payments: [createPayment({ status: "confirmed", completed: true })],
      }),
    });
    renderScreen();

    await waitFor(() => expect(router.replace).toHaveBeenCalledWith(`/purchase/complete?plan=${testPlanId}`));
  });
});
