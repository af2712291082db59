import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staffMessages } from "@kindred/domain";
import { fakeFetch, jsonResponse, type RecordedRequest } from "../../test/fake-fetch";
import { holdStaffToken, renderStaffScreen, signedInStaff } from "../../test/staff-harness";
import { StaffQueueScreen } from "./staff-queues-screen";

/**
 * The at-need queue as staff work it (issue 50 item 8): filtered by stage and age; a report that
 * matched no plan matched to the plan staff find, or closed as not ours with a reason.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

const caseId = "44444444-4444-4444-8444-444444444444";
const planId = "11111111-1111-4111-8111-111111111111";
const planReference = "KND-7Q4M-2HX9";
const otherPlanId = "22222222-2222-4222-8222-222222222222";

/** A report that matched no plan: the reference typed was one letter out. */
const unmatchedReport = {
  caseId,
  planId: null,
  planReference: null,
  matched: false,
  status: "unmatched",
  saidNotRight: false,
  personName: "Edith Smith",
  dateOfBirth: "1941-03-03",
  dateOfDeath: "2026-11-25",
  postcode: "",
  typedPlanReference: "11111111-1111-4111-8111-11111111111x",
  closedReason: null,
  informantName: "Margaret Smith",
  informantPhone: "07700 900123",
  toldAt: "2026-11-26T10:00:00.000Z",
  lastChangeAt: "2026-11-26T10:00:00.000Z",
  deadline: "2026-11-27",
  deadlineRule:
    "The next working day after we were told on 2026-11-26: find the plan and match it, or close the report as not one of ours",
};

const closedReport = {
  ...unmatchedReport,
  status: "closed",
  closedReason: "Called Margaret: her mother's plan is with another provider.",
  deadlineRule: "Closed as not one of our plans on 2026-11-27: nothing more to do",
};

const found = (id: string, status: string, boughtOn: string | null) => ({
  planId: id,
  planReference: id === planId ? planReference : "KND-9ZZZ-9ZZZ",
  customerName: "Edith Smith",
  coveredPersonName: null,
  postcode: "BN3 1AA",
  status,
  boughtOn,
  createdAt: "2024-03-01T10:00:00.000Z",
});

/** A page of the queue, with how many cases each filter holds. */
const queuePage = (items: unknown[]) => ({
  items,
  page: 1,
  nextPage: null,
  stageCounts: { open: 161, unmatched: 160, matched: 1, reported: 1, confirmed: 0, closed: 4 },
});

const queueUrl = "/api/staff/queues/at-need-cases?page=1";
const posts = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.method === "POST")
    .map((request) => [request.url, JSON.parse(request.body ?? "null") as unknown]);

function answering(answer: (request: RecordedRequest) => Response | Promise<Response> | null = () => null) {
  return fakeFetch((request) => {
    const own = answer(request);
    if (own) return own;
    if (request.url === "/api/staff/me") return jsonResponse(signedInStaff("agent"));
    if (request.url.startsWith("/api/staff/queues/at-need-cases")) {
      return jsonResponse(queuePage([unmatchedReport]));
    }
    return jsonResponse({}, 404);
  });
}

