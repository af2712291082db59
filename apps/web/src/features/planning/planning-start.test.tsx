import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PlanPaymentsResponse, PlanResponse } from "@kindred/contracts";
import { storedJourney } from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { storeTokenSession } from "../../lib/token-session";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import {
  createPlanPayments,
  createPlanResponse,
  fullChoicePayments,
  testPlanId,
} from "../../test/payments-factory";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { answer, chooseAttendance, chooseRemains, getJourneySnapshot, resetJourney } from "./journey-store";
import { PlanningStart } from "./planning-start";
import { router } from "../../test/fake-navigation";

const planOptions = seededPlanOptions();

/** An attended cremation answered up to the celebrant. */
function startAPlan() {
  chooseAttendance(planOptions, 1); // £2,950
  answer(planOptions, "funeralDirector", { id: 2 });
  chooseRemains(planOptions, 4); // £990
  answer(planOptions, "crematoria", { id: 1 });
}

beforeEach(() => {
  resetJourney();
  router.push.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const secondPlanId = "0e6f3c2a-9b7d-4e1f-8a2c-5d4b3a2f1e0d";

/** A customer signed in to this browser, with these plans and their payments on the server. */
function signedInWith(plans: { plan: PlanResponse; payments: PlanPaymentsResponse }[]) {
  localStorage.setItem("isUserLoggedIn", "true");
  storeTokenSession({ token: "customer-token", setAt: Date.now(), expiry: 1800 });
  return fakeFetch((request) => {
    if (request.url === "/token") return tokenResponse("customer-token");
    if (request.url === "/api/plan-options") return jsonResponse(planOptions);
    if (request.url === "/api/plan") return jsonResponse(plans.map(({ plan }) => plan));
    const held = plans.find(({ plan }) => request.url === `/api/plan/${plan.id}/payments`);
    if (held) return jsonResponse(held.payments);
    return jsonResponse({ violations: [{ propertyPath: "plan", title: "Closed to change" }] }, 409);
  });
}

const bought = { state: "paid", paid: true } as const;

describe("PlanningStart", () => {
  it("tells someone new what to expect and starts them at the first question", () => {
    render(<PlanningStart />, { wrapper: QueryProvider });

    expect(screen.getByRole("heading", { level: 1, name: "Plan your funeral" })).toBeInTheDocument();
    expect(screen.getByText("It takes about 10 minutes.")).toBeInTheDocument();
    expect(screen.getByText(/The price of each choice is shown before you choose it/)).toBeInTheDocument();
    expect(screen.getByText("There is nothing to pay today.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start planning" })).toHaveAttribute(
      "href",
      "/planning/attendance",
    );
    expect(screen.queryByRole("link", { name: /Continue where you left off/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Start a new plan" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "0808 157 0192" })).toBeInTheDocument();
  });

  it("offers someone who has begun to carry on where they left off, naming the step", () => {
    startAPlan();
    render(<PlanningStart />, { wrapper: QueryProvider });

    expect(screen.getByRole("heading", { level: 1, name: "Your funeral plan" })).toBeInTheDocument();
    expect(screen.getByText(/You got as far as:/)).toHaveTextContent(
      "You got as far as: Celebrant. Your price so far is £3,940.",
    );
    expect(screen.getByRole("link", { name: "Continue where you left off" })).toHaveAttribute(
      "href",
      "/planning/celebrant",
    );
    expect(screen.getByRole("button", { name: "Start a new plan" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Start planning" })).not.toBeInTheDocument();
  });

  it("asks before starting a new plan, and keeps the plan if the person says no", async () => {
    const user = userEvent.setup();
    startAPlan();
    const before = getJourneySnapshot();
    render(<PlanningStart />, { wrapper: QueryProvider });

    await user.click(screen.getByRole("button", { name: "Start a new plan" }));
    const question = screen.getByRole("group", { name: "Are you sure you want to start a new plan?" });
    expect(question).toHaveFocus();
    expect(question).toHaveTextContent("This clears every answer you have given on this device.");

    await user.click(within(question).getByRole("button", { name: "No, keep my plan" }));
    expect(screen.queryByRole("group", { name: /Are you sure/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Start a new plan" })).toHaveFocus();
    expect(getJourneySnapshot()).toBe(before);
    expect(router.push).not.toHaveBeenCalled();
  });

  it("clears every answer and goes to the first question once the person is sure", async () => {
    const user = userEvent.setup();
    startAPlan();
    render(<PlanningStart />, { wrapper: QueryProvider });

    await user.click(screen.getByRole("button", { name: "Start a new plan" }));
    await user.click(screen.getByRole("button", { name: "Yes, clear my answers and start again" }));

    expect(getJourneySnapshot().journeyData).toEqual({});
    expect(getJourneySnapshot().priceData).toEqual({});
    expect(JSON.parse(sessionStorage.getItem("journeyData") ?? "null")).toEqual({});
    expect(router.push).toHaveBeenCalledWith("/planning/attendance");
  });

  it("renders a new visitor's page on the server, then the person's own plan, without a mismatch", async () => {
    startAPlan();

    const html = renderToString(
      <QueryProvider>
        <PlanningStart />
      </QueryProvider>,
    );
    expect(html).toContain("Start planning");
    expect(html).not.toContain("Continue where you left off");

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const root = await act(async () =>
      hydrateRoot(
        container,
        <QueryProvider>
          <PlanningStart />
        </QueryProvider>,
      ),
    );

    expect(within(container).getByRole("link", { name: "Continue where you left off" })).toBeInTheDocument();
    expect(within(container).queryByRole("link", { name: "Start planning" })).not.toBeInTheDocument();
    act(() => root.unmount());
    container.remove();
  });

  describe("a plan bought or cancelled is never the journey's plan (issue 25 item 2)", () => {
    it("after buying, starts a new plan rather than reopening the bought one, and says the person has a plan already", async () => {
      startAPlan();
      const journey = storedJourney(getJourneySnapshot()).journeyData;
      localStorage.setItem("planId", JSON.stringify(testPlanId));
      const requests = signedInWith([
        { plan: createPlanResponse({ journey }), payments: fullChoicePayments(bought) },
      ]);
      render(<PlanningStart />, { wrapper: QueryProvider });

      const notice = await screen.findByRole("region", { name: "This is a new plan" });
      expect(notice).toHaveTextContent(
        "You already have a plan with us. It stays just as it is, and you can see it in your account.",
      );
      expect(within(notice).getByRole("link", { name: "your account" })).toHaveAttribute("href", "/account");
      expect(screen.getByRole("heading", { level: 1, name: "Plan your funeral" })).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Start planning" })).toHaveAttribute(
        "href",
        "/planning/attendance",
      );
      expect(screen.queryByRole("link", { name: /Continue where you left off/ })).not.toBeInTheDocument();
      expect(getJourneySnapshot().journeyData).toEqual({});
      expect(localStorage.getItem("planId")).toBeNull();
      expect(requests.filter((request) => request.method !== "GET" && request.url !== "/token")).toEqual([]);
    });

    it("on a new browser after sign-in, carries on with the plan still being planned, never the bought one", async () => {
      startAPlan();
      const journey = storedJourney(getJourneySnapshot()).journeyData;
      resetJourney();
      signedInWith([
        {
          plan: createPlanResponse({ journey: { attendance: journey.attendance } }),
          payments: fullChoicePayments(bought),
        },
        {
          plan: createPlanResponse({ id: secondPlanId, journey }),
          payments: createPlanPayments({ planId: secondPlanId, state: "being_planned" }),
        },
      ]);
      render(<PlanningStart />, { wrapper: QueryProvider });

      // The plan still being planned (£3,940), not the bought one (£2,950).
      await screen.findByRole("link", { name: "Continue where you left off" });
      expect(screen.getByText(/Your price so far is/)).toHaveTextContent("Your price so far is £3,940.");
      expect(JSON.parse(localStorage.getItem("planId") ?? "null")).toBe(secondPlanId);
      expect(screen.queryByRole("region", { name: "This is a new plan" })).not.toBeInTheDocument();
    });

    it("on a new browser whose only plans are bought or cancelled, starts a new plan and says so", async () => {
      startAPlan();
      const journey = storedJourney(getJourneySnapshot()).journeyData;
      resetJourney();
      signedInWith([
        { plan: createPlanResponse({ journey }), payments: fullChoicePayments(bought) },
        {
          plan: createPlanResponse({ id: secondPlanId, journey }),
          payments: createPlanPayments({
            planId: secondPlanId,
            state: "cancelled",
            cancelledAt: "2026-05-21T10:00:00.000Z",
          }),
        },
      ]);
      render(<PlanningStart />, { wrapper: QueryProvider });

      expect(await screen.findByRole("region", { name: "This is a new plan" })).toHaveTextContent(
        "You already have 2 plans with us. They stay just as they are, and you can see them in your account.",
      );
      expect(screen.getByRole("link", { name: "Start planning" })).toBeInTheDocument();
      expect(getJourneySnapshot().journeyData).toEqual({});
      expect(localStorage.getItem("planId")).toBeNull();
    });
  });
});
