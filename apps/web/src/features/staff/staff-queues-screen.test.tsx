import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staffMessages } from "@kindred/domain";
import { fakeFetch, jsonResponse, type RecordedRequest } from "../../test/fake-fetch";
import { holdStaffToken, renderStaffScreen, signedInStaff } from "../../test/staff-harness";
import { StaffQueueScreen, StaffQueuesScreen } from "./staff-queues-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const planA = "11111111-1111-4111-8111-111111111111";
const planB = "22222222-2222-4222-8222-222222222222";
/** Their short references (decision 045), which staff see and read out. */
const referenceA = "KND-7Q4M-2HX9";
const referenceB = "KND-3CVR-8PWA";
const givenUpId = "33333333-3333-4333-8333-333333333333";
const caseId = "44444444-4444-4444-8444-444444444444";

const refund = (overrides: Record<string, unknown>) => ({
  refundId: "55555555-5555-4555-8555-555555555555",
  planId: planA,
  planReference: referenceA,
  customerName: "Margaret Smith",
  amountPence: 12_500,
  of: "card_payment",
  owedSince: "2026-11-01T10:00:00.000Z",
  deadline: "2026-12-01T10:00:00.000Z",
  deadlineRule: "30 days from when the refund became owed (the cancellation, or a payment taken after it)",
  status: "owed",
  failedAttempts: 0,
  maySendAgain: false,
  failureReason: null,
  mayRecordTransfer: false,
  transferReference: null,
  refundedAt: null,
  ...overrides,
});

/** The refunds queue, its second item's deadline the sooner (the table puts it first). */
const refunds = [
  refund({}),
  refund({
    refundId: givenUpId,
    planId: planB,
    planReference: referenceB,
    customerName: "Tom Jones",
    amountPence: 4_000,
    deadline: "2026-11-20T09:00:00.000Z",
    status: "given_up",
    maySendAgain: true,
  }),
];

const atNeedCase = {
  caseId,
  planId: planA,
  planReference: referenceA,
  matched: true,
  status: "funeral_requested",
  saidNotRight: false,
  personName: "Edith Smith",
  dateOfBirth: "1941-03-03",
  dateOfDeath: "2026-11-25",
  postcode: "",
  typedPlanReference: "",
  closedReason: null,
  informantName: "Margaret Smith",
  informantPhone: "07700 900123",
  toldAt: "2026-11-26T10:00:00.000Z",
  lastChangeAt: "2026-11-26T10:00:00.000Z",
  deadline: "2026-11-27",
  deadlineRule: "1 working day from the last step, on 2026-11-26",
};

/** A death reported online and matched, not yet confirmed; someone on the plan says it is not right. */
const reportedCase = {
  ...atNeedCase,
  caseId: "77777777-7777-4777-8777-777777777777",
  status: "reported",
  saidNotRight: true,
  personName: "Arthur Jones",
  deadline: "2026-11-28",
};

const statementId = "66666666-6666-4666-8666-666666666666";
const missedPayment = {
  statementId,
  planId: planA,
  planReference: referenceA,
  customerName: "Arthur Bell",
  missedPayments: 2,
  owedPence: 18_400,
  statementSentAt: "2026-11-20T09:00:00.000Z",
  deadline: "2026-12-04",
  deadlineRule: "The day the arrears statement gave to catch up by",
};

const enquiryId = "77777777-7777-4777-8777-777777777777";
const guideEnquiry = {
  enquiryId,
  name: "Iris Green",
  email: "iris@example.com",
  phone: null,
  postcode: "MK9 2HP",
  contactBy: ["email"],
  askedAt: "2026-11-26T10:00:00.000Z",
  deadline: "2026-11-30",
  deadlineRule: "2 working days from the enquiry",
};

/** A plan whose Direct Debit the bank ended before it was paid (issue 46 item 1). */
const directDebitEnded = {
  planId: planB,
  planReference: referenceB,
  customerName: "Tom Jones",
  mandateReference: "KND-0000000B",
  ended: "cancelled",
  endedAt: "2026-11-20T09:00:00.000Z",
  paidSoFarPence: 115_000,
  deadline: "2026-11-27",
  deadlineRule: "5 working days from 2026-11-20, when the Direct Debit ended",
};

const emptyPage = { items: [], page: 1, nextPage: null };
/** How many cases each of the at-need queue's filters holds. */
const stageCounts = { open: 2, unmatched: 0, matched: 2, reported: 1, confirmed: 1, closed: 0 };

