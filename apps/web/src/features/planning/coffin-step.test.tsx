import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { priceShown, renderStepScreen } from "../../test/step-screen-harness";
import { CoffinStep } from "./coffin-step";
import { chooseAttendance, chooseRemains, getJourneySnapshot, resetJourney } from "./journey-store";

const planOptions = seededPlanOptions();
const question = "Which coffin would you like?";

function coffinRadios(): HTMLElement[] {
  return within(screen.getByRole("group", { name: question })).getAllByRole("radio");
}

function renderCoffinStep() {
  return renderStepScreen(CoffinStep, "coffin", planOptions);
}

beforeEach(() => {
  resetJourney();
  chooseAttendance(planOptions, 1); // attended, £2,950
  chooseRemains(planOptions, 4); // cremation, £990
});

describe("CoffinStep", () => {
  it("shows all twelve coffins with a picture, a description and a price", () => {
    renderCoffinStep();

    const radios = coffinRadios();
    expect(radios).toHaveLength(12);
    expect(radios[0]).toHaveAccessibleName("The Park £0");
    expect(radios[0]).toHaveAttribute("id", "coffin");
    expect(radios[0]).toHaveAccessibleDescription(expect.stringContaining("It is included in your plan."));
    expect(screen.getByRole("radio", { name: "The Willow £225" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "The Snowdon £1,150" })).toHaveAccessibleDescription(
      expect.stringMatching(/^Premier traditional collection\. Our finest coffin/),
    );
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);

    const pictures = screen.getAllByRole("img");
    expect(pictures).toHaveLength(12);
    const park = screen.getByRole("img", {
      name: "A plain, pale buff coffin with a smooth matt finish and no handles.",
    });
    expect(park).toHaveAttribute("src", "/images/coffins/park.svg?width=464&height=336");
    expect(park).toHaveAttribute("width", "464");
    expect(park).toHaveAttribute("height", "336");
    expect(pictures.slice(0, 4).map((picture) => picture.getAttribute("loading"))).toEqual([
      "eager",
      "eager",
      "eager",
      "eager",
    ]);
    expect(pictures.slice(4).every((picture) => picture.getAttribute("loading") === "lazy")).toBe(true);
  });

  it("adds the chosen coffin's price to the running price at once", async () => {
    const user = userEvent.setup();
    renderCoffinStep();
    expect(priceShown("Total")).toBe("£3,940");

    await user.click(screen.getByRole("radio", { name: /The Willow/ }));
    expect(screen.getByRole("radio", { name: /The Willow/ })).toBeChecked();
    expect(priceShown("Total")).toBe("£4,165");
    expect(getJourneySnapshot().journeyData.coffin).toEqual({ id: 33 });

    // Pressing the name (the label) chooses the coffin too.
    await user.click(screen.getByText("The Park"));
    expect(priceShown("Total")).toBe("£3,940");
    expect(screen.getByRole("radio", { name: /The Park/ })).toBeChecked();
  });

  it("shows one collection at a time, and all of them again", async () => {
    const user = userEvent.setup();
    renderCoffinStep();

    const filter = screen.getByRole("group", { name: "Show coffins" });
    const buttons = within(filter).getAllByRole("button");
    expect(buttons.map((button) => button.textContent)).toEqual([
      "All coffins (12)",
      "Basic (2)",
      "Willow (2)",
      "Bamboo (2)",
      "Simple traditional (2)",
      "Traditional (2)",
      "Premier traditional (2)",
    ]);
    expect(within(filter).getByRole("button", { name: "All coffins (12)" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    await user.click(within(filter).getByRole("button", { name: "Traditional (2)" }));
    expect(within(filter).getByRole("button", { name: "Traditional (2)" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(within(filter).getByRole("button", { name: "All coffins (12)" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(coffinRadios().map((radio) => radio.getAttribute("value"))).toEqual(["39", "40"]);
    expect(screen.getByRole("radio", { name: "The Northumberland £595" })).toHaveAttribute("id", "coffin");
    expect(screen.getByRole("status")).toHaveTextContent(
      "Showing 2 of 12 coffins: the Traditional collection.",
    );

    await user.click(within(filter).getByRole("button", { name: "All coffins (12)" }));
    expect(coffinRadios()).toHaveLength(12);
    expect(screen.getByRole("status")).toHaveTextContent("Showing all 12 coffins.");
  });

  it("keeps the chosen coffin when the filter hides it, and says which one is chosen", async () => {
    const user = userEvent.setup();
    renderCoffinStep();
    await user.click(screen.getByRole("radio", { name: /The Windsor/ }));

    await user.click(screen.getByRole("button", { name: "Willow (2)" }));
    expect(screen.queryByRole("radio", { name: /The Windsor/ })).not.toBeInTheDocument();
    expect(screen.getByTestId("chosen-coffin-hidden")).toHaveTextContent(
      "You have chosen The Windsor (£125). It is not shown here because it is in the Basic collection.",
    );
    expect(getJourneySnapshot().journeyData.coffin).toEqual({ id: 32 });
    expect(priceShown("Total")).toBe("£4,065");

    await user.click(screen.getByRole("button", { name: "Show all coffins" }));
    expect(coffinRadios()).toHaveLength(12);
    expect(screen.getByRole("radio", { name: /The Windsor/ })).toBeChecked();
    expect(screen.queryByTestId("chosen-coffin-hidden")).not.toBeInTheDocument();
  });

  it("needs a coffin chosen; the error links to the first coffin shown", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderCoffinStep();
    await user.click(screen.getByRole("button", { name: "Bamboo (2)" }));

    await user.click(screen.getByRole("button", { name: "Continue" }));

    const link = within(screen.getByRole("alert")).getByRole("link", { name: "This field is required" });
    expect(link).toHaveAttribute("href", "#coffin");
    expect(screen.getByRole("group", { name: question })).toHaveAccessibleDescription(
      expect.stringMatching(/Error:\s*This field is required$/),
    );
    expect(onContinue).not.toHaveBeenCalled();

    await user.click(link);
    expect(screen.getByRole("radio", { name: /The Bamboo/ })).toHaveFocus();

    await user.click(screen.getByRole("radio", { name: /The Dale/ }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledOnce();
  });
});
