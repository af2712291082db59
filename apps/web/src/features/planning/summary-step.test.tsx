import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, jsonResponse, tokenResponse, type RecordedRequest } from "../../test/fake-fetch";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { renderStepScreen } from "../../test/step-screen-harness";
import {
  answer,
  chooseAttendance,
  chooseRemains,
  getJourneySnapshot,
  resetJourney,
  startEdit,
  visitStep,
} from "./journey-store";
import { SummaryStep } from "./summary-step";
import { router } from "../../test/fake-navigation";

const planOptions = seededPlanOptions();
const branch = {
  id: 2,
  code: "londonIslington",
  name: "Ashworth & Daughters Funeral Directors",
  address: {
    line1: "214 Upper Street",
    line2: "Islington",
    locality: "London",
    county: "Greater London",
    postcode: "N1 1RL",
  },
  website: "https://www.kindred-funerals.example/branches/islington",
  email: "islington@kindred-funerals.example",
  phone: "020 7946 0112",
  managerName: "Helen Ashworth",
  coordinate: { latitude: 51.54138, longitude: -0.10296 },
  active: true,
  imageUrl: "/images/branches/londonIslington.svg?width={width}&height={height}",
  imageAlt: "Illustration of the branch",
  allowsFuneralDirectorServices: true,
  isHeadOffice: false,
};

let requests: RecordedRequest[];

/** An attended cremation answered all the way to the summary. */
function planAnAttendedCremation() {
  chooseAttendance(planOptions, 1); // Attended funeral £2,950
  answer(planOptions, "funeralDirector", { id: branch.id });
  chooseRemains(planOptions, 4); // Cremation £990
  answer(planOptions, "crematoria", { id: 2 }); // Golders Green Crematorium
  answer(planOptions, "celebrant", { celebrant: 8, notes: "" }); // A minister or celebrant £220
  answer(planOptions, "pallbearers", { pallbearerType: 10, notes: "My grandsons", contribution: "0" });
  answer(planOptions, "deceaseTransportation", { transportationType: 18, notes: "", contribution: "0" }); // Hearse £295
  answer(planOptions, "coffin", { id: 33 }); // The Willow £225
  answer(planOptions, "ashes", { treatmentType: 12, notes: "" }); // Garden of remembrance £65
  answer(planOptions, "flowers", { notes: "White lilies", contribution: "75", isContributionStep: true });
  answer(planOptions, "readings", { notes: "Do not stand at my grave and weep" });
  visitStep("summary");
}

function row(key: string): HTMLElement {
  const term = screen.getByText(key, { selector: "dt" });
  return term.closest(".summary-list__row") as HTMLElement;
}

function renderSummary() {
  return renderStepScreen(SummaryStep, "summary", planOptions);
}

