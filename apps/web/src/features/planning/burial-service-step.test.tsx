import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { priceShown, renderStepScreen } from "../../test/step-screen-harness";
import { BurialServiceStep } from "./burial-service-step";
import { chooseAttendance, chooseRemains, getJourneySnapshot, resetJourney } from "./journey-store";

const planOptions = seededPlanOptions();
const question = "Is there anything you would like to happen at the burial service?";

beforeEach(() => {
  resetJourney();
  chooseAttendance(planOptions, 1); // attended, £2,950
  chooseRemains(planOptions, 5); // burial, £1,950
});

describe("BurialServiceStep", () => {
  it("asks the step's question in a large box with a hint", () => {
    renderStepScreen(BurialServiceStep, "service-burial", planOptions);

    const box = screen.getByRole("textbox", { name: question });
    expect(box).toHaveAttribute("id", "burialService");
    expect(box).toHaveAccessibleDescription(expect.stringContaining("where people should gather"));
    expect(box).toHaveValue("");
  });

  it("needs an answer: empty or only spaces is not enough", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderStepScreen(BurialServiceStep, "service-burial", planOptions);

    await user.click(screen.getByRole("button", { name: "Continue" }));
    const summary = screen.getByRole("alert");
    expect(within(summary).getByRole("link", { name: "This field is required" })).toHaveAttribute(
      "href",
      "#burialService",
    );
    expect(screen.getByRole("textbox", { name: question })).toHaveAccessibleDescription(
      expect.stringMatching(/Error:\s*This field is required$/),
    );

    await user.type(screen.getByRole("textbox", { name: question }), "   ");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(within(screen.getByRole("alert")).getByText("This field is required")).toBeInTheDocument();
    expect(onContinue).not.toHaveBeenCalled();
    expect(getJourneySnapshot().steps["service-burial"].completed).toBe(false);

    await user.click(within(screen.getByRole("alert")).getByRole("link"));
    expect(screen.getByRole("textbox", { name: question })).toHaveFocus();
  });

  it("keeps what is written, completes the step and goes on", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderStepScreen(BurialServiceStep, "service-burial", planOptions);

    await user.type(screen.getByRole("textbox", { name: question }), "A short prayer at the graveside");

    expect(getJourneySnapshot().journeyData.burialService).toEqual({
      notes: "A short prayer at the graveside",
    });
    expect(getJourneySnapshot().steps["service-burial"].completed).toBe(true);
    expect(priceShown("Total")).toBe("£4,900");

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(onContinue).toHaveBeenCalledOnce();
  });
});