function answering(
  role: "agent" | "finance",
  answer: (request: RecordedRequest) => Response | Promise<Response> | null = () => null,
) {
  const requestsSoFar = () => requests;
  const requests = fakeFetch((request) => {
    const own = answer(request);
    if (own) return own;
    if (request.url === "/api/staff/me") return jsonResponse(signedInStaff(role));
    if (request.url === "/api/staff/queues/refunds?page=1") {
      return jsonResponse({ items: refunds, page: 1, nextPage: null });
    }
    if (request.url === "/api/staff/queues/at-need-cases?page=1") {
      return jsonResponse({ items: [atNeedCase], page: 1, nextPage: null, stageCounts });
    }
    if (request.url === "/api/staff/queues/missed-payments?page=1") {
      // Once an outcome is recorded the case leaves the queue.
      const recorded = requestsSoFar().some((sent) => sent.method === "POST");
      return jsonResponse({ items: recorded ? [] : [missedPayment], page: 1, nextPage: null });
    }
    if (request.url === "/api/staff/queues/direct-debits-ended?page=1") {
      return jsonResponse({ items: [directDebitEnded], page: 1, nextPage: null });
    }
    if (request.url === "/api/staff/queues/enquiries?page=1") {
      const followedUp = requestsSoFar().some((sent) => sent.method === "POST");
      return jsonResponse({ items: followedUp ? [] : [guideEnquiry], page: 1, nextPage: null });
    }
    if (request.url.startsWith("/api/staff/queues/")) return jsonResponse(emptyPage);
    return jsonResponse({}, 404);
  });
  return requests;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

const posts = (requests: RecordedRequest[]) => requests.filter((request) => request.method === "POST");

describe("StaffQueuesScreen", () => {
  it("lists every queue finance may open, with how much is to do and the soonest deadline", async () => {
    holdStaffToken();
    answering("finance");
    renderStaffScreen(<StaffQueuesScreen />);

    const table = await screen.findByRole("table", { name: "Your work queues" });
    const refundsRow = within(table).getByRole("link", { name: "Refunds due" }).closest("tr")!;
    await vi.waitFor(() =>
      expect(cellsOf(refundsRow)).toEqual(["Refunds due", "2", "20 Nov 2026, 09:00:00"]),
    );
    const atNeedRow = within(table).getByRole("link", { name: "Deaths told to us" }).closest("tr")!;
    expect(cellsOf(atNeedRow)).toEqual(["Deaths told to us", "1", "27 November 2026"]);
    expect(within(table).getByRole("link", { name: "Refunds due" })).toHaveAttribute(
      "href",
      "/staff/queues/refunds",
    );
    expect(within(table).getAllByRole("link")).toHaveLength(6);
  });

  it("offers an agent no refunds or missed payments, and asks the API for neither", async () => {
    holdStaffToken();
    const requests = answering("agent");
    renderStaffScreen(<StaffQueuesScreen />);

    const table = await screen.findByRole("table", { name: "Your work queues" });
    expect(
      within(table)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Funeral directors to appoint", "Deaths told to us", "Guide enquiries to follow up"]);
    expect(screen.getByRole("navigation", { name: "Back office" })).toHaveTextContent("Work queues");
    await vi.waitFor(() => expect(requests).toHaveLength(4));
    expect(requests.some((request) => /refunds|missed-payments|direct-debits-ended/.test(request.url))).toBe(
      false,
    );
  });
});

describe("StaffQueueScreen", () => {
  it("shows refunds soonest deadline first, with the deadline, its rule and the plan's page", async () => {
    holdStaffToken();
    answering("finance");
    renderStaffScreen(<StaffQueueScreen name="refunds" />);

    const table = await screen.findByRole("table", { name: "Soonest deadline first" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[1]?.textContent)).toEqual([
      "Tom Jones",
      "Margaret Smith",
    ]);
    expect(cellsOf(rows[0]!)[0]).toBe(
      "20 Nov 2026, 09:00:0030 days from when the refund became owed (the cancellation, or a payment taken after it)",
    );
    // The plan's short reference, not its long id, links to its page.
    expect(table).not.toHaveTextContent(planB);
    expect(within(rows[0]!).getByRole("link", { name: referenceB })).toHaveAttribute(
      "href",
      `/staff/plans/${planB}`,
    );
    expect(within(table).getByRole("columnheader", { name: "Deadline" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    // Only the refund the provider gave up on may be sent again.
    expect(within(rows[1]!).queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows finance the plans whose Direct Debit ended, with what was paid and the day to call by (issue 46 item 1)", async () => {
    holdStaffToken();
    answering("finance");
    renderStaffScreen(<StaffQueueScreen name="direct-debits-ended" />);

    const table = await screen.findByRole("table", { name: "Soonest deadline first" });
    const [row] = within(table).getAllByRole("row").slice(1);
    expect(cellsOf(row!)).toEqual([
      "27 November 20265 working days from 2026-11-20, when the Direct Debit ended",
      "Tom Jones",
      "Cancelled at the bank",
      "20 November 2026",
      "£1,150",
      "KND-0000000B",
      referenceB,
    ]);
  });

  it("sends a refund again once, after asking, however often the button is pressed", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    let release: (response: Response) => void = () => {};
    const requests = answering("finance", (request) =>
      request.method === "POST"
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : null,
    );
    renderStaffScreen(<StaffQueueScreen name="refunds" />);

    await user.click(await screen.findByRole("button", { name: "Send the refund again" }));
    const dialog = screen.getByRole("dialog", { name: "Send the refund again?" });
    expect(dialog).toHaveTextContent("refund £40 to Tom Jones");
    await user.dblClick(within(dialog).getByRole("button", { name: "Send the refund again" }));

    expect(posts(requests).map((request) => request.url)).toEqual([
      `/api/staff/refunds/${givenUpId}/send-again`,
    ]);
    expect(within(dialog).getByRole("button", { name: "Sending…" })).toBeDisabled();
    release(jsonResponse(refund({ refundId: givenUpId, status: "owed" }), 202));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts(requests)).toHaveLength(1);
  });

  it("says the API's words when the refund is still with the provider", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    answering("finance", (request) =>
      request.method === "POST"
        ? jsonResponse(
            { violations: [{ propertyPath: "refundId", title: staffMessages.refundStillBeingSent }] },
            409,
          )
        : null,
    );
    renderStaffScreen(<StaffQueueScreen name="refunds" />);

    await user.click(await screen.findByRole("button", { name: "Send the refund again" }));
    const dialog = screen.getByRole("dialog", { name: "Send the refund again?" });
    await user.click(within(dialog).getByRole("button", { name: "Send the refund again" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      `The refund was not sent againrefundId: ${staffMessages.refundStillBeingSent}`,
    );
    expect(within(dialog).getByRole("button", { name: "Send the refund again" })).toBeEnabled();
  });

  it("moves a funeral on only with a note, and sends the step and the note", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("agent", (request) =>
      request.method === "POST"
        ? jsonResponse({
            caseId,
            status: "funeral_arranged",
            eventId: caseId,
            at: "2026-11-27T12:00:00.000Z",
          })
        : null,
    );
    renderStaffScreen(<StaffQueueScreen name="at-need" />);

    const table = await screen.findByRole("table", { name: "Soonest deadline first" });
    expect(cellsOf(within(table).getAllByRole("row")[1]!)[0]).toBe(
      "27 November 20261 working day from the last step, on 2026-11-26",
    );
    await user.click(within(table).getByRole("button", { name: "Move to: funeral arranged" }));
    const dialog = screen.getByRole("dialog", { name: "Move to: funeral arranged?" });
    await user.click(within(dialog).getByRole("button", { name: "Move to: funeral arranged" }));

    expect(within(dialog).getByLabelText("What was done")).toHaveAccessibleDescription(
      expect.stringContaining(staffMessages.atNeedNoteNeeded),
    );
    expect(posts(requests)).toEqual([]);

    await user.type(
      within(dialog).getByLabelText("What was done"),
      "  Spoke to Margaret; Co-op Hove booked.  ",
    );
    await user.click(within(dialog).getByRole("button", { name: "Move to: funeral arranged" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts(requests).map((request) => [request.url, JSON.parse(request.body ?? "null")])).toEqual([
      [
        `/api/staff/at-need-cases/${caseId}/status`,
        { status: "funeral_arranged", note: "Spoke to Margaret; Co-op Hove booked." },
      ],
    ]);
  });

  it("confirms a reported death only once staff say how, warns when someone on the plan says it is not right, and offers to withdraw it", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("agent", (request) =>
      request.method === "POST"
        ? jsonResponse({
            caseId: reportedCase.caseId,
            status: "funeral_requested",
            eventId: "88888888-8888-4888-8888-888888888888",
            at: "2026-11-27T10:00:00.000Z",
          })
        : request.url === "/api/staff/queues/at-need-cases?page=1"
          ? jsonResponse({ items: [reportedCase], page: 1, nextPage: null, stageCounts })
          : null,
    );
    renderStaffScreen(<StaffQueueScreen name="at-need" />);

    const table = await screen.findByRole("table", { name: "Soonest deadline first" });
    const row = within(table).getByRole("row", { name: /Arthur Jones/ });
    expect(row).toHaveTextContent("Reported, not yet confirmed");
    expect(row).toHaveTextContent("Someone on the plan says this is not right: call them first.");
    expect(within(row).getByRole("button", { name: "Withdraw the report" })).toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: /Move to/ })).not.toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "Confirm the death" }));
    const dialog = screen.getByRole("dialog", { name: "Confirm the death?" });
    await user.type(within(dialog).getByLabelText("What was done"), "Certificate seen: Hove, entry 42.");
    await user.click(
      within(dialog).getByRole("button", { name: "Confirm the death and request the funeral" }),
    );
    await vi.waitFor(() => expect(dialog).toHaveTextContent(staffMessages.deathConfirmationNeeded));
    expect(posts(requests)).toEqual([]);

    await user.click(
      within(dialog).getByRole("radio", {
        name: "The death is registered: we have the certificate's details",
      }),
    );
    await user.click(
      within(dialog).getByRole("button", { name: "Confirm the death and request the funeral" }),
    );
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts(requests).map((request) => [request.url, JSON.parse(request.body ?? "null")])).toEqual([
      [
        `/api/staff/at-need-cases/${reportedCase.caseId}/status`,
        {
          status: "funeral_requested",
          note: "Certificate seen: Hove, entry 42.",
          confirmedBy: "death_certificate",
        },
      ],
    ]);
  });

  it("says the API's refusal when the funeral cannot be moved on", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    answering("agent", (request) =>
      request.method === "POST"
        ? jsonResponse(
            { violations: [{ propertyPath: "status", title: staffMessages.funeralStatusSame }] },
            409,
          )
        : null,
    );
    renderStaffScreen(<StaffQueueScreen name="at-need" />);

    await user.click(await screen.findByRole("button", { name: "Move to: funeral arranged" }));
    const dialog = screen.getByRole("dialog", { name: "Move to: funeral arranged?" });
    await user.type(within(dialog).getByLabelText("What was done"), "Booked.");
    await user.click(within(dialog).getByRole("button", { name: "Move to: funeral arranged" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      `The funeral was not moved onstatus: ${staffMessages.funeralStatusSame}`,
    );
  });

  it("tells an agent the refunds queue is not open to them, and asks the API for nothing more", async () => {
    holdStaffToken();
    const requests = answering("agent");
    renderStaffScreen(<StaffQueueScreen name="refunds" />);

    expect(await screen.findByRole("alert")).toHaveTextContent(staffMessages.staffPermissionNeeded);
    expect(requests.map((request) => request.url)).toEqual(["/api/staff/me"]);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("records no outcome until one is chosen, and no new arrangement without a note", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("finance");
    renderStaffScreen(<StaffQueueScreen name="missed-payments" />);

    await user.click(await screen.findByRole("button", { name: "Record the outcome" }));
    const dialog = screen.getByRole("dialog", { name: "Record the outcome" });
    expect(dialog).toHaveTextContent("Arthur Bell missed 2 payments and owes £184.");
    await user.click(within(dialog).getByRole("button", { name: "Record the outcome" }));
    expect(within(dialog).getByRole("group", { name: "How it ended" })).toHaveAccessibleDescription(
      expect.stringContaining(staffMessages.arrearsOutcomeNeeded),
    );

    await user.click(within(dialog).getByRole("radio", { name: "A new arrangement" }));
    await user.click(within(dialog).getByRole("button", { name: "Record the outcome" }));
    expect(within(dialog).getByLabelText("Note")).toHaveAccessibleDescription(
      expect.stringContaining(staffMessages.arrearsArrangementNoteNeeded),
    );
    expect(posts(requests)).toEqual([]);
  });

  it("cancels with a refund once, however often pressed, says what happens, and then what was recorded", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    let release: (response: Response) => void = () => {};
    const requests = answering("finance", (request) =>
      request.method === "POST"
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : null,
    );
    renderStaffScreen(<StaffQueueScreen name="missed-payments" />);

    await user.click(await screen.findByRole("button", { name: "Record the outcome" }));
    const dialog = screen.getByRole("dialog", { name: "Record the outcome" });
    await user.click(within(dialog).getByRole("radio", { name: "Cancelled with a refund" }));
    expect(within(dialog).getByRole("note", { name: "What cancelling does" })).toHaveTextContent(
      "Recording this cancels the plan at once. Its Direct Debit is stopped, so nothing more is collected. Every payment and collection taken is refunded to the card or bank account it came from, and Arthur Bell is emailed to say so.",
    );
    await user.type(within(dialog).getByLabelText("Note"), "  Rang twice; asked us to cancel.  ");
    await user.dblClick(within(dialog).getByRole("button", { name: "Cancel the plan and refund" }));

    expect(posts(requests).map((request) => [request.url, JSON.parse(request.body ?? "null")])).toEqual([
      [
        `/api/staff/missed-payments/${statementId}/outcome`,
        { outcome: "cancelled_with_refund", note: "Rang twice; asked us to cancel." },
      ],
    ]);
    release(
      jsonResponse(
        {
          outcomeId: caseId,
          statementId,
          planId: planA,
          outcome: "cancelled_with_refund",
          note: "Rang twice; asked us to cancel.",
          recordedBy: "Fay Finance",
          recordedAt: "2026-11-27T12:00:00.000Z",
          planCancelled: true,
        },
        201,
      ),
    );
    expect(await screen.findByText("Nothing is waiting in this queue.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByText(/^Recorded for Arthur Bell: cancelled with a refund\./)).toHaveTextContent(
      "everything taken is being refunded, and Arthur Bell is being emailed to say so.",
    );
    expect(posts(requests)).toHaveLength(1);
    // The queue was read again after the outcome.
    expect(
      requests.filter((request) => request.url === "/api/staff/queues/missed-payments?page=1"),
    ).toHaveLength(2);
  });

  it("sends a settled outcome without a note, and shows the API's refusal in its words", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("finance", (request) =>
      request.method === "POST"
        ? jsonResponse(
            {
              violations: [
                { propertyPath: "statementId", title: staffMessages.arrearsOutcomeAlreadyRecorded },
              ],
            },
            409,
          )
        : null,
    );
    renderStaffScreen(<StaffQueueScreen name="missed-payments" />);

    await user.click(await screen.findByRole("button", { name: "Record the outcome" }));
    const dialog = screen.getByRole("dialog", { name: "Record the outcome" });
    await user.click(within(dialog).getByRole("radio", { name: "Settled" }));
    await user.click(within(dialog).getByRole("button", { name: "Record the outcome" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      `The outcome was not recordedstatementId: ${staffMessages.arrearsOutcomeAlreadyRecorded}`,
    );
    expect(posts(requests).map((request) => JSON.parse(request.body ?? "null"))).toEqual([
      { outcome: "settled" },
    ]);
  });

  it("marks an enquiry followed up once, takes it from the queue, and says so", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    let release: (response: Response) => void = () => {};
    const requests = answering("agent", (request) =>
      request.method === "POST"
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : null,
    );
    renderStaffScreen(<StaffQueueScreen name="enquiries" />);

    await user.dblClick(await screen.findByRole("button", { name: "Mark as followed up" }));
    expect(posts(requests).map((request) => request.url)).toEqual([
      `/api/staff/enquiries/${enquiryId}/followed-up`,
    ]);
    release(
      jsonResponse({
        enquiryId,
        followedUpAt: "2026-11-27T12:00:00.000Z",
        followedUpBy: "Alan Agent",
        alreadyFollowedUp: false,
      }),
    );
    expect(await screen.findByText("Nothing is waiting in this queue.")).toBeInTheDocument();
    expect(screen.getByText("Iris Green's enquiry is marked as followed up.")).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(1);
  });

  it("says plainly when someone had already followed the enquiry up", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    answering("agent", (request) =>
      request.method === "POST"
        ? jsonResponse({
            enquiryId,
            followedUpAt: "2026-11-27T09:30:00.000Z",
            followedUpBy: "Alan Agent",
            alreadyFollowedUp: true,
          })
        : null,
    );
    renderStaffScreen(<StaffQueueScreen name="enquiries" />);

    await user.click(await screen.findByRole("button", { name: "Mark as followed up" }));
    expect(
      await screen.findByText(
        /^Iris Green's enquiry had already been followed up, by Alan Agent on .*\. Nothing was changed\.$/,
      ),
    ).toBeInTheDocument();
  });

  it("says the API's refusal when an enquiry cannot be marked, and keeps it in the queue", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    answering("agent", (request) =>
      request.method === "POST"
        ? jsonResponse(
            { violations: [{ propertyPath: "enquiryId", title: staffMessages.noSuchEnquiry }] },
            404,
          )
        : null,
    );
    renderStaffScreen(<StaffQueueScreen name="enquiries" />);

    await user.click(await screen.findByRole("button", { name: "Mark as followed up" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      `It was not marked as followed upenquiryId: ${staffMessages.noSuchEnquiry}`,
    );
    expect(screen.getByRole("row", { name: /Iris Green/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mark as followed up" })).toBeEnabled();
  });
});
