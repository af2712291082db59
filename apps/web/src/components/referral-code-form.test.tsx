import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlanReferralResponse, ReferralAppliedResponse, Violation } from "@kindred/contracts";
import { messages, purchaseMessages } from "@kindred/domain";
import { QueryProvider } from "../lib/query-provider";
import { fakeFetch, jsonResponse, tokenResponse, type RecordedRequest } from "../test/fake-fetch";
import { ReferralCodeForm } from "./referral-code-form";

const planId = "9d2c6c1e-6f0a-4b8e-9a55-2f0c1f6b7a10";
const description =
  "When a friend or relative uses your code and their plan is paid for, you each receive a £50 gift card as our thank you. It does not change the price of either plan.";

const notApplied: PlanReferralResponse = { ownCode: null, applied: null, reward: 5000, description };

/** What the API answers a code it takes: the code in its written form, whatever was typed. */
const applied: ReferralAppliedResponse = {
  code: "KIND-7K4P-Q2",
  referreePlanId: planId,
  appliedAt: "2026-12-01T10:00:00.000Z",
  reward: 5000,
  description,
};

/**
 * The API as far as the form sees it: the plan's referral, and apply, which answers
 * `applyAnswer` (the code applied, or violations with their status).
 */
function fakeReferralApi({
  referral = notApplied,
  applyAnswer = () => jsonResponse(applied),
}: {
  referral?: PlanReferralResponse;
  applyAnswer?: () => Response;
} = {}): RecordedRequest[] {
  return fakeFetch((request) => {
    if (request.url === "/token") return tokenResponse("test-token");
    if (request.url === `/api/plan/${planId}/referral`) return jsonResponse(referral);
    if (request.url === "/api/referral-code/apply") return applyAnswer();
    return jsonResponse({ violations: [{ propertyPath: "Request", title: "No such address" }] }, 404);
  });
}

const refusal =
  (violations: Violation[], status = 422) =>
  () =>
    jsonResponse({ violations }, status);

const applyRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url === "/api/referral-code/apply");

/** Opens "Have a referral code?" as a person does: the form is loaded and made only then. */
async function openTheQuestion(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByText("Have a referral code?", { selector: "summary" }));
  await screen.findByRole("textbox", { name: "Referral code" });
}

function codeField(): HTMLInputElement {
  return screen.getByRole("textbox", { name: "Referral code" });
}

