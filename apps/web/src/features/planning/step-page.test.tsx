import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { AttendanceStepScreen } from "./attendance-step";
import { storedJourney } from "@kindred/domain";
import { createPlanResponse, testPlanId } from "../../test/payments-factory";
import { chooseAttendance, getJourneySnapshot, resetJourney } from "./journey-store";
import { forgetPriceChange, tellPriceChange } from "./price-change-notice-store";
import { StepPage } from "./step-page";
import { findServerStep, stepHeading } from "./step-text";
import { navigation, router } from "../../test/fake-navigation";

const planOptions = seededPlanOptions();
const question = stepHeading(findServerStep(planOptions.steps, "attendance"));

beforeEach(() => {
  navigation.pathname = "/planning/attendance";
  resetJourney();
  forgetPriceChange();
  localStorage.clear();
  // A new step's page scrolls to its top; jsdom draws nothing to scroll.
  Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(Element.prototype, "scrollIntoView");
});

describe("StepPage", () => {
  it("draws the step from the catalogue the server gave it, without asking for it again", async () => {
    const requests = fakeFetch((request) => {
      if (request.url === "/token") return tokenResponse("guest-token");
      return jsonResponse({ violations: [{ propertyPath: "plan", title: "Not here" }] }, 404);
    });
    render(
      <StepPage handle="attendance" initialPlanOptions={planOptions}>
        <AttendanceStepScreen />
      </StepPage>,
    );

    expect(screen.getByRole("heading", { level: 1, name: question })).toBeInTheDocument();
    // Once the saved plan has been looked for (there is none), the step is the journey's own.
    await vi.waitFor(() => expect(getJourneySnapshot().steps.attendance.visited).toBe(true));
    expect(router.replace).not.toHaveBeenCalled();
    expect(requests.map((request) => request.url)).not.toContain("/api/plan-options");
    // A new visitor has no saved plan to look for: nothing is asked of the plans.
    expect(requests.filter((request) => request.url.startsWith("/api/plan"))).toEqual([]);
  });

  it("fetches the catalogue itself when the server could not, says so if it cannot, and tries again", async () => {
    const user = userEvent.setup();
    let answers = 0;
    fakeFetch((request) => {
      if (request.url === "/token") return tokenResponse("guest-token");
      if (request.url === "/api/plan-options") {
        answers += 1;
        return answers === 1
          ? jsonResponse({ violations: [{ propertyPath: "", title: "The service is busy" }] }, 503)
          : jsonResponse(planOptions);
      }
      return jsonResponse({ violations: [{ propertyPath: "plan", title: "Not here" }] }, 404);
    });
    render(
      <StepPage handle="attendance" initialPlanOptions={null}>
        <AttendanceStepScreen />
      </StepPage>,
    );

    expect(
      await screen.findByRole("heading", { name: "Sorry, we could not load the funeral options" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "0808 157 0192" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("heading", { level: 1, name: question })).toBeInTheDocument();
    expect(answers).toBe(2);
  });

  it("tells the person their plan's price has changed, until they say they understand", async () => {
    const user = userEvent.setup();
    fakeFetch((request) => {
      if (request.url === "/token") return tokenResponse("guest-token");
      return jsonResponse({ violations: [{ propertyPath: "plan", title: "Not here" }] }, 404);
    });
    tellPriceChange({ was: 4_200_00, now: 4_300_00, savedAt: null });
    render(
      <StepPage handle="attendance" initialPlanOptions={planOptions}>
        <AttendanceStepScreen />
      </StepPage>,
    );

    const notice = await screen.findByRole("region", { name: "The price of your plan has changed" });
    expect(notice).toHaveTextContent("£4,200");
    expect(notice).toHaveTextContent("£4,300");
    await user.click(screen.getByRole("button", { name: "I understand" }));
    expect(
      screen.queryByRole("region", { name: "The price of your plan has changed" }),
    ).not.toBeInTheDocument();
  });

  it("brings a guest's plan saved in another tab of this browser into the step", async () => {
    chooseAttendance(planOptions, 1);
    const journey = storedJourney(getJourneySnapshot()).journeyData;
    resetJourney();
    localStorage.setItem("planId", JSON.stringify(testPlanId));
    fakeFetch((request) => {
      if (request.url === "/token") return tokenResponse("guest-token");
      if (request.url === `/api/plan/${testPlanId}`) return jsonResponse(createPlanResponse({ journey }));
      return jsonResponse({ violations: [{ propertyPath: "plan", title: "Not here" }] }, 404);
    });
    render(
      <StepPage handle="attendance" initialPlanOptions={planOptions}>
        <AttendanceStepScreen />
      </StepPage>,
    );

    // The plan is brought in first, and the step visited once that is done: a moment apart.
    await vi.waitFor(() => {
      expect(getJourneySnapshot().journeyData).toEqual(journey);
      expect(getJourneySnapshot().steps.attendance.visited).toBe(true);
    });
  });
});
