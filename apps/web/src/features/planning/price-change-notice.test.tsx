import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PlanOptionsResponse, PlanResponse } from "@kindred/contracts";
import {
  chooseAttendance as chooseAttendanceRule,
  chooseRemains as chooseRemainsRule,
  initialJourneyState,
  pricePlan,
} from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { storeTokenSession } from "../../lib/token-session";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { chooseAttendance, getJourneySnapshot, repriceWith, resetJourney } from "./journey-store";
import { PlanningStart } from "./planning-start";
import { PriceChangeNotice } from "./price-change-notice";

const planOptions = seededPlanOptions();
const idOf = (options: { id: number; code: string }[], code: string) =>
  options.find((option) => option.code === code)!.id;
const noticeTitle = { name: "The price of your plan has changed" };

/** The catalogue after a release that put the attended funeral up by £100. */
function withAttendedFuneralUp(options: PlanOptionsResponse): PlanOptionsResponse {
  return {
    ...options,
    attendance: options.attendance.map((option) =>
      option.code === "attended" ? { ...option, price: option.price + 100_00 } : option,
    ),
  };
}

beforeEach(() => resetJourney());
afterEach(() => vi.unstubAllGlobals());

describe("a price that changed in this visit", () => {
  it("is shown as soon as the journey is priced from a newer catalogue, until the person says they understand", async () => {
    const user = userEvent.setup();
    chooseAttendance(planOptions, idOf(planOptions.attendance, "attended"));
    render(<PriceChangeNotice />);
    expect(screen.queryByRole("heading", noticeTitle)).not.toBeInTheDocument();

    act(() => repriceWith(withAttendedFuneralUp(planOptions)));

    expect(screen.getByRole("heading", noticeTitle)).toBeInTheDocument();
    expect(screen.getByText(/Since you started your plan, our prices have changed/)).toHaveTextContent(
      "Since you started your plan, our prices have changed and the price of your plan has gone up. " +
        "It was £2,950 and is now £3,050. This is the price you would pay, and every total you see here is up to date.",
    );
    expect(getJourneySnapshot().priceData.attendance).toBe(305_000);

    await user.click(screen.getByRole("button", { name: "I understand" }));

    expect(screen.queryByRole("heading", noticeTitle)).not.toBeInTheDocument();
    expect(sessionStorage.getItem("priceChange")).toBeNull();
    act(() => repriceWith(withAttendedFuneralUp(planOptions)));
    expect(screen.queryByRole("heading", noticeTitle)).not.toBeInTheDocument();
  });

  it("is not shown when the catalogue's prices are the ones the journey was priced with", () => {
    chooseAttendance(planOptions, idOf(planOptions.attendance, "attended"));
    render(<PriceChangeNotice />);

    act(() => repriceWith(planOptions));

    expect(screen.queryByRole("heading", noticeTitle)).not.toBeInTheDocument();
  });
});

describe("a saved plan whose price changed since it was saved", () => {
  it("is shown when a signed-in person's plan is restored on another device", async () => {
    const user = userEvent.setup();
    const { journeyData } = chooseRemainsRule(
      chooseAttendanceRule(initialJourneyState(), planOptions, idOf(planOptions.attendance, "attended")),
      planOptions,
      idOf(planOptions.remains, "cremated"),
    );
    const priced = pricePlan(journeyData, planOptions);
    const plan: PlanResponse = {
      id: "6f1b1f0e-3a3c-4f7e-9a55-1c2d3e4f5a6b",
      reference: "KND-7Q4M-2HX9",
      saveUnfinishedJourney: true,
      journey: journeyData,
      planningJourneyData: null,
      priceData: priced.priceData,
      price: priced.price,
      sections: [],
      priceChange: { savedTotal: priced.price.total - 45_00, savedAt: "2027-03-03T10:00:00.000Z" },
      createdAt: "2027-03-01T10:00:00.000Z",
      updatedAt: "2027-03-03T10:00:00.000Z",
      version: 1,
    };
    localStorage.setItem("isUserLoggedIn", "true");
    storeTokenSession({ token: "customer-token", setAt: Date.now(), expiry: 1800 });
    fakeFetch((request) => {
      if (request.url === "/token") return tokenResponse("application-token");
      if (request.url === "/api/plan-options") return jsonResponse(planOptions);
      if (request.url === "/api/plan") return jsonResponse([plan]);
      return jsonResponse({ violations: [] }, 404);
    });

    render(<PlanningStart />, { wrapper: QueryProvider });

    expect(await screen.findByRole("heading", noticeTitle)).toBeInTheDocument();
    expect(screen.getByText(/Since you saved your plan on/)).toHaveTextContent(
      "Since you saved your plan on 3 March 2027, our prices have changed and the price of your plan has gone up. " +
        "It was £3,895 and is now £3,940.",
    );
    expect(screen.getByText(/Your price so far is/)).toHaveTextContent("Your price so far is £3,940.");

    await user.click(screen.getByRole("button", { name: "I understand" }));
    expect(screen.queryByRole("heading", noticeTitle)).not.toBeInTheDocument();
  });
});