/** The messages shown under the code field, without the hidden "Error: ". */
function errorsUnderCode(): string[] {
  const box = document.getElementById(`${codeField().id}-error`);
  if (!box) return [];
  return Array.from(box.querySelectorAll("p")).map((line) =>
    (line.textContent ?? "").replace(/^Error: /, ""),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ReferralCodeForm", () => {
  it("says what a referral gives before the code is applied, then applies the code as typed and says it is added", async () => {
    const user = userEvent.setup();
    const requests = fakeReferralApi();
    render(<ReferralCodeForm planId={planId} />, { wrapper: QueryProvider });

    // Optional, so folded away behind its question until the person opens it.
    const question = await screen.findByText("Have a referral code?", { selector: "summary" });
    const disclosure = question.closest("details");
    expect(disclosure).not.toHaveAttribute("open");
    expect(screen.queryByRole("textbox", { name: "Referral code" })).not.toBeInTheDocument();
    await user.click(question);
    expect(disclosure).toHaveAttribute("open");
    expect(screen.getByText(description)).toBeVisible();
    await user.type(await screen.findByRole("textbox", { name: "Referral code" }), "kind 7k4p q2");
    await user.click(screen.getByRole("button", { name: "Apply code" }));

    const added = await screen.findByRole("heading", { name: "Your referral code is added" });
    const box = added.closest(".success-box");
    expect(box).not.toBeNull();
    expect(within(box as HTMLElement).getByText("KIND-7K4P-Q2")).toBeInTheDocument();
    expect(within(box as HTMLElement).getByText(description)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Apply code" })).not.toBeInTheDocument();
    const [sent] = applyRequests(requests);
    expect(sent?.method).toBe("POST");
    expect(JSON.parse(sent?.body ?? "null")).toEqual({ code: "kind 7k4p q2", referreePlanId: planId });
  });

  it("shows why the API refused the code under the field, and lets the person try again", async () => {
    const user = userEvent.setup();
    const requests = fakeReferralApi({
      applyAnswer: refusal([{ propertyPath: "code", title: purchaseMessages.referralCodeNotRecognised }]),
    });
    render(<ReferralCodeForm planId={planId} />, { wrapper: QueryProvider });

    await openTheQuestion(user);
    await user.type(codeField(), "KIND-2345-67");
    await user.click(screen.getByRole("button", { name: "Apply code" }));

    await screen.findByRole("link", { name: `Referral code: ${purchaseMessages.referralCodeNotRecognised}` });
    expect(errorsUnderCode()).toEqual([purchaseMessages.referralCodeNotRecognised]);
    expect(codeField()).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("heading", { name: "Your referral code is added" })).not.toBeInTheDocument();
    // Typing again clears what the API said about the last code.
    await user.type(codeField(), "8");
    expect(errorsUnderCode()).toEqual([]);
    expect(applyRequests(requests)).toHaveLength(1);
  });

  it("shows what the API says about the plan under the field too, such as one already paid for", async () => {
    const user = userEvent.setup();
    fakeReferralApi({
      applyAnswer: refusal([
        { propertyPath: "referreePlanId", title: purchaseMessages.referralCodeNotForPaidPlan },
      ]),
    });
    render(<ReferralCodeForm planId={planId} />, { wrapper: QueryProvider });

    await openTheQuestion(user);
    await user.type(codeField(), "KIND-7K4P-Q2");
    await user.click(screen.getByRole("button", { name: "Apply code" }));

    await screen.findByRole("link", {
      name: `Referral code: ${purchaseMessages.referralCodeNotForPaidPlan}`,
    });
    expect(errorsUnderCode()).toEqual([purchaseMessages.referralCodeNotForPaidPlan]);
  });

  it("asks for a code when none is typed, without calling the API", async () => {
    const user = userEvent.setup();
    const requests = fakeReferralApi();
    render(<ReferralCodeForm planId={planId} />, { wrapper: QueryProvider });

    await openTheQuestion(user);
    await user.click(screen.getByRole("button", { name: "Apply code" }));

    expect(errorsUnderCode()).toEqual([purchaseMessages.referralCodeMissing]);
    expect(applyRequests(requests)).toEqual([]);
  });

  it("puts any other refusal, such as too many tries, in a box above the form", async () => {
    const user = userEvent.setup();
    fakeReferralApi({
      applyAnswer: refusal([{ propertyPath: "Request", title: messages.tooManyRequests }], 429),
    });
    render(<ReferralCodeForm planId={planId} />, { wrapper: QueryProvider });

    await openTheQuestion(user);
    await user.type(codeField(), "KIND-7K4P-Q2");
    await user.click(screen.getByRole("button", { name: "Apply code" }));

    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("We could not add your referral code");
    expect(box).toHaveTextContent(`Request: ${messages.tooManyRequests}`);
    expect(errorsUnderCode()).toEqual([]);
  });

  it("shows a code applied before as added, with no form", async () => {
    fakeReferralApi({
      referral: { ...notApplied, applied: { code: "KIND-7K4P-Q2", appliedAt: "2026-11-30T09:00:00.000Z" } },
    });
    render(<ReferralCodeForm planId={planId} />, { wrapper: QueryProvider });

    expect(await screen.findByRole("heading", { name: "Your referral code is added" })).toBeInTheDocument();
    expect(screen.getByText("KIND-7K4P-Q2")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Referral code" })).not.toBeInTheDocument();
  });
});
