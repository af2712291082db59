import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { createFuneralDirectorBranch, seededPlanOptions } from "../../test/plan-options-factory";
import { renderStepScreen } from "../../test/step-screen-harness";
import { CrematoriaStep } from "./crematoria-step";
import { answer, chooseAttendance, chooseRemains, getJourneySnapshot, resetJourney } from "./journey-store";

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
afterEach(() => {
  vi.unstubAllGlobals();
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

  it("orders named crematoria nearest the chosen funeral director first, saying how far each is", async () => {
    const planOptions = seededPlanOptions();
    const birmingham = createFuneralDirectorBranch({
      id: 7,
      code: "edgbaston",
      name: "Edgbaston",
      coordinate: { latitude: 52.4862, longitude: -1.8904 },
    });
    fakeFetch((request) =>
      request.url === "/token"
        ? tokenResponse("test-token")
        : request.url === "/api/funeral-director/location?id=7"
          ? jsonResponse(birmingham)
          : jsonResponse({ violations: [] }, 404),
    );
    answer(planOptions, "funeralDirector", { id: 7 });

    renderStepScreen(CrematoriaStep, "crematoria", planOptions);

    expect(screen.getByRole("status")).toHaveTextContent(
      "Finding the crematoria nearest your funeral director",
    );
    const group = await screen.findByRole("group", { name: question });
    const radios = within(group).getAllByRole("radio");
    expect(radios[0]).toHaveAccessibleName("Your nearest crematorium (arranged by your funeral director)");
    expect(radios[1]).toHaveAccessibleName("Lodge Hill Crematorium");
    expect(radios[1]).toHaveAccessibleDescription(
      expect.stringMatching(/B29 5AA\. 4\.4 miles from your funeral director$/),
    );
    expect(radios[2]).toHaveAccessibleName("Manchester Crematorium");
    expect(radios.at(-1)).toHaveAccessibleName("Daldowie Crematorium");
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
