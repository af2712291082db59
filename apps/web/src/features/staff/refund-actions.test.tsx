import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staffMessages } from "@kindred/domain";
import { fakeFetch, jsonResponse, type RecordedRequest } from "../../test/fake-fetch";
import { holdStaffToken, renderStaffScreen, signedInStaff } from "../../test/staff-harness";
import { StaffQueueScreen } from "./staff-queues-screen";

/**
 * A refund that failed at the payment provider, as finance meets it in the refunds queue (issue 46
 * item 3): the provider's reason, how late it is, and the two ways to make it: send it again, or
 * record it repaid by bank transfer with the transfer's reference.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

const refundId = "55555555-5555-4555-8555-555555555555";
const failed = {
  refundId,
  planId: "11111111-1111-4111-8111-111111111111",
  customerName: "Margaret Smith",
  amountPence: 54_650,
  of: "card_payment",
  owedSince: "2026-10-01T10:00:00.000Z",
  deadline: "2026-10-31T10:00:00.000Z",
  deadlineRule: "30 days from when the refund became owed (the cancellation, or a payment taken after it)",
  status: "failed_at_provider",
  failedAttempts: 0,
  maySendAgain: true,
  failureReason: "expired_or_canceled_card",
  mayRecordTransfer: true,
  transferReference: null,
  refundedAt: null,
};

function answering(answer: (request: RecordedRequest) => Response | null = () => null) {
  return fakeFetch((request) => {
    const own = answer(request);
    if (own) return own;
    if (request.url === "/api/staff/me") return jsonResponse(signedInStaff("finance"));
    if (request.url === "/api/staff/queues/refunds?page=1") {
      return jsonResponse({ items: [failed], page: 1, nextPage: null });
    }
    return jsonResponse({}, 404);
  });
}

describe("a refund that failed at the provider, in the refunds queue", () => {
  it("says so with the provider's reason and that it is past its deadline, and offers both ways to make it", async () => {
    holdStaffToken();
    answering();
    renderStaffScreen(<StaffQueueScreen name="refunds" />);

    const row = await screen.findByRole("row", { name: /Margaret Smith/ });
    expect(row).toHaveTextContent("Refund failed at the provider");
    expect(row).toHaveTextContent("The provider said: expired_or_canceled_card");
    expect(row).toHaveTextContent("Past its deadline");
    expect(within(row).getByRole("button", { name: "Send the refund again" })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Record a bank transfer" })).toBeInTheDocument();
  });

  it("records a bank transfer with its reference, refusing an empty one, and says it is done", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering((request) =>
      request.method === "POST"
        ? jsonResponse({
            ...failed,
            status: "refunded",
            transferReference: "FPS 4471",
            mayRecordTransfer: false,
          })
        : null,
    );
    renderStaffScreen(<StaffQueueScreen name="refunds" />);

    await user.click(await screen.findByRole("button", { name: "Record a bank transfer" }));
    const dialog = screen.getByRole("dialog", { name: "Record a refund repaid by bank transfer" });
    expect(dialog).toHaveTextContent("Record this only once the bank has sent £546.50 to Margaret Smith.");
    await user.click(within(dialog).getByRole("button", { name: "Record the transfer" }));
    expect(await within(dialog).findAllByText(staffMessages.transferReferenceNeeded)).not.toHaveLength(0);
    expect(requests.some((request) => request.method === "POST")).toBe(false);

    await user.type(within(dialog).getByLabelText("The bank transfer's reference"), "FPS 4471");
    await user.click(within(dialog).getByRole("button", { name: "Record the transfer" }));

    expect(
      await screen.findByText("Recorded: £546.50 repaid to Margaret Smith by bank transfer FPS 4471."),
    ).toBeInTheDocument();
    const posts = requests.filter((request) => request.method === "POST");
    expect(posts.map((request) => [request.url, JSON.parse(request.body ?? "null") as unknown])).toEqual([
      [`/api/staff/refunds/${refundId}/paid-by-transfer`, { reference: "FPS 4471" }],
    ]);
  });
});
