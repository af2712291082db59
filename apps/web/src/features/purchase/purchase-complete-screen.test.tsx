import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PlanPaymentsResponse } from "@kindred/contracts";
import { QueryProvider } from "../../lib/query-provider";
import { storeTokenSession } from "../../lib/token-session";
import { fakeFetch, jsonResponse, tokenResponse, type RecordedRequest } from "../../test/fake-fetch";
import {
  createDirectDebit,
  createPayment,
  depositChoicePayments,
  fullChoicePayments,
  testPlanId,
  testPlanReference,
} from "../../test/payments-factory";
import { PurchaseCompleteScreen } from "./purchase-complete-screen";
import { router } from "../../test/fake-navigation";

function signIn() {
  localStorage.setItem("isUserLoggedIn", "true");
  localStorage.setItem("userEmail", JSON.stringify("margaret@example.com"));
  storeTokenSession({ token: "customer-token", setAt: Date.now(), expiry: 1800 });
}

function fakeCompleteApi(payments: PlanPaymentsResponse): RecordedRequest[] {
  return fakeFetch((request) => {
    if (request.url === "/token") return tokenResponse("customer-token");
    if (request.url === `/api/plan/${testPlanId}/payments`) return jsonResponse(payments);
    if (request.url === `/api/plan/${testPlanId}/document/summary?encode=base64`) {
      return jsonResponse({ fileName: "kindred-funeral-plan-summary.pdf", file: btoa("%PDF-1.7") });
    }
    return jsonResponse({ violations: [{ propertyPath: "Request", title: "Not found" }] }, 404);
  });
}

beforeEach(() => {
  router.replace.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("PurchaseCompleteScreen", () => {
  it("says the plan is paid for, with its reference, what happens next, its documents and the way to the account", async () => {
    signIn();
    const createObjectURL = vi.fn(() => "blob:summary");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const requests = fakeCompleteApi(
      fullChoicePayments({
        state: "paid",
        paid: true,
        payments: [createPayment({ status: "confirmed", completed: true })],
      }),
    );
    render(<PurchaseCompleteScreen planId={testPlanId} />, { wrapper: QueryProvider });

    const heading = await screen.findByRole("heading", {
      level: 1,
      name: "Thank you. Your plan is paid for",
    });
    expect(heading.closest(".success-box")).toHaveAttribute("role", "status");
    expect(heading.closest(".success-box")).toHaveTextContent(
      "You have paid £4,123.45 for your funeral plan in full.",
    );
    expect(screen.getByText("Plan reference").nextElementSibling).toHaveTextContent(testPlanReference);
    expect(screen.getByRole("heading", { name: "What happens next" })).toBeInTheDocument();
    expect(
      screen.getByText(/We will email your plan documents to you at margaret@example.com/),
    ).toBeInTheDocument();
    expect(screen.getByText(/funeral director know about your plan/)).toBeInTheDocument();
    // No offer of a gift card in the moment of buying a funeral plan: the referral code waits,
    // quietly, in the account (issue 50 item 7).
    expect(screen.queryByRole("region", { name: "Your referral code" })).toBeNull();
    expect(requests.filter((request) => request.url === "/api/referral-code/generate")).toEqual([]);
    expect(screen.getByRole("link", { name: "Go to your account" })).toHaveAttribute(
      "href",
      `/account?plan=${testPlanId}`,
    );

    await userEvent.click(screen.getByRole("button", { name: "Download the Funeral plan summary (PDF)" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(requests.some((request) => request.url.endsWith("/document/summary?encode=base64"))).toBe(true);
    expect(
      screen.getByRole("button", { name: "Download the Funeral plan details (PDF)" }),
    ).toBeInTheDocument();
  });

  it("for a deposit, says the Direct Debit is set up and when the first payment is collected", async () => {
    signIn();
    fakeCompleteApi(
      depositChoicePayments({
        state: "paying_by_instalments",
        paid: true,
        directDebit: createDirectDebit(),
        payments: [
          createPayment({ paymentOption: "deposit", amount: 50_000, status: "confirmed", completed: true }),
        ],
      }),
    );
    render(<PurchaseCompleteScreen planId={testPlanId} />, { wrapper: QueryProvider });

    const heading = await screen.findByRole("heading", { name: "Thank you. Your plan is set up" });
    expect(heading.closest(".success-box")).toHaveTextContent(
      "Your deposit of £500 is paid and your Direct Debit is set up.",
    );
    expect(
      screen.getByText(
        /Your first monthly payment of £302 will be collected by Direct Debit on 15 June 2026/,
      ),
    ).toBeInTheDocument();
  });

  it("says a deposit not yet paid is still to pay, with the way to pay it, and thanks for no payment (issue 25 item 1)", async () => {
    signIn();
    localStorage.setItem("planId", JSON.stringify("0a8f3b1c-1d2e-4f30-8a4b-5c6d7e8f9009"));
    fakeCompleteApi(
      depositChoicePayments({
        state: "paying_by_instalments",
        paid: true,
        directDebit: createDirectDebit(),
        depositOwed: 50_000,
      }),
    );
    render(<PurchaseCompleteScreen planId={testPlanId} />, { wrapper: QueryProvider });

    const heading = await screen.findByRole("heading", {
      level: 1,
      name: "Your deposit of £500 is still to pay",
    });
    expect(heading.closest("section")).toHaveTextContent(
      "Your Direct Debit for the monthly payments is set up. The deposit is paid by card, and it has not been paid yet.",
    );
    expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument();
    expect(screen.queryByText(/is paid and your Direct Debit is set up/)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        "Once your deposit is paid, we will email your plan documents to you at margaret@example.com and let your chosen funeral director know about your plan.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /Your first monthly payment of £302 will be collected by Direct Debit on 15 June 2026/,
      ),
    ).toBeInTheDocument();

    const pay = screen.getByRole("link", { name: "Pay your deposit" });
    expect(pay).toHaveAttribute("href", "/purchase/plan");
    pay.addEventListener("click", (event) => event.preventDefault());
    await userEvent.click(pay);
    // The payment page opens this plan, whichever plan the browser held before.
    expect(JSON.parse(localStorage.getItem("planId") ?? "null")).toBe(testPlanId);
  });

  it("sends someone who is not signed in to the first question (SPEC.md's route guard)", async () => {
    const requests = fakeCompleteApi(fullChoicePayments());
    render(<PurchaseCompleteScreen planId={testPlanId} />, { wrapper: QueryProvider });

    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/planning/attendance"));
    expect(requests.filter((request) => request.url.startsWith("/api/"))).toEqual([]);
  });
});
