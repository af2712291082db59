import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { messages, planSections } from "@kindred/domain";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { renderStepScreen } from "../../test/step-screen-harness";
import { chooseAttendance, chooseRemains, getJourneySnapshot, resetJourney } from "./journey-store";
import { TransportationStep } from "./transportation-step";

const planOptions = seededPlanOptions();
const deceasedQuestion = "How would you like to be taken to the funeral?";
const carsQuestion = "Would you like cars for your family and friends?";
const processionQuestion =
  "Would you like a personalised procession, for example past your home or a place that matters to you?";
const limousines = "Limousine (£325 each)";
/** The tick box's name: its label, then what it means (the catalogue's description). */
const ownWay = /^Family and friends make their own way/;

function totalShown(): string | null | undefined {
  const panel = screen.getByRole("complementary", { name: "Your price so far" });
  return within(panel).getByText("Total", { selector: "dt" }).nextElementSibling?.textContent;
}

function renderTransportationStep() {
  return renderStepScreen(TransportationStep, "transportation", planOptions);
}

function attendedCremation() {
  chooseAttendance(planOptions, 1); // attended, £2,950
  chooseRemains(planOptions, 4); // cremation, £990
}

beforeEach(() => {
  resetJourney();
});

describe("TransportationStep", () => {
  it("asks about the person who has died, then family and friends, then the procession", () => {
    attendedCremation();
    renderTransportationStep();

    const stepForm = screen.getByRole("button", { name: "Continue" }).closest("form")!;
    expect(
      within(stepForm)
        .getAllByRole("heading", { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual([
      "Transport for the person who has died",
      "Transport for family and friends",
      "A personalised procession",
    ]);
    const deceased = screen.getByRole("group", { name: deceasedQuestion });
    expect(
      within(deceased)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("id")),
    ).toEqual([
      "deceaseTransportation",
      "deceaseTransportation-2",
      "deceaseTransportation-3",
      "deceaseTransportation-4",
    ]);
    expect(within(deceased).getByRole("radio", { name: "Private ambulance £0" })).toBeInTheDocument();
    expect(within(deceased).getByRole("radio", { name: "Traditional hearse £295" })).toBeInTheDocument();
    expect(within(deceased).getByRole("radio", { name: "Horse-drawn carriage £1,650" })).toBeInTheDocument();
    expect(within(deceased).getByRole("radio", { name: "A vehicle of my choice £0" })).toBeInTheDocument();

    const cars = screen.getByRole("group", { name: carsQuestion });
    expect(within(cars).getByRole("spinbutton", { name: limousines })).toHaveValue(0);
    // Making their own way has no cars and no price: a tick box, with no number to choose.
    expect(within(cars).getByRole("checkbox", { name: ownWay })).not.toBeChecked();
    expect(within(cars).queryByRole("spinbutton", { name: ownWay })).not.toBeInTheDocument();
    expect(within(cars).getAllByRole("spinbutton")).toHaveLength(1);
  });

  it("updates the running price as the transport for the person who has died is chosen", async () => {
    const user = userEvent.setup();
    attendedCremation();
    renderTransportationStep();
    expect(totalShown()).toBe("£3,940");

    await user.click(screen.getByRole("radio", { name: /Horse-drawn carriage/ }));
    expect(totalShown()).toBe("£5,590");

    await user.click(screen.getByRole("radio", { name: /Traditional hearse/ }));
    expect(totalShown()).toBe("£4,235");
    expect(getJourneySnapshot().journeyData.deceaseTransportation).toEqual({
      transportationType: 18,
      notes: "",
      contribution: "0",
    });
  });

  it("needs the transport for the person who has died before going on", async () => {
    const user = userEvent.setup();
    attendedCremation();
    const { onContinue } = renderTransportationStep();

    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(
      within(screen.getByRole("alert")).getByRole("link", { name: "This field is required" }),
    ).toHaveAttribute("href", "#deceaseTransportation");
    expect(screen.getByRole("group", { name: deceasedQuestion })).toHaveAccessibleDescription(
      expect.stringMatching(/Error:\s*This field is required$/),
    );
    expect(onContinue).not.toHaveBeenCalled();

    await user.click(screen.getByRole("radio", { name: /Private ambulance/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it("prices limousines by the number wanted, and stores only the cars asked for", async () => {
    const user = userEvent.setup();
    attendedCremation();
    renderTransportationStep();

    await user.click(screen.getByRole("button", { name: `One more: ${limousines}` }));
    await user.click(screen.getByRole("button", { name: `One more: ${limousines}` }));

    expect(screen.getByRole("spinbutton", { name: limousines })).toHaveValue(2);
    expect(totalShown()).toBe("£4,590");
    expect(getJourneySnapshot().journeyData.attendeesTransportation).toEqual({
      selectedTransportationTypes: [
        { transportationType: { id: 21, name: "Limousine", price: 32_500 }, quantity: 2 },
      ],
      notes: "",
      contribution: "0",
    });

    await user.click(screen.getByRole("button", { name: `One fewer: ${limousines}` }));
    await user.click(screen.getByRole("button", { name: `One fewer: ${limousines}` }));
    expect(totalShown()).toBe("£3,940");
    expect(getJourneySnapshot().journeyData.attendeesTransportation?.selectedTransportationTypes).toEqual([]);
  });

  it("offers up to four limousines, and making their own way as a tick box at no charge", async () => {
    const user = userEvent.setup();
    attendedCremation();
    renderTransportationStep();

    const moreLimousines = screen.getByRole("button", { name: `One more: ${limousines}` });
    for (let count = 0; count < 4; count += 1) await user.click(moreLimousines);
    expect(screen.getByRole("spinbutton", { name: limousines })).toHaveValue(4);
    expect(moreLimousines).toBeDisabled();
    expect(totalShown()).toBe("£5,240");

    await user.click(screen.getByRole("checkbox", { name: ownWay }));
    expect(screen.getByRole("checkbox", { name: ownWay })).toBeChecked();
    expect(getJourneySnapshot().journeyData.attendeesTransportation?.selectedTransportationTypes).toEqual([
      { transportationType: { id: 21, name: "Limousine", price: 32_500 }, quantity: 4 },
      {
        transportationType: { id: 22, name: "Family and friends make their own way", price: 0 },
        quantity: 1,
      },
    ]);
    expect(totalShown()).toBe("£5,240");
    // The plan says so in words, without a number of it.
    expect(
      planSections(getJourneySnapshot().journeyData, planOptions).find(
        (line) => line.key === "attendeesTransportationOptions",
      )?.answer,
    ).toBe("4 × Limousine, Family and friends make their own way");

    await user.click(screen.getByRole("checkbox", { name: ownWay }));
    expect(getJourneySnapshot().journeyData.attendeesTransportation?.selectedTransportationTypes).toEqual([
      { transportationType: { id: 21, name: "Limousine", price: 32_500 }, quantity: 4 },
    ]);
  });

  it("asks about a vehicle of the person's choice and money towards it, with the contribution rules", async () => {
    const user = userEvent.setup();
    attendedCremation();
    const { onContinue } = renderTransportationStep();
    const amountLabel = "Would you like to set aside money towards it? (optional)";
    const notesLabel = "Tell us about the vehicle you would like (optional)";
    expect(screen.queryByRole("textbox", { name: amountLabel })).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: /A vehicle of my choice/ }));
    const amount = screen.getByRole("textbox", { name: amountLabel });
    expect(amount).toHaveAccessibleDescription(expect.stringMatching(/not guaranteed/));

    await user.type(amount, "12.345");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      within(screen.getByRole("alert")).getByRole("link", { name: messages.contributionNotMoney }),
    ).toHaveAttribute("href", "#deceaseTransportation-contribution");

    // Replaces the amount in one go, as selecting it and typing over it does.
    await user.tripleClick(amount);
    await user.keyboard("200");
    expect(amount).toHaveValue("200");
    expect(totalShown()).toBe("£4,140");
    expect(
      within(screen.getByRole("alert")).getByRole("link", { name: messages.contributionNeedsNotes }),
    ).toHaveAttribute("href", "#deceaseTransportation-notes");
    expect(onContinue).not.toHaveBeenCalled();

    await user.type(screen.getByRole("textbox", { name: notesLabel }), "My son's Land Rover, for fuel");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("radio", { name: /Traditional hearse/ }));
    expect(getJourneySnapshot().journeyData.deceaseTransportation).toEqual({
      transportationType: 18,
      notes: "",
      contribution: "0",
    });
    expect(totalShown()).toBe("£4,235");
  });

  it("keeps money for family and friends' travel optional, but asks what it is for", async () => {
    const user = userEvent.setup();
    attendedCremation();
    const { onContinue } = renderTransportationStep();
    await user.click(screen.getByRole("radio", { name: /Private ambulance/ }));

    await user.type(
      screen.getByRole("textbox", {
        name: "Would you like to set aside money towards their travel? (optional)",
      }),
      "60",
    );
    expect(totalShown()).toBe("£4,000");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      within(screen.getByRole("alert")).getByRole("link", { name: messages.contributionNeedsNotes }),
    ).toHaveAttribute("href", "#attendeesTransportation-notes");
    expect(onContinue).not.toHaveBeenCalled();

    await user.type(
      screen.getByRole("textbox", {
        name: "Anything you would like us to know about travel for family and friends (optional)",
      }),
      "Train fares for my sister",
    );
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(getJourneySnapshot().journeyData.attendeesTransportation).toEqual({
      selectedTransportationTypes: [],
      notes: "Train fares for my sister",
      contribution: "60",
    });
  });

  it("asks about a personalised procession for an attended funeral, with notes when one is wanted", async () => {
    const user = userEvent.setup();
    attendedCremation();
    renderTransportationStep();
    const processionNotes = "Tell us about the procession (optional)";

    const procession = screen.getByRole("group", { name: processionQuestion });
    expect(
      within(procession)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("id")),
    ).toEqual(["procession", "procession-2"]);
    expect(screen.queryByRole("textbox", { name: processionNotes })).not.toBeInTheDocument();

    await user.click(within(procession).getByRole("radio", { name: "Yes" }));
    const notes = screen.getByRole("textbox", { name: processionNotes });
    expect(notes).toHaveAccessibleDescription("For example, a route past a favourite place.");
    await user.type(notes, "Past the allotments on Mill Lane");
    expect(getJourneySnapshot().journeyData.procession).toEqual({
      personalisedProcession: true,
      notes: "Past the allotments on Mill Lane",
    });
    expect(totalShown()).toBe("£3,940");

    await user.click(within(procession).getByRole("radio", { name: "No" }));
    expect(screen.queryByRole("textbox", { name: processionNotes })).not.toBeInTheDocument();
    expect(getJourneySnapshot().journeyData.procession).toEqual({ personalisedProcession: false, notes: "" });

    await user.click(within(procession).getByRole("radio", { name: "Yes" }));
    expect(screen.getByRole("textbox", { name: processionNotes })).toHaveValue(
      "Past the allotments on Mill Lane",
    );
  });

  it.each([
    ["an unattended cremation", 2],
    ["a private farewell", 3],
  ])("does not ask about a procession for %s", (_kind, attendanceId) => {
    chooseAttendance(planOptions, attendanceId);
    renderTransportationStep();

    expect(screen.getByRole("group", { name: deceasedQuestion })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "A personalised procession" })).not.toBeInTheDocument();
    expect(screen.queryByRole("group", { name: processionQuestion })).not.toBeInTheDocument();
  });
});
