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

const lockedId = "7a1c2e3d-4b5f-4a6b-8c7d-9e0f1a2b3c4d";
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
  let unlocked = false;
  return fakeFetch((request) => {
    if (request.url === "/api/staff/me") return jsonResponse(signedInStaff(role));
    if (request.url === "/api/staff/members" && request.method === "GET") {
      return jsonResponse({
        members: [
          member({}),
          member({
            id: lockedId,
            name: "Lou Locked",
            email: "lou@kindred.example",
            role: "agent",
            status: unlocked ? "active" : "locked",
          }),
        ],
      });
    }
    if (request.url === `/api/staff/members/${lockedId}/unlock`) {
      unlocked = true;
      return new Response(null, { status: 204 });
    }
    if (request.url === "/api/staff/members") return jsonResponse({ id: lockedId }, 201);
    return jsonResponse({}, 404);
  });
}

describe("StaffMembersScreen", () => {
  it("lists the members with their role and status, and unlocks a locked one", async () => {
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
    ).toEqual(["Lou Locked", "lou@kindred.example", "Agent", "Locked", "Unlock Lou Locked"]);
    expect(within(rows[0]!).queryByRole("button")).not.toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole("button", { name: "Unlock Lou Locked" }));

    expect(await screen.findByText("Lou Locked is unlocked and can sign in again.")).toBeInTheDocument();
    expect(requests.find((request) => request.url.endsWith("/unlock"))?.method).toBe("POST");
    await vi.waitFor(() =>
      expect(screen.queryByRole("button", { name: "Unlock Lou Locked" })).not.toBeInTheDocument(),
    );
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
