import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staffMessages } from "@kindred/domain";
import { fakeFetch, jsonResponse } from "../../test/fake-fetch";
import {
  dateParts,
  holdStaffToken,
  renderStaffScreen,
  signedInStaff,
  typeDay,
} from "../../test/staff-harness";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { auditActionWords, StaffAuditScreen } from "./staff-audit-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const planId = "11111111-1111-4111-8111-111111111111";

const event = (id: number, action: string) => ({
  id,
  at: "2026-11-27T18:20:46.000Z",
  staffMemberId: "0b7f6a52-4c1e-4d8a-9f3b-2e6c5a7d8e91",
  staffMemberName: "Ada Admin",
  action,
  planId: null as string | null,
  planReference: null as string | null,
  detail: { query: "sw1a" } as Record<string, unknown>,
  fromAddress: "127.0.0.1",
  attemptedAccountName: null,
});

describe("StaffAuditScreen", () => {
  it("shows the newest entries, then the older ones a page at a time", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = fakeFetch((request) => {
      if (request.url === "/api/staff/me") return jsonResponse(signedInStaff("administrator"));
      if (request.url === "/api/staff/audit") {
        return jsonResponse({
          events: [
            event(9, "staff.audit-read"),
            { ...event(8, "plans.searched"), fromAddress: "::ffff:127.0.0.1" },
            { ...event(7, "plan.read"), planId, planReference: "KND-7Q4M-2HX9", detail: {} },
          ],
          nextBefore: 7,
        });
      }
      if (request.url === "/api/staff/audit?before=7") {
        return jsonResponse({
          events: [event(6, "queue.missed-payments.read"), event(5, "something.new")],
          nextBefore: null,
        });
      }
      return jsonResponse({}, 404);
    });
    renderStaffScreen(<StaffAuditScreen />);

    const table = await screen.findByRole("table", { name: "Newest entries" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["27 Nov 2026, 18:20:46", "Ada Admin", "Searched for a plan", "–", "query: sw1a", "127.0.0.1"]);
    expect(within(rows[0]!).getAllByRole("cell")[2]).toHaveTextContent("Read the audit log");
    // A plan is named by its short reference, linking to its page; never by its long id.
    const plan = within(rows[2]!).getByRole("link", { name: "KND-7Q4M-2HX9" });
    expect(plan).toHaveAttribute("href", `/staff/plans/${planId}`);
    expect(table).not.toHaveTextContent(planId);

    await user.click(screen.getByRole("button", { name: "Older entries" }));

    const older = await screen.findByRole("table", { name: "Older entries, page 2" });
    const olderRows = within(older).getAllByRole("row").slice(1);
    // Each in words; a kind of entry the screen has no words for yet shows its code.
    expect(olderRows.map((row) => within(row).getAllByRole("cell")[2]?.textContent)).toEqual([
      "Read the missed payments queue",
      "something.new",
    ]);
    expect(requests.at(-1)?.url).toBe("/api/staff/audit?before=7");
    expect(screen.queryByRole("button", { name: "Older entries" })).not.toBeInTheDocument();
  });

  it("shows refusals plainly, and a refused sign-in as by someone not signed in, naming the account tried", async () => {
    holdStaffToken();
    fakeFetch((request) => {
      if (request.url === "/api/staff/me") return jsonResponse(signedInStaff("administrator"));
      return jsonResponse({
        events: [
          {
            ...event(12, "request.refused"),
            staffMemberName: "Sam Agent",
            detail: { operation: "inviteStaffMember", status: 403, reason: "staffPermissionNeeded" },
          },
          {
            ...event(11, "staff.sign-in-slowed"),
            staffMemberId: null,
            staffMemberName: null,
            attemptedAccountName: "Ada Admin",
            detail: { attemptedAccount: "0b7f6a52-4c1e-4d8a-9f3b-2e6c5a7d8e91" },
            fromAddress: "198.51.100.7",
          },
          {
            ...event(10, "staff.sign-in-refused"),
            staffMemberId: null,
            staffMemberName: null,
            detail: { knownEmail: false },
          },
        ],
        nextBefore: null,
      });
    });
    renderStaffScreen(<StaffAuditScreen />);

    const table = await screen.findByRole("table", { name: "Newest entries" });
    const whoAndWhat = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(1, 3)
          .map((cell) => cell.textContent),
      );
    expect(whoAndWhat).toEqual([
      ["Sam Agent", "Refused: inviteStaffMember"],
      ["Someone (not signed in)", "Refused: sign-in as Ada Admin, asked to wait after too many tries"],
      ["Someone (not signed in)", "Refused: sign-in as an address that is not a member of staff's"],
    ]);
  });

  it("filters by who, what, the plan's reference and the days, asking for when staff opened the back office only when ticked", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const agentId = "5c0ffee0-4c1e-4d8a-9f3b-2e6c5a7d8e92";
    const requests = fakeFetch((request) => {
      if (request.url === "/api/staff/me") return jsonResponse(signedInStaff("administrator"));
      if (request.url === "/api/staff/members") {
        return jsonResponse({
          members: [
            {
              id: agentId,
              name: "Alan Agent",
              email: "alan@kindred.example",
              role: "agent",
              status: "active",
              createdAt: "2026-11-01T09:00:00.000Z",
            },
          ],
        });
      }
      if (request.url === "/api/staff/audit") {
        return jsonResponse({ events: [event(9, "staff.audit-read")], nextBefore: null });
      }
      return jsonResponse({ events: [], nextBefore: null });
    });
    renderStaffScreen(<StaffAuditScreen />);
    const filters = await screen.findByRole("region", { name: "Filter the log" });
    await screen.findByRole("table", { name: "Newest entries" });

    await user.selectOptions(await within(filters).findByLabelText("Who"), "Alan Agent");
    await user.selectOptions(within(filters).getByLabelText("What was done"), "Opened a plan");
    await user.type(within(filters).getByLabelText("Plan reference"), "knd 7q4m 2hx9");
    await typeDay(user, filters, "From", "2026-11-27");
    await typeDay(user, filters, "To", "2026-11-28");
    await user.click(
      within(filters).getByRole("checkbox", { name: /Show when staff opened the back office/ }),
    );
    await user.click(within(filters).getByRole("button", { name: "Show these entries" }));

    expect(await screen.findByText("No entries match these filters.")).toHaveAttribute("role", "status");
    const asked = new URL(requests.at(-1)!.url, "https://kindred.example");
    expect(asked.pathname).toBe("/api/staff/audit");
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      who: agentId,
      action: "plan.read",
      plan: "KND-7Q4M-2HX9",
      from: "2026-11-27",
      to: "2026-11-28",
      ownAccountReads: "shown",
    });

    // Left unticked, the switch asks the API to keep leaving them out.
    await user.click(
      within(filters).getByRole("checkbox", { name: /Show when staff opened the back office/ }),
    );
    await user.click(within(filters).getByRole("button", { name: "Show these entries" }));
    await vi.waitFor(() => expect(requests.at(-1)?.url).toContain("ownAccountReads=hidden"));

    await user.click(within(filters).getByRole("button", { name: "Clear the filters" }));
    expect(within(filters).getByLabelText("Plan reference")).toHaveValue("");
    expect(await screen.findByRole("table", { name: "Newest entries" })).toBeInTheDocument();
  });

  it("names each filter that is not right, and asks the API nothing with them", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = fakeFetch((request) => {
      if (request.url === "/api/staff/me") return jsonResponse(signedInStaff("administrator"));
      if (request.url === "/api/staff/members") return jsonResponse({ members: [] });
      return jsonResponse({ events: [event(9, "staff.audit-read")], nextBefore: null });
    });
    renderStaffScreen(<StaffAuditScreen />);
    const filters = await screen.findByRole("region", { name: "Filter the log" });
    await screen.findByRole("table", { name: "Newest entries" });
    const asked = () => requests.filter((request) => request.url.startsWith("/api/staff/audit")).length;
    const before = asked();

    await user.type(within(filters).getByLabelText("Plan reference"), "Mrs Smith");
    await typeDay(user, filters, "From", "2026-11-28");
    await typeDay(user, filters, "To", "2026-11-27");
    await user.click(within(filters).getByRole("button", { name: "Show these entries" }));
    const summary = () =>
      within(screen.getByRole("alert", { name: "There is a problem" }))
        .getAllByRole("link")
        .map((link) => link.textContent);
    expect(summary()).toEqual([
      `Plan reference: ${staffMessages.auditPlanInvalid}`,
      `To: ${staffMessages.auditToBeforeFrom}`,
    ]);

    const from = dateParts(filters, "From");
    await user.clear(from.day);
    await user.type(from.day, "31");
    await user.selectOptions(from.month, "February");
    await user.click(within(filters).getByRole("button", { name: "Show these entries" }));
    expect(summary()).toContain(`From: ${staffMessages.auditDayInvalid}`);
    expect(asked()).toBe(before);
  });

  it("is not open to an agent", async () => {
    holdStaffToken();
    const requests = fakeFetch(() => jsonResponse(signedInStaff("agent")));
    renderStaffScreen(<StaffAuditScreen />);

    expect(await screen.findByRole("alert")).toHaveTextContent(staffMessages.staffPermissionNeeded);
    expect(requests).toHaveLength(1);
  });

  it("has words for every kind of entry the API records", () => {
    const api = path.resolve(import.meta.dirname, "../../../../api/src");
    const sources = (readdirSync(api, { recursive: true }) as string[])
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => readFileSync(path.join(api, file), "utf8"));
    const recorded = new Set(
      sources.flatMap((source) =>
        [
          ...source.matchAll(/action: (?:[^"\n]*\? )?"([a-z-]+\.[a-z.-]+)"(?: : "([a-z-]+\.[a-z.-]+)")?/g),
        ].flatMap((match) => [match[1], match[2]].filter((action): action is string => action !== undefined)),
      ),
    );
    // Refusals are written by whatWasDone itself, with whom or what they refused.
    for (const refusal of ["request.refused", "staff.sign-in-refused", "staff.sign-in-slowed"]) {
      recorded.delete(refusal);
    }
    expect(recorded.size).toBeGreaterThan(20);
    expect([...recorded].filter((action) => !(action in auditActionWords))).toEqual([]);
  });
});