beforeEach(() => {
  resetJourney();
  router.push.mockReset();
  requests = fakeFetch((request) =>
    request.url === "/token" ? tokenResponse("application-token") : jsonResponse(branch),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SummaryStep", () => {
  it("lists every answer of the journey in order, each with its price", async () => {
    planAnAttendedCremation();
    renderSummary();

    const funeral = await screen.findByRole("region", { name: "Your funeral" });
    expect(
      within(funeral)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual([
      "Kind of funeral",
      "Funeral director",
      "Burial or cremation",
      "Crematorium",
      "Who leads the service",
      "Pallbearers",
      "Transport for the person who has died",
      "Coffin",
      "Ashes",
    ]);
    expect(row("Kind of funeral")).toHaveTextContent("Attended funeral£2,950");
    expect(row("Burial or cremation")).toHaveTextContent("Cremation£990");
    expect(row("Crematorium")).toHaveTextContent("Golders Green Crematorium");
    expect(row("Who leads the service")).toHaveTextContent("A minister or celebrant£220");
    expect(row("Coffin")).toHaveTextContent("The Willow£225");
    expect(row("Ashes")).toHaveTextContent("Scattered in the garden of remembrance£65");

    // The branch's name is asked of the API once.
    expect(await within(row("Funeral director")).findByText(branch.name)).toBeInTheDocument();
    const lookups = requests.filter((request) => request.url.startsWith("/api/"));
    expect(lookups.map((request) => request.url)).toEqual([`/api/funeral-director/location?id=${branch.id}`]);
    expect(lookups[0]?.headers.get("authorization")).toBe("Bearer application-token");
  });

  it("marks contributions as not guaranteed, and lists the wishes", async () => {
    planAnAttendedCremation();
    renderSummary();
    await screen.findByText(branch.name);

    const wishes = screen.getByRole("region", { name: "Your wishes" });
    expect(
      within(wishes)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Flowers", "Readings"]);
    expect(row("Flowers")).toHaveTextContent("White lilies£75Not guaranteed");
    expect(row("Readings")).toHaveTextContent("Do not stand at my grave and weep");
    expect(row("Readings")).not.toHaveTextContent("£");
    expect(row("Coffin")).not.toHaveTextContent("Not guaranteed");
  });

  it("shows the price: basic, additional, the contributions within it, and the total", async () => {
    planAnAttendedCremation();
    renderSummary();
    await screen.findByText(branch.name);

    const price = screen.getByRole("region", { name: "Your price" });
    const shown = (key: string) =>
      within(price).getByText(key, { selector: "dt" }).nextElementSibling?.textContent;
    expect(shown("Basic price")).toBe("£2,950");
    // £990 + £220 + £295 + £225 + £65 + £75
    expect(shown("Additional")).toBe("£1,870");
    expect(shown("of which contributions (not guaranteed)")).toBe("£75");
    expect(shown("Total")).toBe("£4,820");
  });

  it("has a Change link on each answer that opens its step in edit mode", async () => {
    const user = userEvent.setup();
    planAnAttendedCremation();
    renderSummary();
    await screen.findByText(branch.name);

    const change = screen.getByRole("link", { name: "Change Coffin" });
    expect(change).toHaveAttribute("href", "/planning/coffin");
    expect(screen.getByRole("link", { name: "Change Flowers" })).toHaveAttribute(
      "href",
      "/planning/additional",
    );
    expect(screen.getByRole("link", { name: "Change Funeral director" })).toHaveAttribute(
      "href",
      "/planning/funeral-director",
    );
    expect(getJourneySnapshot().edit).toBeNull();

    await user.click(change);

    expect(getJourneySnapshot().edit?.step).toBe("coffin");
    expect(router.push).toHaveBeenCalledWith("/planning/coffin");
  });

  it("keeps a change made from the summary when the person comes back to it", async () => {
    planAnAttendedCremation();
    startEdit("coffin");
    answer(planOptions, "coffin", { id: 42 }); // The Snowdon £1,150

    renderSummary();
    await screen.findByText(branch.name);

    expect(getJourneySnapshot().edit).toBeNull();
    expect(getJourneySnapshot().journeyData.coffin).toEqual({ id: 42 });
    expect(row("Coffin")).toHaveTextContent("The Snowdon£1,150");
  });

  it("lists steps not answered yet, with a link to answer them", () => {
    chooseAttendance(planOptions, 1);
    chooseRemains(planOptions, 5); // burial
    renderSummary();

    expect(row("Funeral director")).toHaveTextContent("Not answered yet");
    expect(screen.getByRole("link", { name: "Answer Funeral director" })).toHaveAttribute(
      "href",
      "/planning/funeral-director",
    );
    expect(screen.getByRole("link", { name: "Answer Burial plot" })).toHaveAttribute(
      "href",
      "/planning/burial",
    );
    expect(screen.getByRole("link", { name: "Answer Burial service" })).toHaveAttribute(
      "href",
      "/planning/service-burial",
    );
    expect(screen.queryByText("Crematorium", { selector: "dt" })).not.toBeInTheDocument();
    expect(row("Burial or cremation")).toHaveTextContent("Burial£1,950");
    expect(requests).toEqual([]);
  });

  it("does not offer to change what the kind of funeral chose", async () => {
    chooseAttendance(planOptions, 2); // unattended cremation: coffin and transport chosen for the person
    answer(planOptions, "funeralDirector", { id: branch.id });
    renderSummary();
    await screen.findByText(branch.name);

    expect(row("Coffin")).toHaveTextContent("The Park£0");
    expect(within(row("Coffin")).queryByRole("link")).not.toBeInTheDocument();
    expect(row("Coffin")).toHaveTextContent("Part of your kind of funeral");
    expect(screen.getByRole("link", { name: "Change Kind of funeral" })).toBeInTheDocument();
  });

  it("says what happens next, with the phone number, and confirms the plan is saved", async () => {
    const user = userEvent.setup();
    planAnAttendedCremation();
    const { onContinue } = renderSummary();
    await screen.findByText(branch.name);

    const next = screen.getByRole("region", { name: "What happens next" });
    expect(next).toHaveTextContent("nothing is taken until you buy your plan");
    expect(next).toHaveTextContent("First you read the six documents of your plan");
    expect(next).not.toHaveTextContent("cannot buy it online");
    // Where the plan is kept, said once and the same for a guest and an account: never "saved as
    // you go" beside "until you close the window" as if both held for everyone.
    expect(next).toHaveTextContent(
      "Your plan is saved as you go: to your account if you are signed in, and otherwise in this browser window until you close it.",
    );
    expect(next).toHaveTextContent("To come back to your plan, sign in to your account from any device.");
    expect(within(next).getByRole("link", { name: "0808 157 0192" })).toHaveAttribute(
      "href",
      "tel:+448081570192",
    );
    expect(within(next).getByRole("link", { name: "Plan your funeral" })).toHaveAttribute(
      "href",
      "/planning",
    );

    // The way on to buying is the main button; saving is the second one, after it (issue 25 item 8).
    const buy = within(next).getByRole("link", { name: "Read your plan documents" });
    const save = within(next).getByRole("button", { name: "Save my plan" });
    expect(buy).toHaveAttribute("href", "/planning/documents");
    expect(buy).toHaveClass("button");
    expect(buy).not.toHaveClass("button--secondary");
    expect(save).toHaveClass("button", "button--secondary");
    expect(buy.compareDocumentPosition(save)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    await user.click(save);
    expect(onContinue).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Your plan is saved."));
  });
});
