import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FuneralDirectorSearchResponse } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { fakeFetch, jsonResponse, tokenResponse, type RecordedRequest } from "../../test/fake-fetch";
import { createFuneralDirectorBranch, seededPlanOptions } from "../../test/plan-options-factory";
import { renderStepScreen } from "../../test/step-screen-harness";
import { FuneralDirectorStep } from "./funeral-director-step";
import { answer, chooseAttendance, getJourneySnapshot, resetJourney } from "./journey-store";

const planOptions = seededPlanOptions();
const question = "Which funeral director would you like to look after your funeral?";

const islington = createFuneralDirectorBranch({
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
  phone: "020 7946 0112",
  imageAlt:
    "Illustration of the Ashworth & Daughters branch: a soft red brick building with a navy blue shop front.",
});
const dulwich = createFuneralDirectorBranch({
  id: 3,
  code: "londonDulwich",
  name: "Pembury Family Funeral Service",
  address: {
    line1: "41 Lordship Lane",
    line2: "East Dulwich",
    locality: "London",
    county: "Greater London",
    postcode: "SE22 8EW",
  },
  phone: "020 7946 0348",
});
const headOffice = createFuneralDirectorBranch({
  id: 1,
  code: "headOffice",
  name: "Kindred Funeral Plans Head Office",
  address: {
    line1: "Kindred House, 300 Avebury Boulevard",
    line2: "Central Milton Keynes",
    locality: "Milton Keynes",
    county: "Buckinghamshire",
    postcode: "MK9 2HP",
  },
  phone: "01632 960000",
  isHeadOffice: true,
});

const nearIslington: FuneralDirectorSearchResponse = {
  outcode: "N1",
  isFallback: false,
  branches: [
    { ...islington, distanceMiles: 0.4 },
    { ...dulwich, distanceMiles: 6 },
  ],
};

type Answer = Response | Promise<Response>;

/** Answers the token request, and the funeral director API with `respond`. */
function fakeApi(respond: (request: RecordedRequest) => Answer): RecordedRequest[] {
  return fakeFetch((request) => (request.url === "/token" ? tokenResponse("test-token") : respond(request)));
}

function apiCalls(requests: RecordedRequest[]): string[] {
  return requests.filter((request) => request.url !== "/token").map((request) => request.url);
}

function renderFuneralDirectorStep() {
  return renderStepScreen(FuneralDirectorStep, "funeral-director", planOptions);
}

