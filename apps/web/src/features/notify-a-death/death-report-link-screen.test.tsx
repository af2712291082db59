import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { DeathReportLinkScreen, type DeathReportLink } from "./death-report-link-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const caseId = "11111111-1111-4111-8111-111111111111";

function renderScreen(link: DeathReportLink) {
  return render(<DeathReportLinkScreen link={link} />, { wrapper: QueryProvider });
}

/** Answers the token request, and the link's request with `reply`. */
function fakeApi(reply: () => Response) {
  return fakeFetch((request) => (request.url === "/token" ? tokenResponse("application-token") : reply()));
}

const posts = (requests: ReturnType<typeof fakeFetch>) =>
  requests.filter((request) => request.method === "POST" && request.url !== "/token");

describe("the links in the email about a reported death", () => {
  it("does nothing on opening: the nominee's confirmation is sent only when the button is pressed, and thanked", async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => jsonResponse({ message: messages.deathConfirmedThankYou }));
    renderScreen({ action: "confirm", caseId, who: "nominee", signature: "signed" });

    expect(
      screen.getByRole("heading", { level: 1, name: "Confirm that they have died" }),
    ).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Yes, confirm that they have died" }));

    expect(await screen.findByText(messages.deathConfirmedThankYou)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Thank you for telling us" })).toBeInTheDocument();
    expect(posts(requests).map((request) => [request.url, JSON.parse(request.body ?? "null")])).toEqual([
      ["/api/notify-a-death/confirmation", { caseId, signature: "signed" }],
    ]);
  });

  it("says why the confirmation waits, when someone on the plan said it is not right", async () => {
    const user = userEvent.setup();
    fakeApi(() =>
      jsonResponse(
        { violations: [{ propertyPath: "caseId", title: messages.deathReportWaitsForACall }] },
        409,
      ),
    );
    renderScreen({ action: "confirm", caseId, who: "nominee", signature: "signed" });

    await user.click(screen.getByRole("button", { name: "Yes, confirm that they have died" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.deathReportWaitsForACall);
  });

  it("tells us a report is not right for the person the email was to", async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => jsonResponse({ message: messages.deathReportSaidNotRightThankYou }));
    renderScreen({ action: "not-right", caseId, who: "customer", signature: "signed" });

    await user.click(screen.getByRole("button", { name: "This is not right" }));
    expect(await screen.findByText(messages.deathReportSaidNotRightThankYou)).toBeInTheDocument();
    expect(posts(requests).map((request) => JSON.parse(request.body ?? "null"))).toEqual([
      { caseId, who: "customer", signature: "signed" },
    ]);
  });

  it("says a link that is not whole is not right, and asks the API nothing", () => {
    const requests = fakeApi(() => jsonResponse({}));
    renderScreen({ action: "not-right", caseId, who: "someone", signature: "signed" });

    expect(screen.getByRole("alert")).toHaveTextContent(messages.deathReportLinkNotRight);
    expect(screen.queryByRole("button", { name: "This is not right" })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
