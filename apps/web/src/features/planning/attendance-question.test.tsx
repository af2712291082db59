import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createJourneyStep, createPlanOptions } from "../../test/plan-options-factory";
import { AttendanceQuestion } from "./attendance-question";
import { resetJourney } from "./journey-store";

const router = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => router }));

function totalShown(): string | null | undefined {
  const panel = screen.getByRole("complementary", { name: "Your price so far" });
  return within(panel).getByText("Total", { selector: "dt" }).nextElementSibling?.textContent;
}

function basicPriceShown(): string | null | undefined {
  const panel = screen.getByRole("complementary", { name: "Your price so far" });
  return within(panel).getByText("Basic price", { selector: "dt" }).nextElementSibling?.textContent;
}

beforeEach(() => {
  resetJourney();
  router.push.mockReset();
});

describe("AttendanceQuestion", () => {
  it("asks the step's question with the three kinds of funeral and their prices", () => {
    render(<AttendanceQuestion planOptions={createPlanOptions()} />);

    expect(
      screen.getByRole("heading", { level: 1, name: "What kind of funeral would you like?" }),
    ).toBeInTheDocument();
    const group = screen.getByRole("group", { name: "What kind of funeral would you like?" });
    expect(within(group).getAllByRole("radio")).toHaveLength(3);
    expect(within(group).getByRole("radio", { name: "Attended funeral £2,950" })).not.toBeChecked();
    expect(within(group).getByRole("radio", { name: "Unattended cremation £1,495" })).toBeInTheDocument();
    expect(within(group).getByRole("radio", { name: "Private farewell £1,795.50" })).toBeInTheDocument();
    expect(
      within(group).getByText("You can choose a funeral with a service, or a simpler cremation without one."),
    ).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Unattended cremation/ })).toHaveAccessibleDescription(
      "A simple cremation with no service and no mourners present.",
    );
  });

  it("updates the running price as soon as an option is chosen", async () => {
    const user = userEvent.setup();
    render(<AttendanceQuestion planOptions={createPlanOptions()} />);
    expect(totalShown()).toBe("£0");

    await user.click(screen.getByRole("radio", { name: /Unattended cremation/ }));
    expect(screen.getByRole("radio", { name: /Unattended cremation/ })).toBeChecked();
    expect(basicPriceShown()).toBe("£1,495");
    expect(totalShown()).toBe("£1,495");

    await user.click(screen.getByRole("radio", { name: /Attended funeral/ }));
    expect(totalShown()).toBe("£2,950");
  });

  it("keeps the choice in session storage so a reload remembers it", async () => {
    const user = userEvent.setup();
    render(<AttendanceQuestion planOptions={createPlanOptions()} />);

    await user.click(screen.getByRole("radio", { name: /Private farewell/ }));

    expect(JSON.parse(sessionStorage.getItem("journeyData") ?? "null")).toEqual({
      attendance: { option: { id: 3, code: "privateFarewell" } },
    });
    expect(JSON.parse(sessionStorage.getItem("priceData") ?? "null")).toEqual({ attendance: 179_550 });
  });

  it("says the field is required, at the top and under the question, when Continue is pressed without a choice", async () => {
    const user = userEvent.setup();
    render(<AttendanceQuestion planOptions={createPlanOptions()} />);

    await user.click(screen.getByRole("button", { name: "Continue" }));

    const summary = screen.getByRole("alert");
    expect(within(summary).getByRole("heading", { name: "There is a problem" })).toBeInTheDocument();
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole("link", { name: "This field is required" });
    expect(link).toHaveAttribute("href", "#attendance");
    expect(document.getElementById("attendance")).toHaveAttribute("type", "radio");

    const group = screen.getByRole("group", { name: "What kind of funeral would you like?" });
    expect(group).toHaveAccessibleDescription(expect.stringMatching(/Error:\s*This field is required$/));
    expect(within(group).getByText("This field is required")).toBeVisible();
    expect(router.push).not.toHaveBeenCalled();

    await user.click(link);
    expect(screen.getByRole("radio", { name: /Attended funeral/ })).toHaveFocus();
  });

  it("clears the error once a choice is made, and Continue goes to the funeral director step", async () => {
    const user = userEvent.setup();
    render(<AttendanceQuestion planOptions={createPlanOptions()} />);
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await user.click(screen.getByRole("radio", { name: /Attended funeral/ }));
    expect(screen.queryByText("This field is required")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(router.push).toHaveBeenCalledWith("/planning/funeral-director");
  });

  it('shows "Heading Missing" when the step has no title', () => {
    const planOptions = createPlanOptions({ steps: [createJourneyStep({ title: "" })] });
    render(<AttendanceQuestion planOptions={planOptions} />);

    expect(screen.getByRole("heading", { level: 1, name: "Heading Missing" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "What kind of funeral would you like?" })).toBeInTheDocument();
  });

  it('shows "Heading Missing" when the server sends no attendance step at all', () => {
    render(<AttendanceQuestion planOptions={createPlanOptions({ steps: [] })} />);

    expect(screen.getByRole("heading", { level: 1, name: "Heading Missing" })).toBeInTheDocument();
    expect(
      screen.getByRole("group", { name: "Missing question, please contact support" }),
    ).toBeInTheDocument();
  });

  it('shows "Missing question, please contact support" when the step has no attendance question', () => {
    const planOptions = createPlanOptions({
      steps: [
        createJourneyStep({ questions: [{ fieldName: "somethingElse", question: "Another question?" }] }),
      ],
    });
    render(<AttendanceQuestion planOptions={planOptions} />);

    expect(
      screen.getByRole("heading", { level: 1, name: "What kind of funeral would you like?" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("group", { name: "Missing question, please contact support" }),
    ).toBeInTheDocument();
  });

  it("does not offer options the catalogue marks as hidden", () => {
    const planOptions = createPlanOptions();
    planOptions.attendance[2] = { ...planOptions.attendance[2]!, visible: false };
    render(<AttendanceQuestion planOptions={planOptions} />);

    expect(screen.getAllByRole("radio")).toHaveLength(2);
    expect(screen.queryByRole("radio", { name: /Private farewell/ })).not.toBeInTheDocument();
  });
});
