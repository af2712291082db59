import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PlanOptionsResponse, PlanPaymentsResponse } from "@kindred/contracts";
import {
  messages,
  type PayingBy,
  paymentChoiceMessages,
  purchaseMessages,
  whenTheTimeComesExplained,
} from "@kindred/domain";
import { announceEmailConfirmed } from "../../lib/email-confirmed-signal";
import { QueryProvider } from "../../lib/query-provider";
import { PurchasePlanContext } from "../../lib/purchase-plan";
import { fakeFetch, jsonResponse, tokenResponse, type RecordedRequest } from "../../test/fake-fetch";
import {
  createPlanPayments,
  createPlanResponse,
  depositChoicePayments,
  testPlanId,
  testPlanReference,
} from "../../test/payments-factory";
import { createPlanOptions } from "../../test/plan-options-factory";
import { ReadyToPayScreen } from "./ready-to-pay-screen";
import { router } from "../../test/fake-navigation";

// The catalogue of the plan options factory: deposits £250 and £500; 12 months free, 24 months £95.
const planOptions = createPlanOptions();

/** The API as the options page sees it: a plan of £4,123.45, ready to pay for. */
function fakeOptionsApi({
  payments = createPlanPayments(),
  options = planOptions,
  answerChoice = (body: unknown) =>
    jsonResponse(createPlanPayments({ choice: body as PlanPaymentsResponse["choice"] })),
}: {
  payments?: PlanPaymentsResponse;
  options?: PlanOptionsResponse;
  answerChoice?: (body: unknown) => Response;
} = {}): RecordedRequest[] {
  return fakeFetch((request) => {
    if (request.url === "/token") return tokenResponse("customer-token");
    if (request.url === "/api/plan/valid") return jsonResponse({ valid: true, planId: testPlanId });
    if (request.url === `/api/plan/${testPlanId}`) return jsonResponse(createPlanResponse());
    if (request.url === `/api/plan/${testPlanId}/customer`) {
      return jsonResponse({
        customer: { title: "Mrs", firstName: "Margaret", lastName: "Hughes", email: "margaret@example.com" },
        coveredPerson: null,
        nominee: null,
        payer: null,
        updatedAt: null,
      });
    }
    if (request.url === `/api/plan/${testPlanId}/payments`) return jsonResponse(payments);
    if (request.url === "/api/plan-options") return jsonResponse(options);
    if (request.url === `/api/plan/${testPlanId}/referral`) {
      return jsonResponse({
        ownCode: null,
        applied: null,
        reward: 5000,
        description: "A £50 gift card each.",
      });
    }
    if (request.url === `/api/plan/${testPlanId}/payment-choice` && request.method === "PUT") {
      return answerChoice(JSON.parse(request.body ?? "null"));
    }
    return jsonResponse({ violations: [{ propertyPath: "Request", title: "Not found" }] }, 404);
  });
}

function renderScreen() {
  render(
    <PurchasePlanContext value={{ planId: testPlanId, signedIn: true }}>
      <ReadyToPayScreen />
    </PurchasePlanContext>,
    { wrapper: QueryProvider },
  );
}

function choiceRequests(requests: RecordedRequest[]) {
  return requests.filter((request) => request.url.endsWith("/payment-choice"));
}

/** The bullets of "What happens if the person covered dies", in order. */
function whatHappensAtDeath(): string[] {
  const section = screen.getByRole("region", { name: "What happens if the person covered dies" });
  return within(section)
    .getAllByRole("listitem")
    .map((item) => item.textContent ?? "");
}

/** The domain's words for a way of paying, with the catalogue's first months. */
function explained(payingBy: PayingBy, moratoriumMonths = 24): string[] {
  return whenTheTimeComesExplained(payingBy, moratoriumMonths).map((each) => each.text);
}

function scheduleRow(name: string): string | null | undefined {
  const schedule = screen.getByRole("region", { name: "What you will pay" });
  return within(schedule).getByText(name, { selector: "dt" }).nextElementSibling?.textContent;
}