beforeEach(() => {
  resetJourney();
  chooseAttendance(planOptions, 1);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("FuneralDirectorStep", () => {
  it("asks for a postcode, with a hint, and offers no branch until one is searched for", () => {
    fakeApi(() => jsonResponse(nearIslington));
    renderFuneralDirectorStep();

    const postcode = screen.getByRole("textbox", { name: "Your postcode" });
    expect(postcode).toHaveAttribute("id", "postcode");
    expect(postcode).toHaveAccessibleDescription("We'll show funeral directors near you, nearest first");
    expect(screen.getByRole("button", { name: "Search" })).toBeInTheDocument();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });

  it("lists the branches near the postcode, nearest first, with their picture, address, phone and distance", async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => jsonResponse(nearIslington));
    renderFuneralDirectorStep();

    await user.type(screen.getByRole("textbox", { name: "Your postcode" }), "n1 1aa");
    await user.click(screen.getByRole("button", { name: "Search" }));

    const group = await screen.findByRole("group", { name: question });
    expect(screen.getByRole("status")).toHaveTextContent("2 funeral directors near N1 1AA, nearest first.");
    expect(apiCalls(requests)).toEqual(["/api/funeral-director/search?postcode=N1%201AA"]);
    expect(requests.at(-1)?.headers.get("authorization")).toBe("Bearer test-token");

    const radios = within(group).getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("id"))).toEqual(["funeralDirector", "funeralDirector-2"]);
    expect(radios[0]).toHaveAccessibleName("Ashworth & Daughters Funeral Directors");
    expect(radios[0]).toHaveAccessibleDescription(
      "214 Upper Street, Islington, London, Greater London, N1 1RL Phone 020 7946 0112 0.4 miles away",
    );
    expect(radios[1]).toHaveAccessibleName("Pembury Family Funeral Service");
    expect(radios[1]).toHaveAccessibleDescription(expect.stringMatching(/6\.0 miles away$/));
    expect(within(group).getByRole("link", { name: "020 7946 0112" })).toHaveAttribute(
      "href",
      "tel:02079460112",
    );

    const picture = within(group).getByRole("img", { name: islington.imageAlt });
    expect(picture).toHaveAttribute("src", "/images/branches/londonIslington.svg?width=232&height=168");
    expect(picture).toHaveAttribute("width", "232");
    expect(picture).toHaveAttribute("height", "168");
  });

  it("searches when Enter is pressed in the postcode box, without trying to go on", async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => jsonResponse(nearIslington));
    const { onContinue } = renderFuneralDirectorStep();

    await user.type(screen.getByRole("textbox", { name: "Your postcode" }), "N1{Enter}");

    expect(
      await screen.findByRole("radio", { name: "Ashworth & Daughters Funeral Directors" }),
    ).toBeInTheDocument();
    expect(apiCalls(requests)).toEqual(["/api/funeral-director/search?postcode=N1"]);
    expect(onContinue).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says it is searching while it waits for the answer", async () => {
    const user = userEvent.setup();
    let reply: (response: Response) => void = () => {};
    fakeApi(() => new Promise<Response>((resolve) => (reply = resolve)));
    renderFuneralDirectorStep();

    await user.type(screen.getByRole("textbox", { name: "Your postcode" }), "N1 1AA{Enter}");

    expect(await screen.findByRole("status")).toHaveTextContent(
      "Searching for funeral directors near N1 1AA…",
    );
    reply(jsonResponse(nearIslington));
    expect(
      await screen.findByRole("radio", { name: "Ashworth & Daughters Funeral Directors" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("status")).not.toHaveTextContent("Searching");
  });

  it("records the chosen branch and goes on", async () => {
    const user = userEvent.setup();
    fakeApi(() => jsonResponse(nearIslington));
    const { onContinue } = renderFuneralDirectorStep();
    await user.type(screen.getByRole("textbox", { name: "Your postcode" }), "N1{Enter}");

    await user.click(await screen.findByRole("radio", { name: "Pembury Family Funeral Service" }));

    expect(screen.getByRole("radio", { name: "Pembury Family Funeral Service" })).toBeChecked();
    expect(getJourneySnapshot().journeyData.funeralDirector).toEqual({ id: 3 });
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it("offers the head office, calmly, when the postcode is not recognised", async () => {
    const user = userEvent.setup();
    fakeApi(() =>
      jsonResponse({ outcode: null, isFallback: true, branches: [{ ...headOffice, distanceMiles: null }] }),
    );
    renderFuneralDirectorStep();

    await user.type(screen.getByRole("textbox", { name: "Your postcode" }), "ZZ9 9ZZ{Enter}");

    const radio = await screen.findByRole("radio", { name: "Kindred Funeral Plans Head Office" });
    expect(screen.getByRole("status")).toHaveTextContent(messages.postcodeNotRecognised);
    expect(radio).toHaveAccessibleDescription(expect.not.stringMatching(/miles away/));
    expect(screen.getAllByRole("radio")).toHaveLength(1);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.click(radio);
    expect(getJourneySnapshot().journeyData.funeralDirector).toEqual({ id: 1 });
  });

  it("offers the head office when there is no branch near the postcode", async () => {
    const user = userEvent.setup();
    fakeApi(() =>
      jsonResponse({ outcode: "HS1", isFallback: true, branches: [{ ...headOffice, distanceMiles: 512.3 }] }),
    );
    renderFuneralDirectorStep();

    await user.type(screen.getByRole("textbox", { name: "Your postcode" }), "HS1 2AA{Enter}");

    expect(
      await screen.findByRole("radio", { name: "Kindred Funeral Plans Head Office" }),
    ).toHaveAccessibleDescription(expect.stringMatching(/512\.3 miles away$/));
    expect(screen.getByRole("status")).toHaveTextContent(
      "We do not have a funeral director near HS1 2AA. Our head office can look after your funeral instead",
    );
  });

  it("shows the API's reason under the postcode box when it is not a postcode", async () => {
    const user = userEvent.setup();
    fakeApi(() =>
      jsonResponse({ violations: [{ propertyPath: "postcode", title: messages.postcodeNotValid }] }, 400),
    );
    renderFuneralDirectorStep();
    const postcode = screen.getByRole("textbox", { name: "Your postcode" });

    await user.type(postcode, "hello{Enter}");

    expect(await screen.findByText(messages.postcodeNotValid)).toBeInTheDocument();
    expect(postcode).toHaveAccessibleDescription(
      expect.stringMatching(
        /^We'll show funeral directors near you, nearest first Error:\s*Enter a UK postcode/,
      ),
    );
    expect(postcode).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });

  it("asks for a postcode when Search is pressed with the box empty, without calling the API", async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => jsonResponse(nearIslington));
    renderFuneralDirectorStep();

    await user.click(screen.getByRole("button", { name: "Search" }));

    expect(screen.getByRole("textbox", { name: "Your postcode" })).toHaveAccessibleDescription(
      expect.stringMatching(/Error:\s*This field is required$/),
    );
    expect(apiCalls(requests)).toEqual([]);
  });

  it("says a choice is needed, pointing at the postcode before a search and at the branches after", async () => {
    const user = userEvent.setup();
    fakeApi(() => jsonResponse(nearIslington));
    const { onContinue } = renderFuneralDirectorStep();

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      within(screen.getByRole("alert")).getByRole("link", { name: "This field is required" }),
    ).toHaveAttribute("href", "#postcode");
    expect(onContinue).not.toHaveBeenCalled();

    await user.type(screen.getByRole("textbox", { name: "Your postcode" }), "N1{Enter}");
    const group = await screen.findByRole("group", { name: question });
    expect(
      within(screen.getByRole("alert")).getByRole("link", { name: "This field is required" }),
    ).toHaveAttribute("href", "#funeralDirector");
    expect(group).toHaveAccessibleDescription(expect.stringMatching(/Error:\s*This field is required$/));

    await user.click(within(group).getByRole("radio", { name: "Ashworth & Daughters Funeral Directors" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it("shows the branch chosen on an earlier visit, fetching it once", async () => {
    answer(planOptions, "funeralDirector", { id: islington.id });
    let reply: (response: Response) => void = () => {};
    const requests = fakeApi(() => new Promise<Response>((resolve) => (reply = resolve)));
    const { onContinue } = renderFuneralDirectorStep();

    expect(await screen.findByRole("status")).toHaveTextContent("Loading the funeral director you chose…");
    reply(jsonResponse(islington));

    const radio = await screen.findByRole("radio", { name: "Ashworth & Daughters Funeral Directors" });
    expect(radio).toBeChecked();
    expect(screen.getByRole("group", { name: question })).toHaveAccessibleDescription(
      "This is the funeral director you chose. To choose a different one, search by postcode above.",
    );
    expect(apiCalls(requests)).toEqual(["/api/funeral-director/location?id=2"]);

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(apiCalls(requests)).toHaveLength(1);
  });

  it("keeps the earlier choice in view, still chosen, when a new search does not find it", async () => {
    answer(planOptions, "funeralDirector", { id: headOffice.id });
    const user = userEvent.setup();
    const requests = fakeApi((request) =>
      request.url.startsWith("/api/funeral-director/location")
        ? jsonResponse(headOffice)
        : jsonResponse(nearIslington),
    );
    renderFuneralDirectorStep();
    await screen.findByRole("radio", { name: "Kindred Funeral Plans Head Office" });

    await user.type(screen.getByRole("textbox", { name: "Your postcode" }), "N1{Enter}");

    await screen.findByRole("radio", { name: "Ashworth & Daughters Funeral Directors" });
    expect(screen.getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual(["1", "2", "3"]);
    expect(screen.getByRole("radio", { name: "Kindred Funeral Plans Head Office" })).toBeChecked();
    expect(apiCalls(requests)).toEqual([
      "/api/funeral-director/location?id=1",
      "/api/funeral-director/search?postcode=N1",
    ]);
  });

  it("keeps a branch chosen from one search in view after searching somewhere else", async () => {
    const user = userEvent.setup();
    const requests = fakeApi((request) =>
      request.url.endsWith("SE22")
        ? jsonResponse({ outcode: "SE22", isFallback: false, branches: [{ ...dulwich, distanceMiles: 0.3 }] })
        : jsonResponse(nearIslington),
    );
    renderFuneralDirectorStep();
    const postcode = screen.getByRole("textbox", { name: "Your postcode" });
    await user.type(postcode, "N1{Enter}");
    await user.click(await screen.findByRole("radio", { name: "Ashworth & Daughters Funeral Directors" }));

    await user.clear(postcode);
    await user.type(postcode, "SE22{Enter}");

    expect(await screen.findByRole("status")).toHaveTextContent(
      "1 funeral director near SE22, nearest first.",
    );
    const radios = screen.getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("value"))).toEqual(["2", "3"]);
    expect(radios[0]).toBeChecked();
    expect(radios[0]).toHaveAccessibleDescription(expect.not.stringMatching(/miles away/));
    expect(radios[1]).toHaveAccessibleDescription(expect.stringMatching(/0\.3 miles away$/));
    expect(apiCalls(requests)).toEqual([
      "/api/funeral-director/search?postcode=N1",
      "/api/funeral-director/search?postcode=SE22",
    ]);
  });

  it("asks for a new choice when the branch chosen before has closed", async () => {
    answer(planOptions, "funeralDirector", { id: 99 });
    const user = userEvent.setup();
    fakeApi(() =>
      jsonResponse({ violations: [{ propertyPath: "Request", title: "No such funeral director" }] }, 404),
    );
    const { onContinue } = renderFuneralDirectorStep();

    expect(await screen.findByText(/no longer available\. Please search again/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(
      within(screen.getByRole("alert")).getByRole("link", { name: messages.optionNotAvailable }),
    ).toHaveAttribute("href", "#postcode");
    expect(onContinue).not.toHaveBeenCalled();
  });

  it("says so, with our phone number, when the search cannot be made", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeApi(() => Promise.reject(new TypeError("Failed to fetch")));
    renderFuneralDirectorStep();

    await user.type(screen.getByRole("textbox", { name: "Your postcode" }), "N1{Enter}");

    const box = await screen.findByRole("alert");
    expect(
      within(box).getByRole("heading", { name: /could not search for funeral directors/ }),
    ).toBeInTheDocument();
    expect(within(box).getByText(/Request: Application could not send request/)).toBeInTheDocument();
    expect(within(box).getByRole("link", { name: "0808 157 0192" })).toBeInTheDocument();
  });
});
