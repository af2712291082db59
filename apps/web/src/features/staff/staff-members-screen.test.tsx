import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages, staffMessages } from "@kindred/domain";
import { fakeFetch, jsonResponse } from "../../test/fake-fetch";
import { holdStaffToken, renderStaffScreen, signedInStaff } from "../../test/staff-harness";
import { StaffMembersScreen } from "./staff-members-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const leaverId = "7a1c2e3d-4b5f-4a6b-8c7d-9e0f1a2b3c4d";
const invitedId = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e";
const member = (overrides: Record<string, string>) => ({
  id: "3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f",
  name: "Ada Admin",
  email: "ada@kindred.example",
  role: "administrator",
  status: "active",
  createdAt: "2026-11-27T09:00:00.000Z",
  ...overrides,
});

function answering(role: "agent" | "administrator") {
  let disabled = false;
  return fakeFetch((request) => {
    if (request.url === "/api/staff/me") return jsonResponse(signedInStaff(role));
    if (request.url === "/api/staff/members" && request.method === "GET") {
      return jsonResponse({
        members: [
          member({}),
          member({
            id: leaverId,
            name: "Lou Leaving",
            email: "lou@kindred.example",
            role: "agent",
            status: disabled ? "disabled" : "active",
          }),
          member({ id: invitedId, name: "Ira Invited", email: "ira@kindred.example", status: "invited" }),
        ],
      });
    }
    if (request.url === `/api/staff/members/${leaverId}/disable`) {
      disabled = true;
      return new Response(null, { status: 204 });
    }
    if (request.url === `/api/staff/members/${invitedId}/invitation`) {
      return jsonResponse(
        { violations: [{ propertyPath: "staffMemberId", title: staffMessages.invitedJustNow }] },
        409,
      );
    }
    if (request.url === "/api/staff/members") return jsonResponse({ id: leaverId }, 201);
    return jsonResponse({}, 404);
  });
}

describe("StaffMembersScreen", () => {
  it("lists the members with their role and status, and disables a leaver's access once, asked first", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("administrator");
    renderStaffScreen(<StaffMembersScreen />);

    const table = await screen.findByRole("table", { name: "Members of staff" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Lou Leaving", "lou@kindred.example", "Agent", "Active", "Disable Lou Leaving's access"]);

    await user.click(within(rows[1]!).getByRole("button", { name: "Disable Lou Leaving's access" }));
    const asked = await screen.findByRole("dialog", { name: "Disable Lou Leaving's access?" });
    expect(asked).toHaveAccessibleDescription(/signed out everywhere at once and cannot sign in again/);
    expect(requests.filter((request) => request.url.endsWith("/disable"))).toEqual([]);
    await user.dblClick(within(asked).getByRole("button", { name: "Disable Lou Leaving's access" }));

    expect(await screen.findByText("Lou Leaving can no longer use the back office.")).toBeInTheDocument();
    expect(requests.filter((request) => request.url.endsWith("/disable"))).toHaveLength(1);
    expect(
      await within(table).findByRole("button", { name: "Let Lou Leaving in again" }),
    ).toBeInTheDocument();
    expect(within(table).getAllByRole("row")[2]).toHaveTextContent("Disabled");
  });

  it("offers to send an invitation not yet accepted again, or to withdraw it, and says a refusal in the dialog", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    answering("administrator");
    renderStaffScreen(<StaffMembersScreen />);

    const table = await screen.findByRole("table", { name: "Members of staff" });
    expect(
      within(table).getByRole("button", { name: "Withdraw Ira Invited's invitation" }),
    ).toBeInTheDocument();
    await user.click(within(table).getByRole("button", { name: "Send Ira Invited's invitation again" }));
    const asked = await screen.findByRole("dialog", { name: "Send Ira Invited's invitation again?" });
    await user.click(within(asked).getByRole("button", { name: "Send Ira Invited's invitation again" }));

    expect(await within(asked).findByRole("alert")).toHaveTextContent(staffMessages.invitedJustNow);
  });

  it("names each missing answer of the invitation under its field and sends nothing", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("administrator");
    renderStaffScreen(<StaffMembersScreen />);

    await user.type(await screen.findByLabelText("Email address"), "not-an-address");
    await user.click(screen.getByRole("button", { name: "Send the invitation" }));

    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      `Full name: ${messages.required}`,
      "Email address: Please enter a valid email address",
      `Role: ${messages.required}`,
    ]);
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
  });

  it("invites someone with their role and says so", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("administrator");
    renderStaffScreen(<StaffMembersScreen />);

    await user.type(await screen.findByLabelText("Full name"), "Alan Agent");
    await user.type(screen.getByLabelText("Email address"), "alan@kindred.example");
    await user.selectOptions(screen.getByLabelText("Role"), "Agent");
    await user.click(screen.getByRole("button", { name: "Send the invitation" }));

    expect(
      await screen.findByText("We have sent an invitation to alan@kindred.example."),
    ).toBeInTheDocument();
    const invite = requests.find(
      (request) => request.url === "/api/staff/members" && request.method === "POST",
    );
    expect(JSON.parse(invite?.body ?? "null")).toEqual({
      name: "Alan Agent",
      email: "alan@kindred.example",
      role: "agent",
    });
    expect(screen.getByLabelText("Full name")).toHaveValue("");
  });

  it("tells an agent their role does not allow the page, and asks the API for no members", async () => {
    holdStaffToken();
    const requests = answering("agent");
    renderStaffScreen(<StaffMembersScreen />);

    expect(await screen.findByRole("alert")).toHaveTextContent(staffMessages.staffPermissionNeeded);
    expect(requests.map((request) => request.url)).toEqual(["/api/staff/me"]);
    expect(screen.queryByLabelText("Full name")).not.toBeInTheDocument();
  });
});
