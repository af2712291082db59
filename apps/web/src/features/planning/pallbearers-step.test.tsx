import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { messages } from "@kindred/domain";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { renderStepScreen } from "../../test/step-screen-harness";
import { chooseAttendance, chooseRemains, getJourneySnapshot, resetJourney } from "./journey-store";
import { PallbearersStep } from "./pallbearers-step";

const planOptions = seededPlanOptions();
const question = "Who would you like to carry the coffin?";
const contributionLabel = "Would you like to set aside money for them? (optional)";
const notesLabel = "Who would you like to carry the coffin? (optional)";

function totalShown(): string | null | undefined {
  const panel = screen.getByRole("complementary", { name: "Your price so far" });
  return within(panel).getByText("Total", { selector: "dt" }).nextElementSibling?.textContent;
}

function renderPallbearersStep() {
  return renderStepScreen(PallbearersStep, "pallbearers", planOptions);
}

beforeEach(() => {
  resetJourney();
  chooseAttendance(planOptions, 1); // attended, £2,950
  chooseRemains(planOptions, 4); // cremation, £990
});

describe("PallbearersStep", () => {
  it("offers bearers from the funeral director or family and friends, with their prices", () => {
    renderPallbearersStep();

    const group = screen.getByRole("group", { name: question });
    expect(within(group).getAllByRole("radio")).toHaveLength(2);
    expect(
      within(group).getByRole("radio", { name: "Provided by your funeral director £300" }),
    ).not.toBeChecked();
    expect(within(group).getByRole("radio", { name: "Family or friends £0" })).not.toBeChecked();
    expect(screen.queryByRole("textbox", { name: contributionLabel })).not.toBeInTheDocument();
  });

  it("updates the running price as the choice changes", async () => {
    const user = userEvent.setup();
    renderPallbearersStep();
    expect(totalShown()).toBe("£3,940");

    await user.click(screen.getByRole("radio", { name: /Provided by your funeral director/ }));
    expect(totalShown()).toBe("£4,240");

    await user.click(screen.getByRole("radio", { name: /Family or friends/ }));
    expect(totalShown()).toBe("£3,940");
  });

  it("asks about money for family or friends only when they carry the coffin, and says it is not guaranteed", async () => {
    const user = userEvent.setup();
    renderPallbearersStep();

    await user.click(screen.getByRole("radio", { name: /Family or friends/ }));

    const amount = screen.getByRole("textbox", { name: contributionLabel });
    expect(amount).toHaveValue("");
    expect(amount).toHaveAccessibleDescription(expect.stringMatching(/held for your loved ones/));
    expect(amount).toHaveAccessibleDescription(expect.stringMatching(/not guaranteed/));
    expect(screen.getByRole("textbox", { name: notesLabel })).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: /Provided by your funeral director/ }));
    expect(screen.queryByRole("textbox", { name: contributionLabel })).not.toBeInTheDocument();
  });

  it("adds money set aside to the running price, as a contribution", async () => {
    const user = userEvent.setup();
    renderPallbearersStep();
    await user.click(screen.getByRole("radio", { name: /Family or friends/ }));

    await user.type(screen.getByRole("textbox", { name: notesLabel }), "My four grandsons");
    await user.type(screen.getByRole("textbox", { name: contributionLabel }), "120.50");

    expect(totalShown()).toBe("£4,060.50");
    expect(getJourneySnapshot().priceData["pallbearers-contribution"]).toBe(12_050);
    expect(getJourneySnapshot().journeyData.pallbearers).toEqual({
      pallbearerType: 10,
      notes: "My four grandsons",
      contribution: "120.50",
    });
  });

  it("asks for an amount in pounds when the contribution is not money", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderPallbearersStep();
    await user.click(screen.getByRole("radio", { name: /Family or friends/ }));
    await user.type(screen.getByRole("textbox", { name: contributionLabel }), "fifty");

    await user.click(screen.getByRole("button", { name: "Continue" }));

    const summary = screen.getByRole("alert");
    expect(within(summary).getByRole("link", { name: messages.notANumber })).toHaveAttribute(
      "href",
      "#pallbearers-contribution",
    );
    expect(screen.getByRole("textbox", { name: contributionLabel })).toHaveAccessibleDescription(
      expect.stringMatching(new RegExp(`Error:\\s*${messages.notANumber}$`)),
    );
    expect(totalShown()).toBe("£3,940");
    expect(onContinue).not.toHaveBeenCalled();

    await user.clear(screen.getByRole("textbox", { name: contributionLabel }));
    expect(screen.queryByText(messages.notANumber)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(getJourneySnapshot().journeyData.pallbearers?.contribution).toBe("0");
  });

  it("needs notes of at least two characters when money is set aside", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderPallbearersStep();
    await user.click(screen.getByRole("radio", { name: /Family or friends/ }));
    await user.type(screen.getByRole("textbox", { name: contributionLabel }), "50");
    await user.type(screen.getByRole("textbox", { name: notesLabel }), "J");

    await user.click(screen.getByRole("button", { name: "Continue" }));

    const summary = screen.getByRole("alert");
    expect(within(summary).getByRole("link", { name: messages.contributionNeedsNotes })).toHaveAttribute(
      "href",
      "#pallbearers-notes",
    );
    expect(screen.getByRole("textbox", { name: notesLabel })).toHaveAccessibleDescription(
      expect.stringMatching(/Error:\s*Please tell us what this contribution is for/),
    );
    expect(onContinue).not.toHaveBeenCalled();

    await user.type(screen.getByRole("textbox", { name: notesLabel }), "ohn and Peter");
    expect(screen.queryByText(messages.contributionNeedsNotes)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it("needs no notes when no money is set aside", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderPallbearersStep();
    await user.click(screen.getByRole("radio", { name: /Family or friends/ }));

    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it("takes the money off when switching to the funeral director's bearers, and brings it back on switching back", async () => {
    const user = userEvent.setup();
    renderPallbearersStep();
    await user.click(screen.getByRole("radio", { name: /Family or friends/ }));
    await user.type(screen.getByRole("textbox", { name: notesLabel }), "My nephews");
    await user.type(screen.getByRole("textbox", { name: contributionLabel }), "80");
    expect(totalShown()).toBe("£4,020");

    await user.click(screen.getByRole("radio", { name: /Provided by your funeral director/ }));
    expect(getJourneySnapshot().journeyData.pallbearers).toEqual({
      pallbearerType: 9,
      notes: "",
      contribution: "0",
    });
    expect(totalShown()).toBe("£4,240");

    await user.click(screen.getByRole("radio", { name: /Family or friends/ }));
    expect(screen.getByRole("textbox", { name: contributionLabel })).toHaveValue("80");
    expect(screen.getByRole("textbox", { name: notesLabel })).toHaveValue("My nephews");
    expect(totalShown()).toBe("£4,020");
  });

  it("says a choice is needed when Continue is pressed without one", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderPallbearersStep();

    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(
      within(screen.getByRole("alert")).getByRole("link", { name: "This field is required" }),
    ).toHaveAttribute("href", "#pallbearers");
    expect(onContinue).not.toHaveBeenCalled();
  });
});