describe("the at-need queue", () => {
  it("asks for the cases at the stage and age chosen, and says when none match", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering((request) =>
      request.url.includes("stage=closed")
        ? jsonResponse(queuePage([closedReport]))
        : request.url.includes("stage=reported")
          ? jsonResponse(queuePage([]))
          : null,
    );
    renderStaffScreen(<StaffQueueScreen name="at-need" />);

    const table = await screen.findByRole("table", { name: "Soonest deadline first" });
    expect(
      screen.getByText(
        "Matched to a plan: 1 (waiting to be confirmed: 1; confirmed: 0). Not matched to a plan: 160. Closed as not one of our plans: 4.",
      ),
    ).toBeInTheDocument();
    const row = within(table).getByRole("row", { name: /Edith Smith/ });
    expect(row).toHaveTextContent("Not matched to a plan yet");
    expect(row).toHaveTextContent(
      "Born 3 March 1941; died 25 November 2026; told us plan reference 11111111-1111-4111-8111-11111111111x.",
    );
    expect(row).toHaveTextContent("27 November 2026");
    expect(within(row).queryByRole("button", { name: "Confirm the death" })).not.toBeInTheDocument();

    const filters = screen.getByRole("search", { name: "Filter the cases" });
    await user.selectOptions(within(filters).getByLabelText("Show"), "Matched, waiting to be confirmed");
    await user.selectOptions(within(filters).getByLabelText("Told us"), "At least a week ago");
    await user.click(within(filters).getByRole("button", { name: "Show these cases" }));
    expect(await screen.findByText("Nothing in this queue matches these filters.")).toBeInTheDocument();

    await user.selectOptions(within(filters).getByLabelText("Show"), "Closed as not one of our plans");
    await user.selectOptions(within(filters).getByLabelText("Told us"), "At any time");
    await user.click(within(filters).getByRole("button", { name: "Show these cases" }));
    const closed = await screen.findByRole("row", { name: /Edith Smith/ });
    expect(closed).toHaveTextContent(
      "Closed: not one of our plansWhy: Called Margaret: her mother's plan is with another provider.",
    );
    expect(within(closed).queryByRole("button")).not.toBeInTheDocument();

    expect(
      requests
        .filter((request) => request.url.startsWith("/api/staff/queues/"))
        .map((request) => request.url),
    ).toEqual([
      queueUrl,
      "/api/staff/queues/at-need-cases?page=1&stage=reported&olderThanDays=7",
      "/api/staff/queues/at-need-cases?page=1&stage=closed",
    ]);
  });

  it("matches a report to the plan found by searching, once however often pressed, and says what happens next", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    let release: (response: Response) => void = () => {};
    const requests = answering((request) => {
      if (request.url.startsWith("/api/staff/plans?")) {
        return jsonResponse({
          results: [
            found(planId, "bought", "2024-03-02T10:00:00.000Z"),
            found(otherPlanId, "unfinished", null),
          ],
          next: null,
        });
      }
      return request.method === "POST"
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : null;
    });
    renderStaffScreen(<StaffQueueScreen name="at-need" />);

    await user.click(await screen.findByRole("button", { name: "Match to a plan" }));
    const dialog = screen.getByRole("dialog", { name: "Match to a plan: Edith Smith" });
    // Searched for by the name of the person who died, to begin with.
    expect(within(dialog).getByLabelText("Find the plan")).toHaveValue("Edith Smith");
    await user.click(within(dialog).getByRole("button", { name: "Search" }));
    const plans = await within(dialog).findByRole("region", { name: "Plans found" });
    expect(requests.map((request) => request.url)).toContain("/api/staff/plans?q=Edith+Smith");
    // Only a bought plan can be chosen.
    expect(within(plans).getAllByRole("button", { name: /Choose the plan of/ })).toHaveLength(1);
    await user.click(
      within(plans).getByRole("button", {
        name: "Choose the plan of Edith Smith, BN3 1AA, bought 2 March 2024",
      }),
    );
    // The plan's short reference, as staff would read it back to the caller.
    expect(within(dialog).getByLabelText("Plan reference")).toHaveValue(planReference);

    await user.click(within(dialog).getByRole("button", { name: "Match to this plan" }));
    expect(within(dialog).getByLabelText("How you know it is this plan")).toHaveAccessibleDescription(
      expect.stringContaining(staffMessages.atNeedNoteNeeded),
    );
    expect(posts(requests)).toEqual([]);

    await user.type(
      within(dialog).getByLabelText("How you know it is this plan"),
      "Date of birth and address match; Margaret read the reference from the letter.",
    );
    await user.dblClick(within(dialog).getByRole("button", { name: "Match to this plan" }));
    expect(posts(requests)).toEqual([
      [
        `/api/staff/at-need-cases/${caseId}/match`,
        {
          plan: planReference,
          note: "Date of birth and address match; Margaret read the reference from the letter.",
        },
      ],
    ]);
    release(
      jsonResponse({
        caseId,
        planId,
        planReference,
        status: "reported",
        eventId: "88888888-8888-4888-8888-888888888888",
        at: "2026-11-27T10:00:00.000Z",
      }),
    );
    expect(
      await screen.findByText(
        `Edith Smith's report is matched to plan ${planReference}. It is now waiting to be confirmed, and everyone on the plan is being emailed.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(posts(requests)).toHaveLength(1);
    expect(requests.filter((request) => request.url === queueUrl)).toHaveLength(2);
  });

  it("says the API's refusal: the plan under its field, a report matched a moment ago above the form", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    let refusals = 0;
    answering((request) =>
      request.method === "POST"
        ? jsonResponse(
            {
              violations: [
                refusals++ === 0
                  ? { propertyPath: "plan", title: staffMessages.matchPlanHasACase }
                  : { propertyPath: "caseId", title: staffMessages.atNeedCaseAlreadyMatched },
              ],
            },
            409,
          )
        : null,
    );
    renderStaffScreen(<StaffQueueScreen name="at-need" />);

    await user.click(await screen.findByRole("button", { name: "Match to a plan" }));
    const dialog = screen.getByRole("dialog", { name: "Match to a plan: Edith Smith" });
    await user.type(within(dialog).getByLabelText("Plan reference"), "knd 7q4m 2hx9");
    await user.type(within(dialog).getByLabelText("How you know it is this plan"), "Found by postcode.");
    await user.click(within(dialog).getByRole("button", { name: "Match to this plan" }));
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText("Plan reference")).toHaveAccessibleDescription(
        expect.stringContaining(staffMessages.matchPlanHasACase),
      ),
    );

    await user.click(within(dialog).getByRole("button", { name: "Match to this plan" }));
    await vi.waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole("alert")
          .map((alert) => alert.textContent),
      ).toContain(`The report was not matchedcaseId: ${staffMessages.atNeedCaseAlreadyMatched}`),
    );
  });

  it("closes a report as not ours only with a reason, and sends the reason", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering((request) =>
      request.method === "POST"
        ? jsonResponse({
            caseId,
            planId: null,
            status: "closed",
            eventId: "88888888-8888-4888-8888-888888888888",
            at: "2026-11-27T10:00:00.000Z",
          })
        : null,
    );
    renderStaffScreen(<StaffQueueScreen name="at-need" />);

    await user.click(await screen.findByRole("button", { name: "Close as not ours" }));
    const dialog = screen.getByRole("dialog", { name: "Close as not ours: Edith Smith" });
    await user.click(within(dialog).getByRole("button", { name: "Close as not ours" }));
    expect(within(dialog).getByLabelText("Why it is not one of our plans")).toHaveAccessibleDescription(
      expect.stringContaining(staffMessages.closeReasonNeeded),
    );
    expect(posts(requests)).toEqual([]);

    await user.type(
      within(dialog).getByLabelText("Why it is not one of our plans"),
      "  Called Margaret: her mother's plan is with another provider.  ",
    );
    await user.click(within(dialog).getByRole("button", { name: "Close as not ours" }));
    expect(
      await screen.findByText("Edith Smith's report is closed as not one of our plans, with your reason."),
    ).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      [
        `/api/staff/at-need-cases/${caseId}/close`,
        { reason: "Called Margaret: her mother's plan is with another provider." },
      ],
    ]);
  });
});
