import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { priceShown, renderStepScreen } from "../../test/step-screen-harness";
import { BurialPlotStep } from "./burial-plot-step";
import { chooseAttendance, chooseRemains, getJourneySnapshot, resetJourney } from "./journey-store";

const planOptions = seededPlanOptions();
const question = "Do you already have a burial plot?";
const idOf = (options: { id: number; code: string }[], code: string) =>
  options.find((option) => option.code === code)!.id;

beforeEach(() => {
  resetJourney();
  chooseAttendance(planOptions, idOf(planOptions.attendance, "attended")); // £2,950
  chooseRemains(planOptions, idOf(planOptions.remains, "buried")); // £1,950
});

describe("BurialPlotStep", () => {
  it("asks whether there is a plot, with a yes and a no, and says a plot is not included", () => {
    renderStepScreen(BurialPlotStep, "burial", planOptions);

    const group = screen.getByRole("group", { name: question });
    const radios = within(group).getAllByRole("radio");
    expect(radios).toHaveLength(2);
    expect(radios[0]).toHaveAccessibleName("Yes, there is a plot");
    expect(radios[0]).toHaveAttribute("id", "burial");
    expect(radios[0]).not.toBeChecked();
    expect(within(group).getByRole("radio", { name: "No, not yet" })).toHaveAccessibleDescription(
      expect.stringContaining("The cost of a plot is not included in your plan."),
    );
    expect(screen.getByRole("textbox", { name: /Where is the plot/ })).toHaveValue("");
  });

  it("keeps the answer and the notes, without changing the price", async () => {
    const user = userEvent.setup();
    renderStepScreen(BurialPlotStep, "burial", planOptions);
    expect(priceShown("Total")).toBe("£4,900");

    await user.click(screen.getByRole("radio", { name: "Yes, there is a plot" }));
    await user.type(
      screen.getByRole("textbox", { name: /Where is the plot/ }),
      "St Mary's churchyard, plot 14",
    );

    expect(screen.getByRole("radio", { name: "Yes, there is a plot" })).toBeChecked();
    expect(getJourneySnapshot().journeyData.burial).toEqual({
      hasBurialPlot: true,
      notes: "St Mary's churchyard, plot 14",
    });
    expect(getJourneySnapshot().steps.burial.completed).toBe(true);
    expect(priceShown("Total")).toBe("£4,900");

    await user.click(screen.getByRole("radio", { name: "No, not yet" }));
    expect(getJourneySnapshot().journeyData.burial).toEqual({
      hasBurialPlot: false,
      notes: "St Mary's churchyard, plot 14",
    });
  });

  it("needs a yes or a no: notes alone are not enough", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderStepScreen(BurialPlotStep, "burial", planOptions);

    await user.type(screen.getByRole("textbox", { name: /Where is the plot/ }), "Highgate");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const summary = screen.getByRole("alert");
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole("link", { name: "This field is required" });
    expect(link).toHaveAttribute("href", "#burial");
    expect(screen.getByRole("group", { name: question })).toHaveAccessibleDescription(
      expect.stringMatching(/Error:\s*This field is required$/),
    );
    expect(onContinue).not.toHaveBeenCalled();
    expect(getJourneySnapshot().steps.burial.completed).toBe(false);

    await user.click(link);
    expect(screen.getByRole("radio", { name: "Yes, there is a plot" })).toHaveFocus();
  });

  it("clears the error once answered, and goes on", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderStepScreen(BurialPlotStep, "burial", planOptions);
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await user.click(screen.getByRole("radio", { name: "No, not yet" }));
    expect(screen.queryByText("This field is required")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledOnce();
  });
});
