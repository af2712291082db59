import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { priceShown, renderStepScreen } from "../../test/step-screen-harness";
import { AdditionalStep } from "./additional-step";
import { chooseAttendance, chooseRemains, getJourneySnapshot, resetJourney } from "./journey-store";

const planOptions = seededPlanOptions();

function renderAdditionalStep() {
  return renderStepScreen(AdditionalStep, "additional", planOptions);
}

function section(title: string): HTMLElement {
  return screen.getByRole("region", { name: title });
}

beforeEach(() => {
  resetJourney();
  chooseAttendance(planOptions, 1); // attended, £2,950
  chooseRemains(planOptions, 4); // cremation, £990
});

describe("AdditionalStep", () => {
  it("says plainly, before any wish, that contributions are not guaranteed", () => {
    renderAdditionalStep();

    const form = document.querySelector("form")!;
    const note = form.firstElementChild!;
    expect(note).toHaveTextContent(/Contributions are not guaranteed like the rest of your plan/);
    expect(note).toHaveTextContent(/helps your loved ones carry out your wishes/);
  });

  it("has a section for each wish with the step's question; every wish but readings can have money set aside", () => {
    renderAdditionalStep();

    const form = document.querySelector("form")!;
    expect(
      within(form)
        .getAllByRole("heading", { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual([
      "Order of service and stationery",
      "Flowers",
      "Memorial",
      "Photography and video",
      "Music",
      "Readings",
      "Anything else",
    ]);
    expect(
      within(section("Flowers")).getByRole("textbox", { name: "What flowers would you like?" }),
    ).toHaveAttribute("id", "flowers-notes");
    expect(
      within(section("Flowers")).getByRole("textbox", { name: "Money to set aside for flowers (optional)" }),
    ).toHaveAccessibleDescription(expect.stringContaining("A contribution, not guaranteed."));
    expect(
      within(section("Readings")).getByRole("textbox", {
        name: "Are there any readings, poems or prayers you would like?",
      }),
    ).toBeInTheDocument();
    expect(within(section("Readings")).getAllByRole("textbox")).toHaveLength(1);
    expect(screen.getAllByRole("textbox", { name: /^Money to set aside for/ })).toHaveLength(6);
  });

  it("offers flower arrangements with guide prices as ideas", async () => {
    const user = userEvent.setup();
    renderAdditionalStep();

    await user.click(screen.getByText("Ideas for flowers, with guide prices"));
    const ideas = within(section("Flowers")).getAllByRole("listitem");
    expect(ideas).toHaveLength(5);
    expect(ideas[0]).toHaveTextContent(/^Posy, about £45\./);
    expect(ideas[1]).toHaveTextContent(/^Coffin spray, about £125\./);
  });

  it("adds money set aside to the running price as a contribution that is not guaranteed", async () => {
    const user = userEvent.setup();
    renderAdditionalStep();
    expect(priceShown("Total")).toBe("£3,940");

    await user.type(screen.getByRole("textbox", { name: "What flowers would you like?" }), "White lilies");
    await user.type(
      screen.getByRole("textbox", { name: "Money to set aside for flowers (optional)" }),
      "150",
    );
    expect(priceShown("Total")).toBe("£4,090");
    expect(priceShown("of which contributions (not guaranteed)")).toBe("£150");

    await user.type(
      screen.getByRole("textbox", { name: "Money to set aside for music (optional)" }),
      "25.50",
    );
    expect(priceShown("Total")).toBe("£4,115.50");
    expect(priceShown("of which contributions (not guaranteed)")).toBe("£175.50");

    expect(getJourneySnapshot().journeyData.flowers).toEqual({
      notes: "White lilies",
      contribution: "150",
      isContributionStep: true,
    });
    expect(getJourneySnapshot().priceData).toMatchObject({ flowers: 15_000, music: 2_550 });
  });

  it("keeps readings as notes only, and lets every wish be left blank", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderAdditionalStep();

    await user.type(
      screen.getByRole("textbox", { name: "Are there any readings, poems or prayers you would like?" }),
      "Do not stand at my grave and weep",
    );
    expect(getJourneySnapshot().journeyData.readings).toEqual({ notes: "Do not stand at my grave and weep" });

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it("says when a contribution is not an amount of money", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderAdditionalStep();
    const money = screen.getByRole("textbox", { name: "Money to set aside for a memorial (optional)" });

    await user.type(
      screen.getByRole("textbox", { name: /memorial, such as a headstone/ }),
      "A bench in the park",
    );
    await user.type(money, "fifty pounds");
    expect(priceShown("Total")).toBe("£3,940");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const link = within(screen.getByRole("alert")).getByRole("link", { name: "This should be a number" });
    expect(link).toHaveAttribute("href", "#memorial-contribution");
    expect(money).toHaveAccessibleDescription(expect.stringMatching(/Error:\s*This should be a number$/));
    expect(onContinue).not.toHaveBeenCalled();

    await user.click(link);
    expect(money).toHaveFocus();

    await user.clear(money);
    await user.type(money, "£1,200");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(priceShown("Total")).toBe("£5,140");
  });

  it("needs a few words on what money set aside is for", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderAdditionalStep();

    await user.type(screen.getByRole("textbox", { name: "Money to set aside for music (optional)" }), "80");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const link = within(screen.getByRole("alert")).getByRole("link", {
      name: "Please tell us what this contribution is for (at least 2 characters).",
    });
    expect(link).toHaveAttribute("href", "#music-notes");
    expect(onContinue).not.toHaveBeenCalled();
    expect(getJourneySnapshot().steps.additional.completed).toBe(false);

    const notes = screen.getByRole("textbox", { name: "What music would you like?" });
    await user.type(notes, "A");
    expect(within(screen.getByRole("alert")).getByRole("link")).toHaveAttribute("href", "#music-notes");
    await user.type(notes, "bide with me");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledOnce();
    expect(getJourneySnapshot().steps.additional.completed).toBe(true);
  });

  it("lists each problem once, in the order of the page", async () => {
    const user = userEvent.setup();
    renderAdditionalStep();

    await user.type(
      screen.getByRole("textbox", { name: "Money to set aside for anything else (optional)" }),
      "abc",
    );
    await user.type(
      screen.getByRole("textbox", { name: "Money to set aside for stationery (optional)" }),
      "40",
    );
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(
      within(screen.getByRole("alert"))
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["#stationery-notes", "#otherRequests-contribution"]);
  });
});
