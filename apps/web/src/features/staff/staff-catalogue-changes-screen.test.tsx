import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staffMessages } from "@kindred/domain";
import { fakeFetch, jsonResponse } from "../../test/fake-fetch";
import { holdStaffToken, renderStaffScreen, signedInStaff } from "../../test/staff-harness";
import { StaffCatalogueChangesScreen } from "./staff-catalogue-changes-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const priceChange = {
  changeId: 12,
  subject: { kind: "option", optionId: 12, name: "The Brecon" },
  pricePence: 72_500,
  details: null,
  effectiveOn: "2027-01-01",
  reason: "A dearer supplier",
  madeBy: "Ann Admin",
  madeAt: "2026-11-27T10:15:00.000Z",
  appliedAt: null,
};
const branchChange = {
  ...priceChange,
  changeId: 11,
  subject: { kind: "branch", branchId: 4, name: "Kindred Bedford" },
  pricePence: null,
  details: { open: false },
  effectiveOn: "2026-11-01",
  reason: "The lease ended",
  madeAt: "2026-10-30T09:00:00.000Z",
  appliedAt: "2026-11-01T00:00:05.000Z",
};
const released = {
  ...priceChange,
  changeId: 1,
  pricePence: 69_500,
  effectiveOn: "2026-01-01",
  reason: "Catalogue 2026",
  madeBy: null,
  madeAt: "2025-12-01T09:00:00.000Z",
  appliedAt: "2026-01-01T00:00:00.000Z",
};

describe("StaffCatalogueChangesScreen", () => {
  it("lists every change newest first: who, what from when, and whether it has taken effect, a page at a time", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = fakeFetch((request) => {
      if (request.url === "/api/staff/me") return jsonResponse(signedInStaff("administrator"));
      if (request.url === "/api/staff/catalogue/changes?page=1") {
        return jsonResponse({ items: [priceChange, branchChange], page: 1, nextPage: 2 });
      }
      if (request.url === "/api/staff/catalogue/changes?page=2") {
        return jsonResponse({ items: [released], page: 2, nextPage: null });
      }
      return jsonResponse({}, 404);
    });
    renderStaffScreen(<StaffCatalogueChangesScreen />);

    const table = await screen.findByRole("table", { name: "Newest first" });
    const cells = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      [
        "27 Nov 2026, 10:15:00",
        "Ann Admin",
        "The Brecon (price)",
        "£725",
        "1 January 2027",
        "Not yet",
        "A dearer supplier",
      ],
      [
        "30 Oct 2026, 09:00:00",
        "Ann Admin",
        "Kindred Bedford (branch)",
        "closes",
        "1 November 2026",
        "Yes, 1 Nov 2026, 00:00:05",
        "The lease ended",
      ],
    ]);

    await user.click(screen.getByRole("button", { name: "Next page" }));
    const older = await screen.findByRole("table", { name: "Newest first, page 2" });
    expect(within(older).getAllByRole("row")[1]).toHaveTextContent("Catalogue release");
    expect(requests.at(-1)?.url).toBe("/api/staff/catalogue/changes?page=2");
    expect(screen.queryByRole("button", { name: "Next page" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous page" })).toBeInTheDocument();
  });

  it("is not open to an agent, who is asked nothing more", async () => {
    holdStaffToken();
    const requests = fakeFetch(() => jsonResponse(signedInStaff("agent")));
    renderStaffScreen(<StaffCatalogueChangesScreen />);

    expect(await screen.findByRole("alert")).toHaveTextContent(staffMessages.staffPermissionNeeded);
    expect(requests).toHaveLength(1);
  });
});
