import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { priceShown, renderStepScreen } from "../../test/step-screen-harness";
import { AshesStep } from "./ashes-step";
import { chooseAttendance, chooseRemains, getJourneySnapshot, resetJourney } from "./journey-store";

const planOptions = seededPlanOptions();
const question = "What would you like to happen to your ashes?";

beforeEach(() => {
  resetJourney();
  chooseAttendance(planOptions, 1); // attended, £2,950
  chooseRemains(planOptions, 4); // cremation, £990
});

describe("AshesStep", () => {
  it("offers the six ways of returning or scattering ashes, each with its price", () => {
    renderStepScreen(AshesStep, "ashes", planOptions);

    const group = screen.getByRole("group", { name: question });
    const radios = within(group).getAllByRole("radio");
    expect(radios).toHaveLength(6);
    expect(radios[0]).toHaveAttribute("id", "ashes");
    expect(within(group).getByRole("radio", { name: "Simple container £0" })).not.toBeChecked();
    expect(
      within(group).getByRole("radio", { name: "Scattered in the garden of remembrance £65" }),
    ).toBeInTheDocument();
    expect(within(group).getByRole("radio", { name: "Scattering tube £45" })).toBeInTheDocument();
    expect(within(group).getByRole("radio", { name: "Bamboo ashes casket £75" })).toBeInTheDocument();
    expect(within(group).getByRole("radio", { name: "Willow ashes casket £85" })).toBeInTheDocument();
    expect(within(group).getByRole("radio", { name: "Keepsake urn £125" })).toHaveAccessibleDescription(
      expect.stringContaining("a small keepsake urn"),
    );
  });

  it("adds the chosen treatment's price to the running price at once, and keeps the notes", async () => {
    const user = userEvent.setup();
    renderStepScreen(AshesStep, "ashes", planOptions);
    expect(priceShown("Total")).toBe("£3,940");

    await user.click(screen.getByRole("radio", { name: /Keepsake urn/ }));
    expect(priceShown("Additional")).toBe("£1,115");
    expect(priceShown("Total")).toBe("£4,065");

    await user.click(screen.getByRole("radio", { name: /Scattering tube/ }));
    expect(priceShown("Total")).toBe("£3,985");

    await user.type(
      screen.getByRole("textbox", { name: /Anything else about your ashes/ }),
      "Scatter them on Dartmoor",
    );
    expect(getJourneySnapshot().journeyData.ashes).toEqual({
      treatmentType: 13,
      notes: "Scatter them on Dartmoor",
    });
    expect(screen.getByRole("radio", { name: /Scattering tube/ })).toBeChecked();
  });

  it("needs a choice; notes alone are not enough", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderStepScreen(AshesStep, "ashes", planOptions);

    await user.type(
      screen.getByRole("textbox", { name: /Anything else about your ashes/ }),
      "Somewhere quiet",
    );
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const link = within(screen.getByRole("alert")).getByRole("link", { name: "This field is required" });
    expect(link).toHaveAttribute("href", "#ashes");
    expect(onContinue).not.toHaveBeenCalled();
    expect(getJourneySnapshot().journeyData.ashes).toEqual({ treatmentType: null, notes: "Somewhere quiet" });
    expect(priceShown("Total")).toBe("£3,940");

    await user.click(screen.getByRole("radio", { name: /Simple container/ }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledOnce();
  });
});
