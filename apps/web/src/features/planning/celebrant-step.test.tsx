import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { renderStepScreen } from "../../test/step-screen-harness";
import { CelebrantStep } from "./celebrant-step";
import { chooseAttendance, chooseRemains, getJourneySnapshot, resetJourney } from "./journey-store";

const planOptions = seededPlanOptions();
const question = "Who would you like to lead the service?";

function totalShown(): string | null | undefined {
  const panel = screen.getByRole("complementary", { name: "Your price so far" });
  return within(panel).getByText("Total", { selector: "dt" }).nextElementSibling?.textContent;
}

function renderCelebrantStep() {
  return renderStepScreen(CelebrantStep, "celebrant", planOptions);
}

beforeEach(() => {
  resetJourney();
  chooseAttendance(planOptions, 1); // attended, £2,950
  chooseRemains(planOptions, 4); // cremation, £990
});

describe("CelebrantStep", () => {
  it("offers each kind of celebrant with what it means and its price", () => {
    renderCelebrantStep();

    const group = screen.getByRole("group", { name: question });
    expect(within(group).getAllByRole("radio")).toHaveLength(3);
    expect(within(group).getByRole("radio", { name: "Your funeral director £0" })).not.toBeChecked();
    expect(within(group).getByRole("radio", { name: "Led by family or friends £0" })).toBeInTheDocument();
    expect(
      within(group).getByRole("radio", { name: "A minister or celebrant £220" }),
    ).toHaveAccessibleDescription(
      expect.stringMatching(/^A religious minister or an independent celebrant leads the service\./),
    );
  });

  it("adds the celebrant's price to the running price as soon as one is chosen", async () => {
    const user = userEvent.setup();
    renderCelebrantStep();
    expect(totalShown()).toBe("£3,940");

    await user.click(screen.getByRole("radio", { name: /A minister or celebrant/ }));
    expect(screen.getByRole("radio", { name: /A minister or celebrant/ })).toBeChecked();
    expect(totalShown()).toBe("£4,160");

    await user.click(screen.getByRole("radio", { name: /Led by family or friends/ }));
    expect(totalShown()).toBe("£3,940");
    expect(getJourneySnapshot().journeyData.celebrant).toEqual({ celebrant: 7, notes: "" });
  });

  it("says a choice is needed, at the top and under the question, and stays on the step", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderCelebrantStep();

    await user.click(screen.getByRole("button", { name: "Continue" }));

    const summary = screen.getByRole("alert");
    expect(within(summary).getByRole("link", { name: "This field is required" })).toHaveAttribute(
      "href",
      "#celebrant",
    );
    expect(document.getElementById("celebrant")).toHaveAttribute("type", "radio");
    expect(screen.getByRole("group", { name: question })).toHaveAccessibleDescription(
      expect.stringMatching(/Error:\s*This field is required$/),
    );
    expect(onContinue).not.toHaveBeenCalled();

    await user.click(screen.getByRole("radio", { name: /Your funeral director/ }));
    expect(screen.queryByText("This field is required")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it("keeps optional notes, such as a minister's name, with the choice", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderCelebrantStep();

    const notes = screen.getByRole("textbox", { name: /such as a minister's name/ });
    await user.type(notes, "Reverend Ann Hale");
    await user.click(screen.getByRole("radio", { name: /A minister or celebrant/ }));

    expect(notes).toHaveValue("Reverend Ann Hale");
    expect(getJourneySnapshot().journeyData.celebrant).toEqual({ celebrant: 8, notes: "Reverend Ann Hale" });
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it("shows the choice made on an earlier visit", async () => {
    const user = userEvent.setup();
    const first = renderCelebrantStep();
    await user.click(screen.getByRole("radio", { name: /A minister or celebrant/ }));
    await user.type(screen.getByRole("textbox", { name: /such as a minister's name/ }), "Father Doyle");
    first.unmount();

    renderCelebrantStep();
    expect(screen.getByRole("radio", { name: /A minister or celebrant/ })).toBeChecked();
    expect(screen.getByRole("textbox", { name: /such as a minister's name/ })).toHaveValue("Father Doyle");
  });
});