beforeEach(() => {
  // A Monday: the first Direct Debit collection is 10 working days later, on Monday 15 June.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-06-01T10:00:00+01:00"));
  router.push.mockReset();
  router.replace.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("ReadyToPayScreen, choosing how to pay", () => {
  it("shows the schedule for a deposit and a term before anything is saved, then saves the choice and goes on to pay", async () => {
    const user = userEvent.setup();
    const requests = fakeOptionsApi();
    renderScreen();

    await user.click(
      await screen.findByRole("radio", { name: /Pay a deposit, then monthly by Direct Debit/ }),
    );
    // The plan's short reference (decision 045), not its id.
    expect(screen.getByText("Plan reference").nextElementSibling).toHaveTextContent(testPlanReference);
    await user.click(screen.getByRole("radio", { name: "£500" }));
    await user.click(screen.getByRole("radio", { name: /24 months/ }));

    // £4,123.45 − £500 + the £95 charge = £3,718.45 over 24 months: £154.93 a month, and the
    // 23 pennies that do not divide on the first payment.
    expect(scheduleRow("Pay now by card")).toBe("£500");
    expect(scheduleRow("Then each month by Direct Debit")).toBe(
      "£155.06 for the first payment, then 23 payments of £154.93",
    );
    expect(scheduleRow("First monthly payment")).toBe("15 June 2026");
    expect(scheduleRow("Last monthly payment")).toBe("15 May 2028");
    expect(scheduleRow("Charge for paying by instalments")).toBe("£95");
    expect(scheduleRow("Total you will pay")).toBe("£4,218.45");
    const table = screen.getByRole("table", { name: "Your monthly payments by Direct Debit" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(26);
    expect(rows[1]).toHaveTextContent("115 June 2026£155.06");
    expect(rows[24]).toHaveTextContent("2415 May 2028£154.93");
    expect(rows[25]).toHaveTextContent("Total of 24 monthly payments£3,718.45");
    expect(choiceRequests(requests)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Continue" }));

    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/purchase/plan"));
    const saved = choiceRequests(requests);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.method).toBe("PUT");
    expect(JSON.parse(saved[0]?.body ?? "null")).toEqual({ option: "deposit", deposit: 50_000, months: 24 });
  });

  it("shows paying in full as one card payment of the whole price", async () => {
    const user = userEvent.setup();
    const requests = fakeOptionsApi();
    renderScreen();

    await user.click(await screen.findByRole("radio", { name: /Pay in full/ }));

    expect(scheduleRow("Pay now by card")).toBe("£4,123.45");
    expect(scheduleRow("Total you will pay")).toBe("£4,123.45");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/purchase/plan"));
    expect(JSON.parse(choiceRequests(requests)[0]?.body ?? "null")).toEqual({ option: "full" });
  });

  it("names each unanswered question at the top and under it, and saves nothing", async () => {
    const user = userEvent.setup();
    const requests = fakeOptionsApi();
    renderScreen();

    await user.click(await screen.findByRole("button", { name: "Continue" }));
    const summary = screen.getByRole("alert");
    expect(
      within(summary).getByRole("link", {
        name: `How you will pay: ${purchaseMessages.choosePaymentOption}`,
      }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: /Pay a deposit/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      within(screen.getByRole("alert")).getByRole("link", {
        name: `Your deposit: ${paymentChoiceMessages.depositNotOffered}`,
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole("group", { name: /How long would you like to pay the rest over/ })).getByText(
        paymentChoiceMessages.termNotOffered,
      ),
    ).toBeInTheDocument();
    expect(choiceRequests(requests)).toEqual([]);
    expect(router.push).not.toHaveBeenCalled();
  });

  it("says when a term would make each payment too small, and shows no schedule for it", async () => {
    const user = userEvent.setup();
    fakeOptionsApi();
    // A £300 plan: £250 down leaves £50, under £10 a month over 12 months.
    const cheap = createPlanOptions();
    vi.stubGlobal(
      "fetch",
      ((original) => (input: string | URL, init?: RequestInit) =>
        String(input) === `/api/plan/${testPlanId}`
          ? Promise.resolve(
              jsonResponse(
                createPlanResponse({
                  price: { basic: 30_000, additional: 0, contributions: 0, total: 30_000 },
                }),
              ),
            )
          : String(input) === "/api/plan-options"
            ? Promise.resolve(jsonResponse(cheap))
            : original(input, init))(globalThis.fetch),
    );
    renderScreen();

    await user.click(await screen.findByRole("radio", { name: /Pay a deposit/ }));
    // Only the deposits under the price are offered.
    expect(screen.getByRole("radio", { name: "£250" })).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "£500" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "£250" }));
    await user.click(screen.getByRole("radio", { name: /12 months/ }));

    expect(
      screen.getByText(paymentChoiceMessages.instalmentTooSmall("£10"), { selector: "p" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "What you will pay" })).not.toBeInTheDocument();
  });

  it("puts the API's word on a deposit under the deposit question, in the summary that takes focus, and keeps the answers", async () => {
    const user = userEvent.setup();
    fakeOptionsApi({
      answerChoice: () =>
        jsonResponse(
          { violations: [{ propertyPath: "deposit", title: paymentChoiceMessages.depositNotOffered }] },
          422,
        ),
    });
    renderScreen();

    await user.click(await screen.findByRole("radio", { name: /Pay a deposit/ }));
    await user.click(screen.getByRole("radio", { name: "£250" }));
    await user.click(screen.getByRole("radio", { name: /12 months/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const summary = await screen.findByRole("alert");
    expect(
      within(summary).getByRole("link", { name: `Your deposit: ${paymentChoiceMessages.depositNotOffered}` }),
    ).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveFocus());
    const depositQuestion = screen.getByRole("group", {
      name: /How much would you like to pay as a deposit/,
    });
    expect(within(depositQuestion).getByText(paymentChoiceMessages.depositNotOffered)).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "£250" })).toBeChecked();
    expect(screen.getByRole("radio", { name: /12 months/ })).toBeChecked();
    expect(router.push).not.toHaveBeenCalled();
  });

  it("starts from the choice already saved, and explains what happens if payments stop", async () => {
    fakeOptionsApi({ payments: depositChoicePayments() });
    renderScreen();

    expect(await screen.findByRole("radio", { name: "£500" })).toBeChecked();
    expect(screen.getByRole("radio", { name: /Pay a deposit/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /12 months/ })).toBeChecked();
    expect(screen.getByRole("heading", { name: "If payments stop" })).toBeInTheDocument();
    expect(screen.getByText(/statement within 5 working days/)).toHaveTextContent(
      /After two missed payments in a row, .* 10 working days to catch up/,
    );
    // What happens at a death is said once, under the choice, in the domain's words only.
    expect(whatHappensAtDeath()).toEqual(explained({ option: "deposit", months: 12 }));
    expect(screen.queryByText(/pay what is still owed/)).not.toBeInTheDocument();
  });

  it("puts the optional referral code folded away before the choice, and Continue last on the page (issue 25 item 8)", async () => {
    fakeOptionsApi();
    renderScreen();

    const referral = await screen.findByText("Have a referral code?", { selector: "summary" });
    expect(referral.closest("details")).not.toHaveAttribute("open");
    const continueButton = screen.getByRole("button", { name: "Continue" });
    const inReadingOrder = [
      screen.getByRole("heading", { level: 1, name: "Your plan is ready to pay for" }),
      referral,
      screen.getByRole("heading", { name: "How would you like to pay?" }),
      screen.getByRole("heading", { name: "If payments stop" }),
      continueButton,
    ];
    for (const [index, element] of inReadingOrder.slice(1).entries()) {
      expect(inReadingOrder[index]?.compareDocumentPosition(element)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    }
    // Nothing to read or press comes after Continue.
    const after = Array.from(document.body.querySelectorAll("*")).filter(
      (element) => continueButton.compareDocumentPosition(element) === Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(after.map((element) => element.textContent).join("")).toBe("");
  });

  it("says what happens if the person covered dies, in the domain's words for the way of paying chosen, before anything is saved", async () => {
    const user = userEvent.setup();
    // A catalogue with first months of 18 and terms of 12 and 60 months.
    const options = createPlanOptions();
    options.paymentTerms = {
      ...options.paymentTerms,
      moratoriumMonths: 18,
      terms: [
        { months: 12, charge: 0 },
        { months: 60, charge: 24_500 },
      ],
    };
    const requests = fakeOptionsApi({ options });
    renderScreen();

    expect(await screen.findByRole("radio", { name: /Pay in full/ })).toBeInTheDocument();
    expect(
      screen.queryByRole("region", { name: "What happens if the person covered dies" }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: /Pay in full/ }));
    expect(whatHappensAtDeath()).toEqual(explained({ option: "full" }, 18));

    await user.click(screen.getByRole("radio", { name: /Pay a deposit/ }));
    await user.click(screen.getByRole("radio", { name: "£500" }));
    await user.click(screen.getByRole("radio", { name: /60 months/ }));
    const overSixty = explained({ option: "deposit", months: 60 }, 18);
    expect(whatHappensAtDeath()).toEqual(overSixty);
    expect(overSixty.join(" ")).toContain("up to 42 months of payments would still be due");
    expect(overSixty.join(" ")).toContain("in the first 18 months");

    await user.click(screen.getByRole("radio", { name: /12 months/ }));
    const overTwelve = explained({ option: "deposit", months: 12 }, 18);
    expect(whatHappensAtDeath()).toEqual(overTwelve);
    expect(whatHappensAtDeath().join(" ")).not.toMatch(/would still be due/);
    expect(choiceRequests(requests)).toEqual([]);
  });

  it("says, with the catalogue's 24 first months, that up to 36 months of payments would still be due over 60 months", async () => {
    const user = userEvent.setup();
    const options = createPlanOptions();
    options.paymentTerms = {
      ...options.paymentTerms,
      terms: [
        { months: 12, charge: 0 },
        { months: 60, charge: 24_500 },
      ],
    };
    fakeOptionsApi({ options });
    renderScreen();

    await user.click(await screen.findByRole("radio", { name: /Pay a deposit/ }));
    await user.click(screen.getByRole("radio", { name: "£500" }));
    await user.click(screen.getByRole("radio", { name: /60 months/ }));
    expect(
      screen.getByText(
        "If the person covered dies 24 months or more after the plan starts, the funeral is provided as planned and nothing more is paid, even though up to 36 months of payments would still be due.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /12 months/ }));
    expect(screen.queryByText(/up to 36 months of payments would still be due/)).not.toBeInTheDocument();
    expect(whatHappensAtDeath()).toEqual(explained({ option: "deposit", months: 12 }));
  });
});

describe("ReadyToPayScreen, opening", () => {
  it("asks whether the plan is ready and reads what it shows together, not one after another (issue 44)", async () => {
    // The check is held until every read has been asked for: one after another, it never answers.
    let answerCheck: () => void = () => {};
    const checkHeld = new Promise<void>((resolve) => {
      answerCheck = resolve;
    });
    const api = fakeOptionsApi();
    const reads = [
      `/api/plan/${testPlanId}`,
      `/api/plan/${testPlanId}/customer`,
      `/api/plan/${testPlanId}/payments`,
    ];
    const underlying = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: string | URL, init?: RequestInit) => {
      if (String(input) === "/api/plan/valid") await checkHeld;
      return underlying(input, init);
    });
    renderScreen();

    await waitFor(() => expect(api.map((request) => request.url)).toEqual(expect.arrayContaining(reads)));
    answerCheck();
    expect(await screen.findByRole("heading", { name: "Your plan is ready to pay for" })).toBeInTheDocument();
  });
});

describe("ReadyToPayScreen, waiting for the email address to be confirmed (issue 25 item 3)", () => {
  /** The API before and after the person clicks the link in their email: 422 naming the email, then ready. */
  function fakeWaitingApi() {
    const api = { confirmed: false };
    localStorage.setItem("userEmail", JSON.stringify("margaret@example.com"));
    const requests = fakeFetch((request) => {
      if (request.url === "/api/plan/valid" && !api.confirmed) {
        return jsonResponse(
          { violations: [{ propertyPath: "email", title: messages.emailNotConfirmed }] },
          422,
        );
      }
      if (request.url === "/api/account/resend-confirmation") {
        return jsonResponse({ message: messages.confirmLinkResent }, 202);
      }
      if (request.url === "/api/plan/valid") return jsonResponse({ valid: true, planId: testPlanId });
      if (request.url === "/token") return tokenResponse("customer-token");
      if (request.url === `/api/plan/${testPlanId}`) return jsonResponse(createPlanResponse());
      if (request.url === `/api/plan/${testPlanId}/customer`) {
        return jsonResponse({
          customer: {
            title: "Mrs",
            firstName: "Margaret",
            lastName: "Hughes",
            email: "margaret@example.com",
          },
          coveredPerson: null,
          nominee: null,
          payer: null,
          updatedAt: null,
        });
      }
      if (request.url === `/api/plan/${testPlanId}/payments`) return jsonResponse(createPlanPayments());
      if (request.url === "/api/plan-options") return jsonResponse(planOptions);
      return jsonResponse({ violations: [{ propertyPath: "Request", title: "Not found" }] }, 404);
    });
    const checks = () => requests.filter((request) => request.url === "/api/plan/valid").length;
    const reads = () =>
      requests.filter((request) => request.url.startsWith(`/api/plan/${testPlanId}`)).length;
    return { api, checks, reads };
  }

  it("carries on to payment at once when the address is confirmed in another tab of this browser", async () => {
    const { api } = fakeWaitingApi();
    renderScreen();

    expect(await screen.findByRole("heading", { name: "Confirm your email address" })).toBeInTheDocument();
    expect(screen.getByText(/this page carries on to payment by itself/)).toBeInTheDocument();

    // The confirmation page, open in another tab, says so on the browser's channel.
    api.confirmed = true;
    announceEmailConfirmed();

    expect(await screen.findByRole("heading", { name: "Your plan is ready to pay for" })).toBeInTheDocument();
    expect(await screen.findByRole("radio", { name: /Pay in full/ })).toBeInTheDocument();
  });

  it("asks again every 5 seconds, after a new link was sent too, and stops once the address is confirmed", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    const user = userEvent.setup();
    const { api, checks, reads } = fakeWaitingApi();
    renderScreen();

    await screen.findByRole("heading", { name: "Confirm your email address" });
    expect(checks()).toBe(1);
    // The form that sends the link again is loaded with the waiting page, not before it.
    await user.click(await screen.findByRole("button", { name: "Send me a new link" }));
    expect(await screen.findByText(messages.confirmLinkResent)).toBeInTheDocument();

    // Not confirmed yet: the page asks again, calmly, and still waits; only the check is asked.
    const readsBefore = reads();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(checks()).toBe(2);
    expect(reads()).toBe(readsBefore);
    expect(screen.getByRole("heading", { name: "Confirm your email address" })).toBeInTheDocument();

    // Confirmed on a phone: the next check finds it, and the page moves on without a reload.
    api.confirmed = true;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByRole("heading", { name: "Your plan is ready to pay for" })).toBeInTheDocument();
    const afterConfirmed = checks();
    expect(afterConfirmed).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(checks()).toBe(afterConfirmed);
  });
});
