import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { QueryProvider } from "../../lib/query-provider";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { answer, chooseAttendance, chooseRemains, getJourneySnapshot, resetJourney } from "./journey-store";
import { PlanningStart } from "./planning-start";

const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => router }));

const planOptions = seededPlanOptions();

/** An attended cremation answered up to the celebrant. */
function startAPlan() {
  chooseAttendance(planOptions, 1); // £2,950
  answer(planOptions, "funeralDirector", { id: 2 });
  chooseRemains(planOptions, 4); // £990
  answer(planOptions, "crematoria", { id: 1 });
}

beforeEach(() => {
  resetJourney();
  router.push.mockReset();
});

describe("PlanningStart", () => {
  it("tells someone new what to expect and starts them at the first question", () => {
    render(<PlanningStart />, { wrapper: QueryProvider });

    expect(screen.getByRole("heading", { level: 1, name: "Plan your funeral" })).toBeInTheDocument();
    expect(screen.getByText("It takes about 10 minutes.")).toBeInTheDocument();
    expect(screen.getByText(/The price of each choice is shown before you choose it/)).toBeInTheDocument();
    expect(screen.getByText("There is nothing to pay today.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start planning" })).toHaveAttribute(
      "href",
      "/planning/attendance",
    );
    expect(screen.queryByRole("link", { name: /Continue where you left off/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Start a new plan" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "0808 157 0192" })).toBeInTheDocument();
  });

  it("offers someone who has begun to carry on where they left off, naming the step", () => {
    startAPlan();
    render(<PlanningStart />, { wrapper: QueryProvider });

    expect(screen.getByRole("heading", { level: 1, name: "Your funeral plan" })).toBeInTheDocument();
    expect(screen.getByText(/You got as far as:/)).toHaveTextContent(
      "You got as far as: Celebrant. Your price so far is £3,940.",
    );
    expect(screen.getByRole("link", { name: "Continue where you left off" })).toHaveAttribute(
      "href",
      "/planning/celebrant",
    );
    expect(screen.getByRole("button", { name: "Start a new plan" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Start planning" })).not.toBeInTheDocument();
  });

  it("asks before starting a new plan, and keeps the plan if the person says no", async () => {
    const user = userEvent.setup();
    startAPlan();
    const before = getJourneySnapshot();
    render(<PlanningStart />, { wrapper: QueryProvider });

    await user.click(screen.getByRole("button", { name: "Start a new plan" }));
    const question = screen.getByRole("group", { name: "Are you sure you want to start a new plan?" });
    expect(question).toHaveFocus();
    expect(question).toHaveTextContent("This clears every answer you have given on this device.");

    await user.click(within(question).getByRole("button", { name: "No, keep my plan" }));
    expect(screen.queryByRole("group", { name: /Are you sure/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Start a new plan" })).toHaveFocus();
    expect(getJourneySnapshot()).toBe(before);
    expect(router.push).not.toHaveBeenCalled();
  });

  it("clears every answer and goes to the first question once the person is sure", async () => {
    const user = userEvent.setup();
    startAPlan();
    render(<PlanningStart />, { wrapper: QueryProvider });

    await user.click(screen.getByRole("button", { name: "Start a new plan" }));
    await user.click(screen.getByRole("button", { name: "Yes, clear my answers and start again" }));

    expect(getJourneySnapshot().journeyData).toEqual({});
    expect(getJourneySnapshot().priceData).toEqual({});
    expect(JSON.parse(sessionStorage.getItem("journeyData") ?? "null")).toEqual({});
    expect(router.push).toHaveBeenCalledWith("/planning/attendance");
  });

  it("renders a new visitor's page on the server, then the person's own plan, without a mismatch", async () => {
    startAPlan();

    const html = renderToString(
      <QueryProvider>
        <PlanningStart />
      </QueryProvider>,
    );
    expect(html).toContain("Start planning");
    expect(html).not.toContain("Continue where you left off");

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const root = await act(async () =>
      hydrateRoot(
        container,
        <QueryProvider>
          <PlanningStart />
        </QueryProvider>,
      ),
    );

    expect(within(container).getByRole("link", { name: "Continue where you left off" })).toBeInTheDocument();
    expect(within(container).queryByRole("link", { name: "Start planning" })).not.toBeInTheDocument();
    act(() => root.unmount());
    container.remove();
  });
});
