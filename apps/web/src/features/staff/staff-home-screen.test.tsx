import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staffMessages } from "@kindred/domain";
import { fakeFetch, jsonResponse, type RecordedRequest } from "../../test/fake-fetch";
import { holdStaffToken, renderStaffScreen, signedInStaff } from "../../test/staff-harness";
import { loadPage } from "./staff-navigation";
import type * as StaffNavigation from "./staff-navigation";
import { StaffHomeScreen } from "./staff-home-screen";

vi.mock("./staff-navigation", async (original) => ({
  ...(await original<typeof StaffNavigation>()),
  loadPage: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(loadPage).mockReset();
});

const plan = (n: number) => ({
  planId: `5d2c8f0e-3b1a-4c7e-9f6d-2a8b4c6e0f${String(n).padStart(2, "0")}`,
  planReference: `KND-7Q4M-2HX${n + 1}`,
  customerName: `Margaret Jones ${n}`,
  coveredPersonName: "Margaret Jones",
  postcode: "SW1A 1AA",
  status: "bought",
  boughtOn: "2026-11-20T10:00:00.000Z",
  createdAt: "2026-11-19T10:00:00.000Z",
});

function answering(role: "agent" | "administrator", other?: (request: RecordedRequest) => Response) {
  return fakeFetch((request) => {
    if (request.url === "/api/staff/me") return jsonResponse(signedInStaff(role));
    if (request.url.startsWith("/api/staff/plans?")) {
      const after = new URL(request.url, "http://localhost").searchParams.get("after");
      return after === null
        ? jsonResponse({ results: [plan(1), plan(2)], next: "cursor-2" })
        : jsonResponse({ results: [plan(3)], next: null });
    }
    return other?.(request) ?? jsonResponse({}, 404);
  });
}

describe("StaffHomeScreen", () => {
  it("says who is signed in and their role; an agent is not offered the administrators' pages", async () => {
    holdStaffToken();
    const requests = answering("agent");
    renderStaffScreen(<StaffHomeScreen />);

    expect(await screen.findByText(/Signed in as/)).toHaveTextContent("Signed in as Alan Agent (Agent)");
    const nav = screen.getByRole("navigation", { name: "Back office" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Find a plan", "Work queues"]);
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer staff-token");
  });

  it("offers an administrator the members and the audit log", async () => {
    holdStaffToken();
    answering("administrator");
    renderStaffScreen(<StaffHomeScreen />);

    const nav = await screen.findByRole("navigation", { name: "Back office" });
    expect(within(nav).getByRole("link", { name: "Members of staff" })).toHaveAttribute(
      "href",
      "/staff/members",
    );
    expect(within(nav).getByRole("link", { name: "Audit log" })).toHaveAttribute("href", "/staff/audit");
  });

  it("asks for 3 letters or numbers before searching, and sends nothing until then", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("agent");
    renderStaffScreen(<StaffHomeScreen />);

    await user.type(await screen.findByLabelText("Search for a plan"), "a 1");
    await user.click(screen.getByRole("button", { name: "Search" }));

    expect(screen.getByLabelText("Search for a plan")).toHaveAccessibleDescription(
      expect.stringContaining(staffMessages.searchTooShort),
    );
    expect(requests.map((request) => request.url)).toEqual(["/api/staff/me"]);
  });

  it("shows the plans found in a table, and the next page", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("agent");
    renderStaffScreen(<StaffHomeScreen />);

    await user.type(await screen.findByLabelText("Search for a plan"), "SW1A 1AA");
    await user.click(screen.getByRole("button", { name: "Search" }));

    const table = await screen.findByRole("table", { name: "Plans matching “SW1A 1AA”" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Status", "Customer", "Plan for", "Postcode", "Bought", "Started", "Reference"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "Bought",
      "Margaret Jones 1",
      "Margaret Jones",
      "SW1A 1AA",
      "20 November 2026",
      "19 November 2026",
      "KND-7Q4M-2HX2",
    ]);
    // Each row opens its plan's page, by the customer's name or the reference.
    expect(within(rows[0]!).getByRole("link", { name: "Margaret Jones 1" })).toHaveAttribute(
      "href",
      `/staff/plans/${plan(1).planId}`,
    );
    expect(within(rows[0]!).getByRole("link", { name: "KND-7Q4M-2HX2" })).toHaveAttribute(
      "href",
      `/staff/plans/${plan(1).planId}`,
    );
    expect(requests.at(-1)?.url).toBe("/api/staff/plans?q=SW1A+1AA");

    await user.click(screen.getByRole("button", { name: "Next page" }));

    const second = await screen.findByRole("table", { name: "Plans matching “SW1A 1AA”, page 2" });
    expect(within(second).getAllByRole("row")).toHaveLength(2);
    expect(requests.at(-1)?.url).toBe("/api/staff/plans?q=SW1A+1AA&after=cursor-2");
    expect(screen.queryByRole("button", { name: "Next page" })).not.toBeInTheDocument();
  });

  it("shows the same search and page again on coming Back from a plan, and forgets it when the session ends", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    answering("agent");
    const first = renderStaffScreen(<StaffHomeScreen />);
    await user.type(await screen.findByLabelText("Search for a plan"), "SW1A 1AA");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.click(await screen.findByRole("button", { name: "Next page" }));
    await screen.findByRole("table", { name: "Plans matching “SW1A 1AA”, page 2" });
    first.unmount();

    // Back from a plan's page: the page is drawn afresh in the same tab.
    renderStaffScreen(<StaffHomeScreen />);

    expect(await screen.findByRole("table", { name: "Plans matching “SW1A 1AA”, page 2" })).toBeVisible();
    expect(screen.getByLabelText("Search for a plan")).toHaveValue("SW1A 1AA");
    await user.click(screen.getByRole("button", { name: "Previous page" }));
    expect(await screen.findByRole("table", { name: "Plans matching “SW1A 1AA”" })).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Sign out" }));
    await vi.waitFor(() => expect(window.sessionStorage.getItem("staffPlanSearch")).toBeNull());
  });

  it("sends the person to sign in, saying why, and forgets the token when the API refuses it", async () => {
    holdStaffToken();
    fakeFetch(() => jsonResponse({ violations: [{ propertyPath: "token", title: "expired" }] }, 401));
    renderStaffScreen(<StaffHomeScreen />);

    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith("/staff/sign-in?signed-out=1"));
    expect(window.sessionStorage.getItem("staffSession")).toBeNull();
  });

  it("sends someone who never signed in to sign in, asking the API nothing", async () => {
    const requests = fakeFetch(() => jsonResponse({}));
    renderStaffScreen(<StaffHomeScreen />);

    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith("/staff/sign-in"));
    expect(requests).toEqual([]);
  });

  it("signs out everywhere once the person confirms it", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("agent", (request) =>
      request.url === "/api/staff/sign-out-everywhere"
        ? new Response(null, { status: 204 })
        : jsonResponse({}, 404),
    );
    renderStaffScreen(<StaffHomeScreen />);

    await user.click(await screen.findByRole("button", { name: "Sign out everywhere" }));
    const dialog = screen.getByRole("dialog", { name: "Sign out everywhere?" });
    await user.click(within(dialog).getByRole("button", { name: "Sign out everywhere" }));

    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith("/staff/sign-in"));
    expect(requests.find((request) => request.url === "/api/staff/sign-out-everywhere")?.method).toBe("POST");
    expect(window.sessionStorage.getItem("staffSession")).toBeNull();
  });

  it("signs out on this device: the API ends the token, and it is forgotten here", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("agent", (request) =>
      request.url === "/api/staff/sign-out" ? new Response(null, { status: 204 }) : jsonResponse({}, 404),
    );
    renderStaffScreen(<StaffHomeScreen />);

    await user.click(await screen.findByRole("button", { name: "Sign out" }));

    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith("/staff/sign-in"));
    expect(requests.find((request) => request.url === "/api/staff/sign-out")?.method).toBe("POST");
    expect(window.sessionStorage.getItem("staffSession")).toBeNull();
  });
});
