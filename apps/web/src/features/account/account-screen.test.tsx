import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type {
  PlanPaymentsResponse,
  PlanPeopleResponse,
  PlanReferralResponse,
  PlanResponse,
} from "@kindred/contracts";
import {
  atNeedPhone,
  messages,
  type PayingBy,
  purchaseMessages,
  refundDeadlineInWords,
  supportPhone,
  whenTheTimeComesExplained,
} from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { closeSignInPrompt, getSignInPrompt } from "../../lib/sign-in-prompt";
import { storeTokenSession } from "../../lib/token-session";
import { fakeFetch, jsonResponse, tokenResponse, type RecordedRequest } from "../../test/fake-fetch";
import {
  boughtPlanTimes,
  createDirectDebit,
  createPayment,
  createPlanPayments,
  createPlanResponse,
  depositChoicePayments,
  fullChoicePayments,
  testPlanId,
} from "../../test/payments-factory";
import { AccountScreen } from "./account-screen";

const planIds = {
  planning: "0a8f3b1c-1d2e-4f30-8a4b-5c6d7e8f9001",
  ready: "0a8f3b1c-1d2e-4f30-8a4b-5c6d7e8f9002",
  paid: "0a8f3b1c-1d2e-4f30-8a4b-5c6d7e8f9003",
  instalments: testPlanId,
  cancelled: "0a8f3b1c-1d2e-4f30-8a4b-5c6d7e8f9005",
};

const noPeople: PlanPeopleResponse = {
  customer: null,
  coveredPerson: null,
  nominee: null,
  payer: null,
  updatedAt: null,
};
const margaretForHerMother: PlanPeopleResponse = {
  customer: { title: "Mrs", firstName: "Margaret", lastName: "Hughes", email: "margaret@example.com" },
  coveredPerson: { title: "Mrs", firstName: "Edith", lastName: "Price" },
  nominee: { title: "Mr", firstName: "David", lastName: "Hughes" },
  payer: null,
  updatedAt: "2026-05-20T10:00:00.000Z",
};

/** Three of twelve collected, from a £500 deposit; the fourth failed and so did the fifth. */
function payingByInstalments(overrides: Partial<PlanPaymentsResponse> = {}): PlanPaymentsResponse {
  const chosen = depositChoicePayments();
  const statuses = ["collected", "collected", "collected", "failed", "failed"] as const;
  return {
    ...chosen,
    planId: planIds.instalments,
    state: "paying_by_instalments",
    paid: true,
    payments: [
      createPayment({ paymentOption: "deposit", amount: 50_000, status: "confirmed", completed: true }),
    ],
    directDebit: createDirectDebit({ status: "active" }),
    collections: (chosen.schedule?.instalments ?? []).map((instalment, index) => ({
      ...instalment,
      status: statuses[index] ?? "scheduled",
    })),
    collected: 3,
    missedPayments: 2,
    arrears: { owed: 60_390, catchUpBy: "2026-11-27", sentAt: "2026-11-17T09:00:00.000Z" },
    whenTheTimeComes: boughtPlanTimes("2026-06-01"),
    ...overrides,
  };
}

interface FakeAccount {
  plans: PlanResponse[];
  payments: Record<string, PlanPaymentsResponse>;
  people?: Record<string, PlanPeopleResponse>;
  referrals?: Record<string, PlanReferralResponse>;
  cancelAnswer?: () => Response;
}

function fakeAccountApi({
  plans,
  payments,
  people = {},
  referrals = {},
  cancelAnswer,
}: FakeAccount): RecordedRequest[] {
  return fakeFetch((request) => {
    if (request.url === "/token") return tokenResponse("customer-token");
    if (request.url === "/api/plan") return jsonResponse(plans);
    const match = /^\/api\/plan\/([^/?]+)(\/[a-z]+)?/.exec(request.url);
    const id = match?.[1] ?? "";
    const plan = plans.find((candidate) => candidate.id === id);
    if (plan && match?.[2] === undefined) return jsonResponse(plan);
    if (plan && match?.[2] === "/payments") return jsonResponse(payments[id]);
    if (plan && match?.[2] === "/customer") return jsonResponse(people[id] ?? noPeople);
    if (plan && match?.[2] === "/referral") {
      return jsonResponse(
        referrals[id] ?? {
          ownCode: null,
          applied: null,
          reward: 5_000,
          description: "A £50 gift card each.",
        },
      );
    }
    if (plan && match?.[2] === "/cancel" && cancelAnswer) return cancelAnswer();
    if (plan && match?.[2] === "/statement") {
      return jsonResponse({
        fileName: "plan-statement-2026-11-27.pdf",
        contentType: "application/pdf",
        file: btoa("%PDF-1.7"),
      });
    }
    return jsonResponse({ violations: [{ propertyPath: "Request", title: "Not found" }] }, 404);
  });
}

