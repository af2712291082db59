import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { createPlanOptions } from "../../test/plan-options-factory";
import { AttendanceScreen } from "./attendance-screen";
import { resetJourney } from "./journey-store";
import { forgetPlanOptions } from "./plan-options";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

// Failed requests are logged as warnings; keep the test output quiet.
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  resetJourney();
  forgetPlanOptions();
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  warn.mockRestore();
});

describe("AttendanceScreen", () => {
  it("shows a loading spinner until the plan options arrive, then the question", async () => {
    let answerPlanOptions: (response: Response) => void = () => {};
    const planOptionsAnswer = new Promise<Response>((resolve) => {
      answerPlanOptions = resolve;
    });
    fakeFetch((request) => (request.url === "/token" ? tokenResponse("token") : planOptionsAnswer));
    render(<AttendanceScreen />);

    expect(screen.getByRole("status")).toHaveTextContent("Loading your plan…");
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");

    answerPlanOptions(jsonResponse(createPlanOptions()));

    expect(
      await screen.findByRole("heading", { level: 1, name: "What kind of funeral would you like?" }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Loading your plan…")).not.toBeInTheDocument();
    expect(screen.getAllByRole("radio")).toHaveLength(3);
  });

  it("shows the failure in a highlighted box, and tries again when asked", async () => {
    let reachable = false;
    fakeFetch((request) => {
      if (!reachable) throw new TypeError("Failed to fetch");
      return request.url === "/token" ? tokenResponse("token") : jsonResponse(createPlanOptions());
    });
    const user = userEvent.setup();
    render(<AttendanceScreen />);

    const errorBox = await screen.findByRole("alert");
    expect(errorBox).toHaveTextContent(
      "Request: Application could not send request, please contact site admin",
    );
    expect(warn).toHaveBeenCalled();
    expect(within(errorBox).getByRole("link", { name: "0808 157 0192" })).toHaveAttribute(
      "href",
      "tel:+448081570192",
    );

    reachable = true;
    await user.click(within(errorBox).getByRole("button", { name: "Try again" }));

    expect(
      await screen.findByRole("group", { name: "What kind of funeral would you like?" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
