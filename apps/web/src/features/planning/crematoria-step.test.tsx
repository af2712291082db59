import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { renderStepScreen } from "../../test/step-screen-harness";
import { CrematoriaStep } from "./crematoria-step";
import { chooseAttendance, chooseRemains, getJourneySnapshot, resetJourney } from "./journey-store";

const question = "Which crematorium would you like?";

function totalShown(): string | null | undefined {
  const panel = screen.getByRole("complementary", { name: "Your price so far" });
  return within(panel).getByText("Total", { selector: "dt" }).nextElementSibling?.textContent;
}

beforeEach(() => {
  resetJourney();
  const planOptions = seededPlanOptions();
  chooseAttendance(planOptions, 1);
  chooseRemains(planOptions, 4);
});

describe("CrematoriaStep", () => {
  it("lists every crematorium with its address, the one the funeral director arranges first", () => {
    const planOptions = seededPlanOptions();
    // However the catalogue orders them, the default comes first.
    planOptions.crematoria = [...planOptions.crematoria.slice(1), planOptions.crematoria[0]!];
    renderStepScreen(CrematoriaStep, "crematoria", planOptions);

    const radios = within(screen.getByRole("group", { name: question })).getAllByRole("radio");
    expect(radios).toHaveLength(11);
    expect(radios[0]).toHaveAccessibleName("Your nearest crematorium (arranged by your funeral director)");
    expect(radios[0]).toHaveAttribute("id", "crematoria");
    expect(radios[1]).toHaveAccessibleName("Golders Green Crematorium");
    expect(radios[1]).toHaveAccessibleDescription(
      "62 Hoop Lane, Golders Green, London, Greater London, NW11 7NL",
    );
    expect(radios.at(-1)).toHaveAccessibleName("Roselawn Crematorium");
  });

  it("records the choice without changing the price, which already includes the crematorium", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderStepScreen(CrematoriaStep, "crematoria", seededPlanOptions());
    expect(totalShown()).toBe("£3,940");

    await user.click(screen.getByRole("radio", { name: "Mortlake Crematorium" }));

    expect(screen.getByRole("radio", { name: "Mortlake Crematorium" })).toBeChecked();
    expect(getJourneySnapshot().journeyData.crematoria).toEqual({ id: 3 });
    expect(getJourneySnapshot().steps.crematoria.completed).toBe(true);
    expect(totalShown()).toBe("£3,940");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it("says a choice is needed when Continue is pressed without one", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderStepScreen(CrematoriaStep, "crematoria", seededPlanOptions());

    await user.click(screen.getByRole("button", { name: "Continue" }));

    const summary = screen.getByRole("alert");
    expect(within(summary).getByRole("link", { name: "This field is required" })).toHaveAttribute(
      "href",
      "#crematoria",
    );
    expect(screen.getByRole("group", { name: question })).toHaveAccessibleDescription(
      expect.stringMatching(/Error:\s*This field is required$/),
    );
    expect(onContinue).not.toHaveBeenCalled();
  });
});