function signIn() {
  localStorage.setItem("isUserLoggedIn", "true");
  storeTokenSession({ token: "customer-token", setAt: Date.now(), expiry: 1800 });
}

/** The bullets of "If the person covered dies", in order. */
function whatHappensAtDeath(): string[] {
  const section = screen.getByRole("region", { name: "If the person covered dies" });
  return within(section)
    .getAllByRole("listitem")
    .map((item) => item.textContent ?? "");
}

function explained(payingBy: PayingBy, moratoriumMonths: number): string[] {
  return whenTheTimeComesExplained(payingBy, moratoriumMonths).map((each) => each.text);
}

function rowValue(within: HTMLElement, key: string): string | null | undefined {
  const term = Array.from(within.querySelectorAll("dt")).find((dt) => dt.textContent === key);
  return term?.nextElementSibling?.textContent;
}

beforeEach(() => {
  // jsdom cannot follow a link to another page; the test only needs what happens before it goes.
  document.addEventListener("click", preventNavigation);
});

afterEach(() => {
  document.removeEventListener("click", preventNavigation);
  closeSignInPrompt();
  vi.unstubAllGlobals();
});

function preventNavigation(event: MouseEvent) {
  if ((event.target as HTMLElement).closest("a")) event.preventDefault();
}

describe("AccountScreen, signed out", () => {
  it("opens the sign-in prompt and asks for nothing", async () => {
    const requests = fakeAccountApi({ plans: [], payments: {} });
    render(<AccountScreen planId="" />, { wrapper: QueryProvider });

    expect(await screen.findByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(getSignInPrompt().open).toBe(true);
    expect(requests).toEqual([]);
  });
});

describe("AccountScreen, the dashboard", () => {
  it("lists each plan with its state in words, and the way on for an unfinished one", async () => {
    signIn();
    fakeAccountApi({
      plans: [
        createPlanResponse({ id: planIds.planning, updatedAt: "2026-05-02T10:00:00.000Z" }),
        createPlanResponse({ id: planIds.ready }),
        createPlanResponse({ id: planIds.paid }),
        createPlanResponse({ id: planIds.instalments, reference: "KND-2HX9-7Q4M" }),
        createPlanResponse({ id: planIds.cancelled }),
      ],
      payments: {
        [planIds.planning]: createPlanPayments({ planId: planIds.planning, state: "being_planned" }),
        [planIds.ready]: createPlanPayments({ planId: planIds.ready }),
        [planIds.paid]: fullChoicePayments({ planId: planIds.paid, state: "paid", paid: true }),
        [planIds.instalments]: payingByInstalments(),
        [planIds.cancelled]: fullChoicePayments({ planId: planIds.cancelled, state: "cancelled" }),
      },
      people: { [planIds.instalments]: margaretForHerMother },
      referrals: {
        [planIds.instalments]: {
          ownCode: null,
          applied: { code: "KIND-7Q4M", appliedAt: "2026-05-03T09:00:00.000Z" },
          reward: 5_000,
          description: "A £50 gift card each.",
        },
      },
    });
    render(<AccountScreen planId="" />, { wrapper: QueryProvider });

    expect(await screen.findByRole("heading", { level: 1, name: "Your plans" })).toBeInTheDocument();
    const cards = await screen.findAllByRole("listitem");
    expect(cards).toHaveLength(5);
    await waitFor(() => expect(rowValue(cards[0]!, "State")).toBe("Being planned"));
    await waitFor(() => expect(rowValue(cards[4]!, "State")).toBe("Cancelled"));
    expect(rowValue(cards[0]!, "Price")).toBe("£4,123.45");
    expect(rowValue(cards[0]!, "Last saved")).toBe("2 May 2026");
    expect(rowValue(cards[1]!, "State")).toBe("Ready to pay");
    expect(rowValue(cards[2]!, "State")).toBe("Paid in full");
    expect(rowValue(cards[3]!, "State")).toBe("Paying by instalments: 3 of 12 monthly payments collected");
    // Each plan named by the person it covers and its kind of funeral, with its reference.
    expect(
      within(cards[3]!).getByRole("heading", { name: "Edith Price: attended funeral" }),
    ).toBeInTheDocument();
    expect(
      within(cards[0]!).getByRole("heading", { name: "Your plan: attended funeral" }),
    ).toBeInTheDocument();
    // The short reference, to read out on the phone (decision 045), never the plan's id.
    expect(rowValue(cards[3]!, "Plan reference")).toBe("KND-2HX9-7Q4M");
    expect(rowValue(cards[3]!, "Bought on")).toBe("1 June 2026");
    await waitFor(() => expect(rowValue(cards[3]!, "Referral")).toBe("Code KIND-7Q4M, added on 3 May 2026"));
    expect(within(cards[2]!).queryByText("Referral")).not.toBeInTheDocument();

    expect(within(cards[0]!).getByRole("link", { name: "Continue planning" })).toHaveAttribute(
      "href",
      "/planning",
    );
    expect(within(cards[1]!).getByRole("link", { name: "Continue to payment" })).toHaveAttribute(
      "href",
      "/purchase/options",
    );
    for (const card of cards.slice(2)) {
      expect(within(card).queryByRole("link", { name: /Continue/ })).not.toBeInTheDocument();
    }
    expect(within(cards[2]!).getByRole("link", { name: "See this plan" })).toHaveAttribute(
      "href",
      `/account?plan=${planIds.paid}`,
    );
    expect(screen.getByRole("link", { name: "tell us that someone has died" })).toHaveAttribute(
      "href",
      "/notify-a-death",
    );
    expect(screen.getByRole("link", { name: atNeedPhone.display })).toHaveAttribute(
      "href",
      `tel:${atNeedPhone.dial}`,
    );
  });

  it("continuing a plan makes it this browser's plan, forgetting another plan's journey in this tab", async () => {
    signIn();
    localStorage.setItem("planId", JSON.stringify(planIds.ready));
    sessionStorage.setItem("journeyData", JSON.stringify({ attendance: { option: { id: 1 } } }));
    sessionStorage.setItem("purchase", JSON.stringify({ planType: "myself" }));
    fakeAccountApi({
      plans: [createPlanResponse({ id: planIds.planning })],
      payments: {
        [planIds.planning]: createPlanPayments({ planId: planIds.planning, state: "being_planned" }),
      },
    });
    render(<AccountScreen planId="" />, { wrapper: QueryProvider });

    await userEvent.click(await screen.findByRole("link", { name: "Continue planning" }));

    expect(JSON.parse(localStorage.getItem("planId") ?? "null")).toBe(planIds.planning);
    expect(sessionStorage.getItem("journeyData")).toBeNull();
    expect(sessionStorage.getItem("purchase")).toBeNull();
  });
});

describe("AccountScreen, one plan", () => {
  function renderPlan(payments: PlanPaymentsResponse, cancelAnswer?: () => Response) {
    signIn();
    const requests = fakeAccountApi({
      plans: [createPlanResponse({ id: planIds.instalments })],
      payments: { [planIds.instalments]: payments },
      people: { [planIds.instalments]: margaretForHerMother },
      cancelAnswer,
    });
    render(<AccountScreen planId={planIds.instalments} />, { wrapper: QueryProvider });
    return requests;
  }

  it("shows a contribution with its amount as not guaranteed, and a wish with no money set aside with no price", async () => {
    signIn();
    const base = createPlanResponse({ id: planIds.instalments });
    fakeAccountApi({
      plans: [
        {
          ...base,
          sections: [
            ...base.sections,
            {
              key: "flowersOptions",
              step: "additional",
              title: "Flowers",
              answer: "White lilies",
              price: 5_000,
              guaranteed: false,
            },
            {
              key: "musicOptions",
              step: "additional",
              title: "Music",
              answer: "Abide with Me",
              price: 0,
              guaranteed: false,
            },
          ],
        },
      ],
      payments: { [planIds.instalments]: payingByInstalments() },
      people: { [planIds.instalments]: margaretForHerMother },
    });
    render(<AccountScreen planId={planIds.instalments} />, { wrapper: QueryProvider });

    const choices = await screen.findByRole("region", { name: "Your choices" });
    const row = (title: string) =>
      Array.from(choices.querySelectorAll("dt")).find((term) => term.textContent === title)!.parentElement!;
    expect(row("Flowers")).toHaveTextContent("White lilies (a contribution: not guaranteed)£50");
    expect(row("Music")).toHaveTextContent(/^MusicAbide with Me$/);
  });

  it("shows the choices and prices, the four people, the payments and those to come, the masked Direct Debit and the missed payments", async () => {
    renderPlan(payingByInstalments());

    expect(
      await screen.findByRole("heading", { level: 1, name: "Plan for Mrs Edith Price" }),
    ).toBeInTheDocument();
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("2 monthly payments were missed");
    expect(alert).toHaveTextContent("£603.90 is owed. We sent you a statement on 17 November 2026.");
    expect(alert).toHaveTextContent("Please catch up by 27 November 2026.");

    const choices = screen.getByRole("region", { name: "Your choices" });
    expect(within(choices).getByText("Willow coffin")).toBeInTheDocument();
    expect(within(choices).getByText("£1,173.45")).toBeInTheDocument();
    expect(rowValue(choices, "Total price")).toContain("Guaranteed");

    const people = screen.getByRole("region", { name: "The people" });
    expect(rowValue(people, "You")).toBe("Mrs Margaret Hughes");
    expect(rowValue(people, "The person the plan is for")).toBe("Mrs Edith Price");
    expect(rowValue(people, "Someone we can speak to")).toBe("Mr David Hughes");
    expect(rowValue(people, "Who is paying")).toBe("You");

    const payments = screen.getByRole("region", { name: "Payments" });
    expect(rowValue(payments, "Deposit paid by card")).toContain("1 June 2026");
    expect(within(payments).getByText("3 of 12 monthly payments collected.")).toBeInTheDocument();
    const table = within(payments).getByRole("table", { name: "Your monthly payments by Direct Debit" });
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("115 June 2026£302Collected");
    expect(rows[4]).toHaveTextContent("Missed");
    expect(rows[6]).toHaveTextContent("To be collected");
    expect(rowValue(payments, "Account number")).toBe("Ending 9911");
    expect(rowValue(payments, "Status")).toBe("Active");

    // What happens at a death: the domain's words for 12 months with the plan's 24 first months,
    // and the day those months are over.
    const atDeath = screen.getByRole("region", { name: "If the person covered dies" });
    expect(atDeath).toHaveTextContent(
      "Your plan started on 1 June 2026. From 1 June 2028, it is past its first 24 months.",
    );
    expect(whatHappensAtDeath()).toEqual(explained({ option: "deposit", months: 12 }, 24));

    expect(
      screen.getByRole("button", { name: "Download the Funeral plan summary (PDF)" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("button", { name: "Download the Funeral plan details (PDF)" }),
    ).toBeInTheDocument();
  });

  it("asks before cancelling, with the continuity promise and what will be refunded, then says what is refunded", async () => {
    const user = userEvent.setup();
    const requests = renderPlan(payingByInstalments(), () =>
      jsonResponse(
        payingByInstalments({
          state: "cancelled",
          cancelledAt: "2026-12-01T10:00:00.000Z",
          refunded: 140_590,
          directDebit: createDirectDebit({ status: "cancelled" }),
        }),
      ),
    );

    await user.click(await screen.findByRole("button", { name: "Cancel this plan" }));
    const dialog = screen.getByRole("dialog", { name: "Are you sure you want to cancel this plan?" });
    expect(dialog).toHaveTextContent(
      purchaseMessages.cancellationPromiseBesideCancelling(supportPhone.display),
    );
    // Its own button cancels: it does not send the person to the phone to do it.
    expect(dialog).not.toHaveTextContent("To cancel, or if you have any questions, call us");
    // £500 by card and three collections (£302, £301.95, £301.95).
    expect(dialog).toHaveTextContent(
      `We will refund everything you have paid, £1,405.90, ${refundDeadlineInWords}.`,
    );
    expect(dialog).toHaveTextContent("Your Direct Debit will be cancelled, so nothing more is collected.");

    await user.click(within(dialog).getByRole("button", { name: "No, keep my plan" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(requests.filter((request) => request.url.endsWith("/cancel"))).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Cancel this plan" }));
    await user.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Yes, cancel this plan" }),
    );

    const done = await screen.findByRole("heading", { name: "Your plan is cancelled" });
    expect(done.closest(".success-box")).toHaveTextContent(
      `We will refund £1,405.90, everything you have paid, ${refundDeadlineInWords}. Your Direct Debit is cancelled, so nothing more will be collected.`,
    );
    const cancels = requests.filter((request) => request.url.endsWith("/cancel"));
    expect(cancels).toHaveLength(1);
    expect(cancels[0]?.method).toBe("POST");
    expect(cancels[0]?.body).toBe("{}");
    expect(cancels[0]?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(rowValue(document.body, "State")).toBe("Cancelled");
    expect(screen.getByRole("heading", { name: "This plan is cancelled" })).toBeInTheDocument();
    // Those still to come are stopped with the plan, whatever the provider has yet to confirm.
    const table = screen.getByRole("table", { name: "Your monthly payments by Direct Debit" });
    expect(within(table).getAllByRole("row")[6]).toHaveTextContent("Cancelled");
    expect(within(table).queryByText("To be collected")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "If the person covered dies" })).not.toBeInTheDocument();
  });

  it("says for a plan paid in full, with the first months it was bought with, that the funeral is provided whenever the person covered dies", async () => {
    renderPlan(
      fullChoicePayments({
        planId: planIds.instalments,
        state: "paid",
        paid: true,
        payments: [createPayment({ status: "confirmed", completed: true })],
        whenTheTimeComes: boughtPlanTimes("2026-06-01", 18),
      }),
    );

    expect(await screen.findByRole("region", { name: "If the person covered dies" })).toBeInTheDocument();
    expect(whatHappensAtDeath()).toEqual(explained({ option: "full" }, 18));
    expect(screen.queryByText(/it is past its first/)).not.toBeInTheDocument();
  });

  it("quotes the plan's own first months and term when paying by instalments over longer than them", async () => {
    renderPlan(
      payingByInstalments({
        choice: { option: "deposit", deposit: 50_000, months: 60 },
        whenTheTimeComes: boughtPlanTimes("2027-03-14", 18),
      }),
    );

    expect(await screen.findByRole("region", { name: "If the person covered dies" })).toHaveTextContent(
      "Your plan started on 14 March 2027. From 14 September 2028, it is past its first 18 months.",
    );
    expect(whatHappensAtDeath()).toEqual(explained({ option: "deposit", months: 60 }, 18));
    expect(whatHappensAtDeath().join(" ")).toContain("up to 42 months of payments would still be due");
  });

  it("shows the funeral director appointed when the plan was bought: name, address, phone and the day", async () => {
    renderPlan(
      fullChoicePayments({
        planId: planIds.instalments,
        state: "paid",
        paid: true,
        payments: [createPayment({ status: "confirmed", completed: true })],
        whenTheTimeComes: boughtPlanTimes("2026-06-01"),
        funeralDirector: {
          appointedOn: "2026-06-01",
          branch: {
            name: "Ashworth & Daughters Funeral Directors",
            address: {
              line1: "214 Upper Street",
              line2: "Islington",
              locality: "London",
              county: "Greater London",
              postcode: "N1 1RL",
            },
            phone: "020 7946 0112",
          },
        },
      }),
    );

    const section = await screen.findByRole("region", { name: "Your funeral director" });
    expect(rowValue(section, "Name")).toBe("Ashworth & Daughters Funeral Directors");
    expect(rowValue(section, "Address")).toBe("214 Upper Street, Islington, London, Greater London, N1 1RL");
    expect(within(section).getByRole("link", { name: "020 7946 0112" })).toHaveAttribute(
      "href",
      "tel:02079460112",
    );
    expect(rowValue(section, "Appointed on")).toBe("1 June 2026");
    expect(section).toHaveTextContent("If you would like a different funeral director, call us");
    expect(section).not.toHaveTextContent("within 30 days");
  });

  it("says, while another funeral director is chosen for a branch that had closed, that we will write within 30 days", async () => {
    renderPlan(payingByInstalments({ funeralDirector: { appointedOn: "2026-06-01", branch: null } }));

    const section = await screen.findByRole("region", { name: "Your funeral director" });
    expect(section).toHaveTextContent(
      "We will write to you with your funeral director's name, address and phone number within 30 days of 1 June 2026",
    );
    expect(rowValue(section, "Name")).toBeUndefined();
  });

  it("names no funeral director before the plan is bought, nor for a cancelled plan", async () => {
    renderPlan(
      payingByInstalments({
        state: "cancelled",
        cancelledAt: "2026-12-01T10:00:00.000Z",
        funeralDirector: { appointedOn: "2026-06-01", branch: null },
      }),
    );

    expect(await screen.findByRole("heading", { name: "This plan is cancelled" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your funeral director" })).not.toBeInTheDocument();
  });

  it("says of a cancelled plan what is being refunded and by when, and nothing of a death", async () => {
    renderPlan(
      payingByInstalments({
        state: "cancelled",
        cancelledAt: "2026-12-01T10:00:00.000Z",
        refundOwed: 140_590,
        directDebit: createDirectDebit({ status: "cancelled" }),
      }),
    );

    const box = (await screen.findByRole("heading", { name: "This plan is cancelled" })).closest(".info-box");
    expect(box).toHaveTextContent(
      `It was cancelled on 1 December 2026. We are refunding £1,405.90, everything you paid, ${refundDeadlineInWords} of cancelling. Nothing more will be collected.`,
    );
    expect(screen.queryByRole("region", { name: "If the person covered dies" })).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the API's reason when the plan cannot be cancelled", async () => {
    const user = userEvent.setup();
    renderPlan(payingByInstalments(), () =>
      jsonResponse(
        { violations: [{ propertyPath: "plan", title: purchaseMessages.planCannotBeCancelled }] },
        409,
      ),
    );

    await user.click(await screen.findByRole("button", { name: "Cancel this plan" }));
    await user.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Yes, cancel this plan" }),
    );

    const dialog = screen.getByRole("dialog");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      `plan: ${purchaseMessages.planCannotBeCancelled}`,
    );
  });

  it("says, for a plan in its first months, how to tell us of a death", async () => {
    renderPlan(payingByInstalments());

    const atDeath = await screen.findByRole("region", { name: "If the person covered dies" });
    expect(within(atDeath).getByRole("link", { name: "tell us that someone has died" })).toHaveAttribute(
      "href",
      "/notify-a-death",
    );
    expect(within(atDeath).getByRole("link", { name: atNeedPhone.display })).toHaveAttribute(
      "href",
      `tel:${atNeedPhone.dial}`,
    );
  });

  /** A plan bought by instalments whose person covered died on 3 January 2027, told on the 4th. */
  function funeralRequested(atDeath: NonNullable<PlanPaymentsResponse["funeral"]>["atDeath"]) {
    return payingByInstalments({
      state: "funeral_requested",
      funeral: { status: "funeral_requested", requestedOn: "2027-01-04", dateOfDeath: "2027-01-03", atDeath },
      funeralDirector: { appointedOn: "2026-06-01", branch: null },
    });
  }

  /** What a plan whose funeral is requested no longer offers: paying, changing, cancelling, referring. */
  function expectNothingToChange() {
    expect(screen.queryByRole("button", { name: "Cancel this plan" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change your contact details" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Continue/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your referral code" })).not.toBeInTheDocument();
    expect(screen.queryByText(/monthly payments were missed/)).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "If the person covered dies" })).not.toBeInTheDocument();
  }

  it("shows a funeral requested in the first months: the balance to pay for it, or the refund, and an accident covered in full", async () => {
    renderPlan(
      funeralRequested({
        funeral: "ifTheBalanceIsPaid",
        balance: 271_755,
        refund: 140_590,
        accidentKnown: false,
      }),
    );

    const funeral = await screen.findByRole("region", { name: "Funeral requested" });
    expect(rowValue(document.body, "State")).toBe("Funeral requested");
    expect(rowValue(funeral, "We were told on")).toBe("4 January 2027");
    expect(rowValue(funeral, "Date of death")).toBe("3 January 2027");
    expect(rowValue(funeral, "What the family pays")).toBe(
      "£2,717.55 for the funeral as planned, or nothing, with £1,405.90 given back",
    );
    expect(
      within(funeral)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "pay the balance of £2,717.55, what is left of the plan's price, and the funeral goes ahead as planned; or",
      "have everything paid, £1,405.90, given back in full, with no fee, and the plan ends.",
    ]);
    expect(funeral).toHaveTextContent(
      "If the death was the result of an accident, the funeral is provided in full with nothing more to pay.",
    );
    expect(funeral).toHaveTextContent(messages.funeralRequested);
    expect(funeral).toHaveTextContent("We will call you to talk this through.");
    expect(within(funeral).getByRole("link", { name: atNeedPhone.display })).toHaveAttribute(
      "href",
      `tel:${atNeedPhone.dial}`,
    );
    // What was paid stays in view; what was still to come is stopped.
    const table = screen.getByRole("table", { name: "Your monthly payments by Direct Debit" });
    expect(within(table).getAllByRole("row")[6]).toHaveTextContent("Cancelled");
    expect(within(table).queryByText("To be collected")).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Your funeral director" })).toBeInTheDocument();
    expectNothingToChange();
  });

  it("shows a funeral requested past the first months as provided with nothing more to pay", async () => {
    renderPlan(funeralRequested({ funeral: "provided", because: "pastTheFirstMonths" }));

    const funeral = await screen.findByRole("region", { name: "Funeral requested" });
    expect(rowValue(funeral, "What the family pays")).toBe("Nothing more");
    expect(funeral).toHaveTextContent(
      "The plan is past its first 24 months. The funeral is provided as planned, and nobody needs to pay anything more for what the plan includes.",
    );
    expect(funeral).not.toHaveTextContent("given back");
    expect(funeral).not.toHaveTextContent("accident");
    expect(funeral).toHaveTextContent("We will call you to talk this through.");
    expectNothingToChange();
  });

  it("offers no cancelling for a plan not yet bought, and the way to carry on with it", async () => {
    renderPlan(createPlanPayments({ planId: planIds.instalments, state: "being_planned" }));

    expect(await screen.findByRole("link", { name: "Continue planning" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel this plan" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Payments" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "If the person covered dies" })).not.toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Download your plan statement (PDF)" }),
    ).not.toBeInTheDocument();
  });

  it("downloads a bought plan's statement through the API with the customer's token, as base64", async () => {
    const createObjectURL = vi.fn(() => "blob:statement");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    const requests = renderPlan(payingByInstalments());

    await user.click(await screen.findByRole("button", { name: "Download your plan statement (PDF)" }));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const downloads = requests.filter((request) => request.url.includes("/statement"));
    expect(downloads.map((request) => request.url)).toEqual([
      `/api/plan/${planIds.instalments}/statement?encode=base64`,
    ]);
    expect(downloads[0]?.headers.get("authorization")).toBe("Bearer customer-token");
    expect(screen.queryByText("Sorry, your statement could not be downloaded")).not.toBeInTheDocument();
  });

  it("still offers the statement of a cancelled plan", async () => {
    renderPlan(payingByInstalments({ state: "cancelled", cancelledAt: "2026-12-01T10:00:00.000Z" }));

    expect(await screen.findByRole("heading", { name: "This plan is cancelled" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download your plan statement (PDF)" })).toBeInTheDocument();
  });

  it("still offers the statement of a plan whose funeral was requested", async () => {
    renderPlan(funeralRequested({ funeral: "provided", because: "pastTheFirstMonths" }));

    expect(await screen.findByRole("region", { name: "Funeral requested" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download your plan statement (PDF)" })).toBeInTheDocument();
  });
});

describe("AccountScreen, a Direct Debit that ended (issue 46 item 1)", () => {
  /** A £500 deposit and three monthly payments taken, then the bank ended the Direct Debit. */
  function stopped(): PlanPaymentsResponse {
    const paying = payingByInstalments({ missedPayments: 0, arrears: null });
    return {
      ...paying,
      state: "payments_stopped",
      directDebit: createDirectDebit({ status: "cancelled" }),
      collections: paying.collections.map((collection, index) => ({
        ...collection,
        status: index < 3 ? "collected" : "cancelled",
      })),
      paymentsStopped: {
        endedOn: "2026-09-14",
        paidSoFar: 140_000,
        restByCard: 260_000,
        newDirectDebit: {
          depositStillOwed: 0,
          instalments: Array.from({ length: 9 }, (_, index) => ({
            number: index + 1,
            date: `2026-${String(10 + Math.min(index, 2)).padStart(2, "0")}-01`,
            amount: 30_000,
          })),
        },
      },
    };
  }

  it("says calmly that it ended, that what was paid is kept, and leads to the payment page to carry on", async () => {
    signIn();
    fakeAccountApi({
      plans: [createPlanResponse({ id: planIds.instalments })],
      payments: { [planIds.instalments]: stopped() },
      people: { [planIds.instalments]: margaretForHerMother },
    });
    render(<AccountScreen planId={planIds.instalments} />, { wrapper: QueryProvider });

    expect(
      await screen.findByRole("heading", { level: 1, name: "Plan for Mrs Edith Price" }),
    ).toBeInTheDocument();
    expect(screen.getByText("State").nextElementSibling).toHaveTextContent(
      "Payments stopped: your Direct Debit has ended",
    );
    const ended = screen.getByRole("region", { name: "Your Direct Debit has ended" });
    expect(ended).toHaveTextContent(
      "Your bank told us on 14 September 2026 that your Direct Debit has ended, so nothing more will be collected from that account. Your plan has not been cancelled. The £1,400 you have paid is kept towards it, and you do not need to start again.",
    );
    expect(ended).toHaveTextContent(
      "To carry on, you can pay the rest, £2,600, by card, or set up a new Direct Debit for what is left, over 9 monthly payments.",
    );
    expect(within(ended).getByRole("link", { name: "Carry on paying" })).toHaveAttribute(
      "href",
      "/purchase/plan",
    );
    // What was paid stays in view; the Direct Debit says it ended; the plan can still be cancelled.
    const payments = screen.getByRole("region", { name: "Payments" });
    expect(within(payments).getByText("3 of 12 monthly payments collected.")).toBeInTheDocument();
    expect(within(payments).getByText("Ended at your bank")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Cancel this plan" })).toBeInTheDocument();

    await userEvent.click(within(ended).getByRole("link", { name: "Carry on paying" }));
    expect(JSON.parse(localStorage.getItem("planId") ?? "null")).toBe(planIds.instalments);
  });
});

describe("AccountScreen, a deposit still to pay (issue 25 item 1)", () => {
  /** The Direct Debit set up, then the person left before paying the £500 deposit by card. */
  function depositNotPaid(): PlanPaymentsResponse {
    return payingByInstalments({
      payments: [],
      collections: (depositChoicePayments().schedule?.instalments ?? []).map((instalment) => ({
        ...instalment,
        status: "scheduled" as const,
      })),
      collected: 0,
      missedPayments: 0,
      arrears: null,
      depositOwed: 50_000,
    });
  }

  it("says on the dashboard that the deposit is still to pay, with the way to pay it", async () => {
    signIn();
    localStorage.setItem("planId", JSON.stringify(planIds.ready));
    sessionStorage.setItem("journeyData", JSON.stringify({ attendance: { option: { id: 1 } } }));
    fakeAccountApi({
      plans: [createPlanResponse({ id: planIds.instalments }), createPlanResponse({ id: planIds.paid })],
      payments: {
        [planIds.instalments]: depositNotPaid(),
        [planIds.paid]: payingByInstalments({ planId: planIds.paid }),
      },
    });
    render(<AccountScreen planId="" />, { wrapper: QueryProvider });

    const [owing, paid] = await screen.findAllByRole("listitem");
    await waitFor(() =>
      expect(rowValue(owing!, "State")).toBe("Paying by instalments: your deposit of £500 is still to pay"),
    );
    const pay = within(owing!).getByRole("link", { name: "Pay your deposit" });
    expect(pay).toHaveAttribute("href", "/purchase/plan");
    expect(pay).toHaveClass("button");
    expect(pay).not.toHaveClass("button--secondary");
    expect(within(owing!).getByRole("link", { name: "See this plan" })).toHaveClass("button--secondary");

    await waitFor(() =>
      expect(rowValue(paid!, "State")).toBe("Paying by instalments: 3 of 12 monthly payments collected"),
    );
    expect(within(paid!).queryByRole("link", { name: "Pay your deposit" })).not.toBeInTheDocument();

    // Paying makes it this browser's plan, so the payment page opens it, not the other one.
    await userEvent.click(pay);
    expect(JSON.parse(localStorage.getItem("planId") ?? "null")).toBe(planIds.instalments);
    expect(sessionStorage.getItem("journeyData")).toBeNull();
  });

  it("says in the plan what is outstanding, and leads to the payment page to pay it", async () => {
    signIn();
    fakeAccountApi({
      plans: [createPlanResponse({ id: planIds.instalments })],
      payments: { [planIds.instalments]: depositNotPaid() },
      people: { [planIds.instalments]: margaretForHerMother },
    });
    render(<AccountScreen planId={planIds.instalments} />, { wrapper: QueryProvider });

    expect(
      await screen.findByRole("heading", { level: 1, name: "Plan for Mrs Edith Price" }),
    ).toBeInTheDocument();
    expect(screen.getByText("State").nextElementSibling).toHaveTextContent(
      "Paying by instalments: your deposit of £500 is still to pay",
    );
    const owed = screen.getByRole("region", { name: "Your deposit of £500 is still to pay" });
    expect(owed).toHaveTextContent(
      "Your Direct Debit for the monthly payments is set up. The deposit is paid by card, and it has not been paid yet.",
    );
    expect(within(owed).getByRole("link", { name: "Pay your deposit" })).toHaveAttribute(
      "href",
      "/purchase/plan",
    );
    // Nothing claims a deposit was paid.
    const payments = screen.getByRole("region", { name: "Payments" });
    expect(within(payments).queryByText("Deposit paid by card")).not.toBeInTheDocument();
    expect(within(payments).getByText("0 of 12 monthly payments collected.")).toBeInTheDocument();

    await userEvent.click(within(owed).getByRole("link", { name: "Pay your deposit" }));
    expect(JSON.parse(localStorage.getItem("planId") ?? "null")).toBe(planIds.instalments);
  });

  it("offers no deposit to pay once it is paid", async () => {
    signIn();
    fakeAccountApi({
      plans: [createPlanResponse({ id: planIds.instalments })],
      payments: { [planIds.instalments]: payingByInstalments() },
    });
    render(<AccountScreen planId={planIds.instalments} />, { wrapper: QueryProvider });

    expect(await screen.findByRole("region", { name: "Payments" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Pay your deposit" })).not.toBeInTheDocument();
    expect(screen.queryByText(/deposit of .* is still to pay/)).not.toBeInTheDocument();
  });
});
