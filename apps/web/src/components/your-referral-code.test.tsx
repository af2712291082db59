import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlanReferralResponse, ReferralCodeResponse } from "@kindred/contracts";
import { purchaseMessages } from "@kindred/domain";
import { QueryProvider } from "../lib/query-provider";
import { fakeFetch, jsonResponse, tokenResponse, type RecordedRequest } from "../test/fake-fetch";
import { YourReferralCode } from "./your-referral-code";

const planId = "4f7d3a2b-1c9e-4d8f-b6a5-0e3c2d1b9a87";
const description =
  "When a friend or relative uses your code and their plan is paid for, you each receive a £50 gift card as our thank you. It does not change the price of either plan.";

/** The API as far as the component sees it: generate answers `generated`, and the plan's referral. */
function fakeReferralApi(generated: () => Response): RecordedRequest[] {
  const referral: PlanReferralResponse = { ownCode: null, applied: null, reward: 5000, description };
  return fakeFetch((request) => {
    if (request.url === "/token") return tokenResponse("test-token");
    if (request.url === "/api/referral-code/generate") return generated();
    if (request.url === `/api/plan/${planId}/referral`) return jsonResponse(referral);
    return jsonResponse({ violations: [{ propertyPath: "Request", title: "No such address" }] }, 404);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("YourReferralCode", () => {
  it("asks for the paid plan's code, shows it with what it gives, and copies it", async () => {
    const user = userEvent.setup();
    const requests = fakeReferralApi(() =>
      jsonResponse({ code: "KIND-7K4P-Q2", referrerPlanId: planId } satisfies ReferralCodeResponse),
    );
    render(<YourReferralCode planId={planId} />, { wrapper: QueryProvider });

    expect(await screen.findByText("KIND-7K4P-Q2")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Your referral code" })).toBeInTheDocument();
    expect(await screen.findByText(description)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Copy code" }));

    expect(await navigator.clipboard.readText()).toBe("KIND-7K4P-Q2");
    expect(screen.getByRole("status")).toHaveTextContent("Code copied.");
    const generate = requests.find((request) => request.url === "/api/referral-code/generate");
    expect(generate?.method).toBe("POST");
    expect(JSON.parse(generate?.body ?? "null")).toEqual({ referrerPlanId: planId });
  });

  it("says plainly when the browser will not copy, so the person can copy it by hand", async () => {
    const user = userEvent.setup();
    fakeReferralApi(() => jsonResponse({ code: "KIND-7K4P-Q2", referrerPlanId: planId }));
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("Not allowed"));
    render(<YourReferralCode planId={planId} />, { wrapper: QueryProvider });

    await user.click(await screen.findByRole("button", { name: "Copy code" }));

    expect(await screen.findByText(/did not let us copy the code/)).toBeInTheDocument();
  });

  it("says calmly why a plan not yet paid for has no code, with nothing to copy", async () => {
    fakeReferralApi(() =>
      jsonResponse(
        {
          violations: [{ propertyPath: "referrerPlanId", title: purchaseMessages.referralCodeNeedsPaidPlan }],
        },
        422,
      ),
    );
    render(<YourReferralCode planId={planId} />, { wrapper: QueryProvider });

    expect(await screen.findByText(purchaseMessages.referralCodeNeedsPaidPlan)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Copy code" })).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("offers to try later or call when the code cannot be fetched", async () => {
    fakeReferralApi(() => new Response("Bad gateway", { status: 502 }));
    render(<YourReferralCode planId={planId} />, { wrapper: QueryProvider });

    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("Sorry, we could not show your referral code");
    expect(box).toHaveTextContent("Call us free on");
  });
});
