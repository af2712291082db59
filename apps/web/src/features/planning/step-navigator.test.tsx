import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  answer,
  chooseAttendance,
  choosePackage,
  chooseRemains,
  initialJourneyState,
  type JourneyState,
  type JourneyStepHandle,
} from "@kindred/domain";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { StepNavigator } from "./step-navigator";

const planOptions = seededPlanOptions();

function renderNavigator(journey: JourneyState, current: JourneyStepHandle) {
  render(<StepNavigator journey={journey} current={current} serverSteps={planOptions.steps} />);
  return screen.getByRole("navigation", { name: "Your progress" });
}

/** Each line of the list: its name (numbered or not) and how it stands. */
function listed(navigator: HTMLElement): string[] {
  return within(navigator)
    .getAllByRole("listitem")
    .map((item) =>
      Array.from(item.querySelectorAll(".step-navigator__name, .step-navigator__status"))
        .map((part) => part.textContent)
        .join(" | "),
    );
}

describe("StepNavigator (issue 25 item 8)", () => {
  it("counts only the steps the person is shown: a package's choices are listed, unnumbered, as chosen for them", () => {
    const journey = choosePackage(initialJourneyState(), planOptions, 2); // Traditional: an attended cremation
    const navigator = renderNavigator(journey, "funeral-director");

    expect(
      within(navigator).getByText("Step 2 of 4: Funeral director", { selector: "summary" }),
    ).toBeVisible();
    expect(listed(navigator)).toEqual([
      "1. Kind of funeral | Done",
      "2. Funeral director | Available",
      "Burial or cremation | Chosen for you",
      "Crematorium | Chosen for you",
      "Celebrant | Chosen for you",
      "Pallbearers | Chosen for you",
      "Transport | Chosen for you",
      "Coffin | Chosen for you",
      "Ashes | Chosen for you",
      "3. Record your wishes | Not started",
      "4. Summary | Not started",
    ]);
  });

  it("numbers the list as the summary line does, with the crematorium's steps once cremation is chosen", () => {
    let journey = chooseAttendance(initialJourneyState(), planOptions, 1); // attended
    journey = answer(journey, planOptions, "funeralDirector", { id: 2 });
    journey = chooseRemains(journey, planOptions, 4); // cremation
    const navigator = renderNavigator(journey, "crematoria");

    expect(within(navigator).getByText("Step 4 of 11: Crematorium", { selector: "summary" })).toBeVisible();
    const names = within(navigator)
      .getAllByRole("listitem")
      .map((item) => item.querySelector(".step-navigator__name")?.textContent);
    expect(names).toEqual([
      "1. Kind of funeral",
      "2. Funeral director",
      "3. Burial or cremation",
      "4. Crematorium",
      "5. Celebrant",
      "6. Pallbearers",
      "7. Transport",
      "8. Coffin",
      "9. Ashes",
      "10. Record your wishes",
      "11. Summary",
    ]);
  });

  it("gives a step chosen for the person, opened from the list, no number", () => {
    const journey = choosePackage(initialJourneyState(), planOptions, 2);
    const navigator = renderNavigator(journey, "coffin");

    expect(within(navigator).getByText("Coffin: chosen for you", { selector: "summary" })).toBeVisible();
  });
});
