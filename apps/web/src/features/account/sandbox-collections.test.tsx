import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlanPaymentsResponse } from "@kindred/contracts";
import { QueryProvider } from "../../lib/query-provider";
import { storeTokenSession } from "../../lib/token-session";
import { fakeFetch, jsonResponse } from "../../test/fake-fetch";
import { createDirectDebit, depositChoicePayments, testPlanId } from "../../test/payments-factory";
import { SandboxCollections, SandboxDirectDebitEnded, SandboxRetryMissed } from "./sandbox-collections";

/** A plan paying by Direct Debit with nothing collected yet. */
function payingByDirectDebit(overrides: Partial<PlanPaymentsResponse> = {}): PlanPaymentsResponse {
  const chosen = depositChoicePayments();
  return {
    ...chosen,
    state: "paying_by_instalments",
    paid: true,
    directDebit: createDirectDebit({ status: "active" }),
    collections: (chosen.schedule?.instalments ?? []).map((instalment) => ({
      ...instalment,
      status: "scheduled",
    })),
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

function showFor(directDebitProvider: "sandbox" | "gocardless") {
  storeTokenSession({ token: "customer-token", setAt: Date.now(), expiry: 1800 });
  const before = payingByDirectDebit();
  const after = payingByDirectDebit({ collected: 0, missedPayments: 2 });
  let taken = false;
  const requests = fakeFetch((request) => {
    if (request.url === "/api/payments/card-fields")
      return jsonResponse({ provider: "sandbox", directDebitProvider });
    if (request.url === "/api/sandbox-provider/collections") {
      taken = true;
      return jsonResponse({ taken: 2 });
    }
    if (request.url === `/api/plan/${testPlanId}/payments`) return jsonResponse(taken ? after : before);
    return jsonResponse({ violations: [] }, 404);
  });
  render(
    <QueryProvider>
      <SandboxCollections planId={testPlanId} payments={before} />
    </QueryProvider>,
  );
  return { requests, before };
}

describe("taking a plan's collections early on a test site", () => {
  it("takes the payments due up to the day chosen, says how many, and asks for the bank's answers", async () => {
    const { requests, before } = showFor("sandbox");

    const day = await screen.findByLabelText("Take the payments due up to");
    // The second payment's day to begin with: two payments, enough to see them missed.
    expect(day).toHaveValue(before.collections[1]!.date);
    await userEvent.click(screen.getByRole("button", { name: "Take the payments now" }));

    expect(await screen.findByRole("status")).toHaveTextContent("2 payments were taken.");
    const sent = requests.find((request) => request.url === "/api/sandbox-provider/collections");
    expect(JSON.parse(sent!.body!)).toEqual({ planId: testPlanId, until: before.collections[1]!.date });
    await vi.waitFor(() =>
      expect(requests.some((request) => request.url === `/api/plan/${testPlanId}/payments`)).toBe(true),
    );
  });

  it("shows nothing where a real provider takes the Direct Debits", async () => {
    const { requests } = showFor("gocardless");

    await vi.waitFor(() =>
      expect(requests.some((request) => request.url === "/api/payments/card-fields")).toBe(true),
    );
    expect(screen.queryByRole("button", { name: "Take the payments now" })).toBeNull();
    expect(screen.queryByText(/Test site/)).toBeNull();
  });
});

describe("the bank ending a plan's Direct Debit on a test site (issue 46 item 1)", () => {
  function showEndingFor(directDebitProvider: "sandbox" | "gocardless") {
    storeTokenSession({ token: "customer-token", setAt: Date.now(), expiry: 1800 });
    const before = payingByDirectDebit();
    const after = payingByDirectDebit({
      state: "payments_stopped",
      directDebit: createDirectDebit({ status: "cancelled" }),
    });
    let ended = false;
    const requests = fakeFetch((request) => {
      if (request.url === "/api/payments/card-fields")
        return jsonResponse({ provider: "sandbox", directDebitProvider });
      if (request.url === "/api/sandbox-provider/direct-debit-ended") {
        ended = true;
        return jsonResponse({ ended: true });
      }
      if (request.url === `/api/plan/${testPlanId}/payments`) return jsonResponse(ended ? after : before);
      return jsonResponse({ violations: [] }, 404);
    });
    render(
      <QueryProvider>
        <SandboxDirectDebitEnded planId={testPlanId} payments={before} />
      </QueryProvider>,
    );
    return { requests };
  }

  it("ends it the way chosen, says so, and asks for the plan's answer", async () => {
    const { requests } = showEndingFor("sandbox");

    await userEvent.selectOptions(
      await screen.findByRole("combobox", { name: "How it ends" }),
      "The customer cancels it at their bank",
    );
    await userEvent.click(screen.getByRole("button", { name: "End the Direct Debit now" }));

    expect(await screen.findByRole("status")).toHaveTextContent(
      "The Direct Debit was ended. What follows shows above as it arrives.",
    );
    const sent = requests.find((request) => request.url === "/api/sandbox-provider/direct-debit-ended");
    expect(JSON.parse(sent!.body!)).toEqual({ planId: testPlanId, how: "mandate_cancelled" });
    await vi.waitFor(() =>
      expect(requests.some((request) => request.url === `/api/plan/${testPlanId}/payments`)).toBe(true),
    );
  });

  it("shows nothing where a real provider takes the Direct Debits", async () => {
    const { requests } = showEndingFor("gocardless");

    await vi.waitFor(() =>
      expect(requests.some((request) => request.url === "/api/payments/card-fields")).toBe(true),
    );
    expect(screen.queryByRole("button", { name: "End the Direct Debit now" })).toBeNull();
  });
});

describe("the bank taking missed payments after all on a test site (issue 46 item 2)", () => {
  function showRetryFor(directDebitProvider: "sandbox" | "gocardless") {
    storeTokenSession({ token: "customer-token", setAt: Date.now(), expiry: 1800 });
    const before = payingByDirectDebit({ collected: 0, missedPayments: 2 });
    const after = payingByDirectDebit({ collected: 2, missedPayments: 0 });
    let retried = false;
    const requests = fakeFetch((request) => {
      if (request.url === "/api/payments/card-fields")
        return jsonResponse({ provider: "sandbox", directDebitProvider });
      if (request.url === "/api/sandbox-provider/failed-collections-retried") {
        retried = true;
        return jsonResponse({ retried: 2 });
      }
      if (request.url === `/api/plan/${testPlanId}/payments`) return jsonResponse(retried ? after : before);
      return jsonResponse({ violations: [] }, 404);
    });
    render(
      <QueryProvider>
        <SandboxRetryMissed planId={testPlanId} payments={before} />
      </QueryProvider>,
    );
    return { requests };
  }

  it("has the bank take the missed payments, says how many, and asks for the plan's answer", async () => {
    const { requests } = showRetryFor("sandbox");

    await userEvent.click(await screen.findByRole("button", { name: "Take the missed payments now" }));

    expect(await screen.findByRole("status")).toHaveTextContent(
      "2 payments were taken. What the bank said shows above as it arrives.",
    );
    const sent = requests.find(
      (request) => request.url === "/api/sandbox-provider/failed-collections-retried",
    );
    expect(JSON.parse(sent!.body!)).toEqual({ planId: testPlanId });
    await vi.waitFor(() =>
      expect(requests.some((request) => request.url === `/api/plan/${testPlanId}/payments`)).toBe(true),
    );
  });

  it("shows nothing where a real provider takes the Direct Debits", async () => {
    const { requests } = showRetryFor("gocardless");

    await vi.waitFor(() =>
      expect(requests.some((request) => request.url === "/api/payments/card-fields")).toBe(true),
    );
    expect(screen.queryByRole("button", { name: "Take the missed payments now" })).toBeNull();
  });
});
