import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryProvider } from "../../lib/query-provider";
import { usePurchasePlan } from "../../lib/purchase-plan";
import { storeTokenSession } from "../../lib/token-session";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { createPlanOptions } from "../../test/plan-options-factory";
import {
  createDirectDebit,
  createPlanResponse,
  depositChoicePayments,
  testPlanId,
} from "../../test/payments-factory";
import { PurchaseGate } from "./purchase-gate";
import { router } from "../../test/fake-navigation";

function PlanShown() {
  return <p>Paying for plan {usePurchasePlan().planId}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("PurchaseGate", () => {
  it("opens a plan already being paid for without saving it again, as the API refuses changes to it", async () => {
    localStorage.setItem("isUserLoggedIn", "true");
    localStorage.setItem("planId", JSON.stringify(testPlanId));
    storeTokenSession({ token: "customer-token", setAt: Date.now(), expiry: 1800 });
    const requests = fakeFetch((request) => {
      if (request.url === "/token") return tokenResponse("customer-token");
      if (request.url === "/api/plan-options") return jsonResponse(createPlanOptions());
      if (request.url === "/api/plan") return jsonResponse([createPlanResponse()]);
      if (request.url === `/api/plan/${testPlanId}/payments`) {
        // A Direct Debit set up and the deposit still to pay: paid, as SPEC.md counts it.
        return jsonResponse(depositChoicePayments({ paid: true, directDebit: createDirectDebit() }));
      }
      return jsonResponse({ violations: [{ propertyPath: "plan", title: "Closed to change" }] }, 409);
    });

    render(
      <PurchaseGate>
        <PlanShown />
      </PurchaseGate>,
      { wrapper: QueryProvider },
    );

    expect(await screen.findByText(`Paying for plan ${testPlanId}`)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === "PATCH")).toEqual([]);
    expect(router.replace).not.toHaveBeenCalled();
  });

  it("opens with the catalogue the server gave it, asking for the saved plans and the payments together (issue 44)", async () => {
    localStorage.setItem("isUserLoggedIn", "true");
    localStorage.setItem("planId", JSON.stringify(testPlanId));
    storeTokenSession({ token: "customer-token", setAt: Date.now(), expiry: 1800 });
    // The saved plans are held until the payments have been asked for: one after the other, the
    // gate would never open.
    let paymentsAsked!: () => void;
    const paymentsAskedFor = new Promise<void>((resolve) => {
      paymentsAsked = resolve;
    });
    const requests = fakeFetch(async (request) => {
      if (request.url === "/token") return tokenResponse("customer-token");
      if (request.url === "/api/plan") {
        await paymentsAskedFor;
        return jsonResponse([createPlanResponse()]);
      }
      if (request.url === `/api/plan/${testPlanId}/payments`) {
        paymentsAsked();
        return jsonResponse(depositChoicePayments({ paid: true, directDebit: createDirectDebit() }));
      }
      return jsonResponse({ violations: [{ propertyPath: "plan", title: "Not here" }] }, 404);
    });

    render(
      <PurchaseGate initialPlanOptions={createPlanOptions()}>
        <PlanShown />
      </PurchaseGate>,
      { wrapper: QueryProvider },
    );

    expect(await screen.findByText(`Paying for plan ${testPlanId}`)).toBeInTheDocument();
    expect(requests.map((request) => request.url)).not.toContain("/api/plan-options");
  });
});
