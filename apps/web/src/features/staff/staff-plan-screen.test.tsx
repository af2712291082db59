import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StaffPlanPage } from "@kindred/contracts";
import { requestViolation, staffMessages } from "@kindred/domain";
import { fakeFetch, jsonResponse, type RecordedRequest } from "../../test/fake-fetch";
import { holdStaffToken, renderStaffScreen, signedInStaff } from "../../test/staff-harness";
import { StaffPlanScreen } from "./staff-plan-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const planId = "5d2c8f0e-3b1a-4c7e-9f6d-2a8b4c6e0f01";
const pageUrl = `/api/staff/plans/${planId}`;
const peopleVersion = "2026-05-20T10:00:00.000Z";

const margaret = {
  title: "Mrs",
  titleText: "",
  firstName: "Margaret",
  lastName: "Hughes",
  email: "margaret@example.com",
  phone: "01632 960 001",
  address: {
    line1: "14 Silbury Boulevard",
    line2: "",
    line3: "",
    locality: "Milton Keynes",
    county: "Buckinghamshire",
    country: "England",
    postcode: "MK9 2HP",
  },
  preferredContactMethod: "contact_method_email",
};

/** A plan bought by Direct Debit: a deposit paid by card, one instalment collected, the next due. */
function planPage(overrides: Partial<StaffPlanPage> = {}): StaffPlanPage {
  return {
    planId,
    createdAt: "2026-05-01T09:00:00.000Z",
    plan: {
      reference: "KND-7Q4M-2HX9",
      price: { basic: 350000, additional: 25000, contributions: 0, total: 375000 },
      sections: [
        {
          key: "coffin",
          step: "coffin",
          title: "Coffin",
          answer: "Oak veneer",
          price: 25000,
          guaranteed: true,
        },
      ],
    } as unknown as StaffPlanPage["plan"],
    payments: {
      planId,
      state: "paying_by_instalments",
      paid: true,
      choice: null,
      schedule: null,
      payments: [
        {
          id: "a1b2c3d4-0000-4000-8000-000000000001",
          planId,
          paymentOption: "deposit",
          amount: 50000,
          status: "confirmed",
          completed: true,
          provider: "sandbox",
          clientSecret: null,
          providerPaymentId: "pi_1",
          failureReason: null,
          createdAt: "2026-05-02T10:00:00.000Z",
        },
      ],
      directDebit: {
        reference: "KND-1",
        status: "active",
        accountHolderName: "Margaret Hughes",
        sortCode: "20-00-00",
        accountNumberEnding: "5678",
        createdAt: "2026-05-02T10:00:00.000Z",
      },
      collections: [
        { number: 1, date: "2026-06-01", amount: 13542, status: "collected" },
        { number: 2, date: "2026-07-01", amount: 13542, status: "scheduled" },
      ],
      collected: 1,
      missedPayments: 0,
      arrears: null,
      cancelledAt: null,
      depositOwed: null,
      refunded: 0,
      refundOwed: 0,
      whenTheTimeComes: { boughtOn: "2026-05-02", moratoriumMonths: 24, firstMonthsEndOn: "2028-05-02" },
      funeralDirector: {
        appointedOn: "2026-05-02",
        branch: {
          name: "Hughes & Sons Funeral Directors",
          address: { ...margaret.address, line1: "1 High Street", postcode: "MK9 1AA" },
          phone: "01632 960 100",
        },
      },
      funeral: null,
    } as unknown as StaffPlanPage["payments"],
    people: { customer: margaret, coveredPerson: null, nominee: null, payer: null, updatedAt: peopleVersion },
    circumstances: { told: true, sharedAt: "2026-05-01T09:30:00.000Z" },
    documentsAccepted: [{ docReference: "TERMS", version: "3", acceptedAt: "2026-05-02T09:59:00.000Z" }],
    referral: { code: "MARG-42", applied: null },
    emailsSent: {
      account: [],
      planStatements: [],
      arrearsStatements: [],
      notRecorded: "Email bodies are not kept.",
    },
    atNeedCase: null,
    timeline: [
      { at: "2026-05-02T10:00:00.000Z", kind: "bought", what: "Bought", by: null, text: null },
      { at: "2026-05-01T09:00:00.000Z", kind: "plan-started", what: "Started", by: null, text: null },
    ],
    ...overrides,
  };
}

function answering(page: StaffPlanPage, other?: (request: RecordedRequest) => Response | undefined) {
  return fakeFetch((request) => {
    if (request.url === "/api/staff/me") return jsonResponse(signedInStaff("agent"));
    return other?.(request) ?? (request.url === pageUrl ? jsonResponse(page) : jsonResponse({}, 404));
  });
}

const section = (name: string) => screen.getByRole("region", { name });
function factOf(region: HTMLElement, key: string): string | null | undefined {
  const term = within(region).getByText(key, { selector: "dt" });
  return term.nextElementSibling?.textContent;
}
const sentTo = (requests: RecordedRequest[], suffix: string) =>
  requests.filter((request) => request.url === `${pageUrl}${suffix}`);

describe("StaffPlanScreen", () => {
  it("puts at the top whom the plan is for with their dates of birth, its reference, where it stands and any support need", async () => {
    holdStaffToken();
    const born = { dateOfBirth: { day: "07", month: "03", year: "1948", iso8601: "1948-03-07" } };
    answering(
      planPage({
        people: {
          customer: { ...margaret, ...born },
          coveredPerson: null,
          nominee: null,
          payer: null,
          updatedAt: "2026-11-27T09:00:00.000Z",
        },
      }),
    );
    renderStaffScreen(<StaffPlanScreen planId={planId} />);

    const glance = await screen.findByRole("region", { name: "At a glance" });
    expect(factOf(glance, "Customer")).toBe("Mrs Margaret Hughes, born 7 March 1948");
    expect(factOf(glance, "The plan is for")).toBe("The customer, for themself");
    expect(factOf(glance, "Reference")).toBe("KND-7Q4M-2HX9");
    // The heading names the plan by the reference its customer reads out.
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Plan KND-7Q4M-2HX9");
    expect(factOf(glance, "State")).toBe("Paying by instalments: 1 of 2 monthly payments collected");
    expect(factOf(glance, "Support needs")).toBe("Shared with us. Read them under People, before going on.");
    // Above everything else on the page.
    expect(glance.compareDocumentPosition(section("Where the plan stands"))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // A plan for oneself, paid by oneself: the roles say so rather than "Not given yet".
    const people = section("People");
    expect(people).toHaveTextContent("The customer: the plan is for them.");
    expect(people).toHaveTextContent("The customer: they pay for the plan.");
    expect(people).toHaveTextContent("Nominated representativeNot given yet.");
  });

  it("puts where the plan stands and its money first: what is paid, what is due, the Direct Debit masked", async () => {
    holdStaffToken();
    answering(planPage());
    renderStaffScreen(<StaffPlanScreen planId={planId} />);

    await screen.findByRole("heading", { name: "Where the plan stands" });
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings[0]).toBe("Where the plan stands");
    expect(headings).toEqual(
      expect.arrayContaining(["People", "Choices and guaranteed price", "Documents accepted", "Timeline"]),
    );
    const state = section("Where the plan stands");
    expect(factOf(state, "State")).toBe("Paying by instalments: 1 of 2 monthly payments collected");
    expect(factOf(state, "Total price")).toBe("£3,750");
    expect(factOf(state, "Paid so far")).toBe("£635.42");
    expect(factOf(state, "Next payment due")).toBe("£135.42 on 1 July 2026");
    expect(factOf(state, "Direct Debit")).toContain("account ending 5678");
    expect(document.body).not.toHaveTextContent("20-00-00");
    expect(factOf(section("Funeral director"), "Branch")).toBe("Hughes & Sons Funeral Directors");
  });

  it("shows the customer's answers about their circumstances only when asked, and says that is recorded", async () => {
    holdStaffToken();
    const requests = answering(planPage(), (request) =>
      request.url === `${pageUrl}/circumstances/show`
        ? jsonResponse({
            vulnerabilities: { bereaved: true, hearingImpairment: true, notes: "Please speak slowly." },
            sharedAt: "2026-05-01T09:30:00.000Z",
          })
        : undefined,
    );
    renderStaffScreen(<StaffPlanScreen planId={planId} />);
    const user = userEvent.setup();

    const people = await screen.findByRole("region", { name: "People" });
    expect(people).not.toHaveTextContent("I have been bereaved recently");
    expect(sentTo(requests, "/circumstances/show")).toHaveLength(0);
    await user.click(
      within(people).getByRole("button", { name: "Show their answers about their circumstances" }),
    );

    const answers = await screen.findByRole("region", { name: "Their answers about their circumstances" });
    expect(answers).toHaveTextContent("I have been bereaved recently");
    expect(answers).toHaveTextContent("I am deaf or hard of hearing");
    expect(answers).toHaveTextContent("Please speak slowly.");
    expect(answers).toHaveTextContent("recorded in the audit log");
    expect(sentTo(requests, "/circumstances/show")[0]?.method).toBe("POST");
  });

  it("offers no way to see circumstances the customer did not agree to share", async () => {
    holdStaffToken();
    answering(planPage({ circumstances: { told: true, sharedAt: null } }));
    renderStaffScreen(<StaffPlanScreen planId={planId} />);

    const people = await screen.findByRole("region", { name: "People" });
    expect(people).toHaveTextContent("did not agree to share them");
    expect(within(people).queryByRole("button", { name: /Show their answers/ })).not.toBeInTheDocument();
  });

  it("sends no empty note: the field says what is wrong", async () => {
    holdStaffToken();
    const requests = answering(planPage());
    renderStaffScreen(<StaffPlanScreen planId={planId} />);
    const user = userEvent.setup();

    const timeline = await screen.findByRole("region", { name: "Timeline" });
    await user.type(within(timeline).getByLabelText("Add a note"), "   ");
    await user.click(within(timeline).getByRole("button", { name: "Add the note" }));

    expect(await within(timeline).findByLabelText("Add a note")).toHaveAccessibleDescription(
      expect.stringContaining(staffMessages.staffNoteNeeded),
    );
    expect(sentTo(requests, "/notes")).toHaveLength(0);
  });

  it("adds a note and shows it in the timeline, read afresh", async () => {
    holdStaffToken();
    let page = planPage();
    const requests = answering(page, (request) => {
      if (request.url === pageUrl) return jsonResponse(page);
      if (request.url !== `${pageUrl}/notes`) return undefined;
      page = planPage({
        timeline: [
          {
            at: "2026-11-27T10:00:00.000Z",
            kind: "note",
            what: "Note",
            by: "Alan Agent",
            text: JSON.parse(request.body ?? "{}").text as string,
          },
          ...page.timeline,
        ],
      });
      return jsonResponse(
        { id: "c0ffee00-0000-4000-8000-000000000001", createdAt: "2026-11-27T10:00:00.000Z" },
        201,
      );
    });
    renderStaffScreen(<StaffPlanScreen planId={planId} />);
    const user = userEvent.setup();

    const timeline = await screen.findByRole("region", { name: "Timeline" });
    await user.type(within(timeline).getByLabelText("Add a note"), "Rang to ask about the next payment.");
    await user.click(within(timeline).getByRole("button", { name: "Add the note" }));

    expect(await within(timeline).findByText("Rang to ask about the next payment.")).toBeVisible();
    expect(JSON.parse(sentTo(requests, "/notes")[0]?.body ?? "null")).toEqual({
      text: "Rang to ask about the next payment.",
    });
  });

  it("shows a missed-payments outcome in the timeline: what it was, who recorded it and when, and the note", async () => {
    holdStaffToken();
    answering(
      planPage({
        timeline: [
          {
            at: "2026-11-27T14:05:00.000Z",
            kind: "arrears-outcome",
            what: "A new arrangement",
            by: "Fiona Finance",
            text: "Agreed by phone: £50 extra a month for three months from January.",
          },
          ...planPage().timeline,
        ],
      }),
    );
    renderStaffScreen(<StaffPlanScreen planId={planId} />);

    const timeline = await screen.findByRole("list", { name: "Timeline, newest first" });
    const newest = within(timeline).getAllByRole("listitem")[0]!;
    expect(newest).toHaveTextContent("Missed payments outcome: A new arrangement");
    expect(newest).toHaveTextContent("Fiona Finance");
    expect(within(newest).getByText(/^Agreed by phone/)).toHaveTextContent(
      "Agreed by phone: £50 extra a month for three months from January.",
    );
  });

  it("changes the customer's contact details over the version the page showed (If-Match)", async () => {
    holdStaffToken();
    const requests = answering(planPage(), (request) =>
      request.url === `${pageUrl}/contact-details`
        ? jsonResponse({
            ...planPage().people,
            customer: { ...margaret, ...(JSON.parse(request.body ?? "{}") as object) },
            updatedAt: "2026-11-27T10:00:00.000Z",
          })
        : undefined,
    );
    renderStaffScreen(<StaffPlanScreen planId={planId} />);
    const user = userEvent.setup();

    const people = await screen.findByRole("region", { name: "People" });
    await user.click(within(people).getByRole("button", { name: "Change the customer's contact details" }));
    const phone = within(people).getByLabelText("Phone number");
    await user.clear(phone);
    await user.type(phone, "07700 900 123");
    await user.click(within(people).getByRole("button", { name: "Save contact details" }));

    expect(await within(people).findByText("The customer's contact details are saved.")).toBeVisible();
    const [sent] = sentTo(requests, "/contact-details");
    expect(sent?.method).toBe("PUT");
    expect(sent?.headers.get("if-match")).toBe(`"${peopleVersion}"`);
    expect(JSON.parse(sent?.body ?? "null")).toMatchObject({ phone: "07700 900 123" });
    expect(factOf(people, "Phone number")).toBe("07700 900 123");
  });

  it("says so when the details were changed meanwhile (412), keeping what was typed", async () => {
    holdStaffToken();
    answering(planPage(), (request) =>
      request.url === `${pageUrl}/contact-details`
        ? jsonResponse({ violations: [requestViolation(staffMessages.contactDetailsChangedMeanwhile)] }, 412)
        : undefined,
    );
    renderStaffScreen(<StaffPlanScreen planId={planId} />);
    const user = userEvent.setup();

    const people = await screen.findByRole("region", { name: "People" });
    await user.click(within(people).getByRole("button", { name: "Change the customer's contact details" }));
    const phone = within(people).getByLabelText("Phone number");
    await user.clear(phone);
    await user.type(phone, "07700 900 123");
    await user.click(within(people).getByRole("button", { name: "Save contact details" }));

    expect(await within(people).findByRole("alert")).toHaveTextContent(
      staffMessages.contactDetailsChangedMeanwhile,
    );
    expect(phone).toHaveValue("07700 900 123");
  });

  it("sends the emails the plan has again once each, asked first, and says the API's refusal", async () => {
    holdStaffToken();
    const requests = answering(planPage(), (request) => {
      if (request.url !== `${pageUrl}/resend`) return undefined;
      const { what } = JSON.parse(request.body ?? "{}") as { what: string };
      return what === "plan-confirmation"
        ? jsonResponse({ what }, 202)
        : jsonResponse({ violations: [{ propertyPath: "what", title: staffMessages.nothingToResend }] }, 409);
    });
    renderStaffScreen(<StaffPlanScreen planId={planId} />);
    const user = userEvent.setup();

    const emails = await screen.findByRole("region", { name: "Emails recorded" });
    await user.click(within(emails).getByRole("button", { name: "Send the plan confirmation again" }));
    // Nothing is sent until the question is answered.
    const asked = await screen.findByRole("dialog", { name: "Send the plan confirmation again?" });
    expect(asked).toHaveAccessibleDescription(
      /to .*@.*\. It is sent once, however often the button is pressed\./,
    );
    expect(sentTo(requests, "/resend")).toEqual([]);
    // An impatient double click sends it once.
    await user.dblClick(within(asked).getByRole("button", { name: "Send the plan confirmation again" }));
    await waitFor(() =>
      expect(within(emails).getByRole("status")).toHaveTextContent(
        "Done: the plan confirmation was sent again.",
      ),
    );
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(within(emails).getByRole("button", { name: "Send the Direct Debit notice again" }));
    const notice = await screen.findByRole("dialog", { name: "Send the Direct Debit notice again?" });
    await user.click(within(notice).getByRole("button", { name: "Send the Direct Debit notice again" }));
    expect(await within(notice).findByRole("alert")).toHaveTextContent(staffMessages.nothingToResend);
    expect(sentTo(requests, "/resend").map((request) => JSON.parse(request.body ?? "null"))).toEqual([
      { what: "plan-confirmation" },
      { what: "direct-debit-notice" },
    ]);
  });

  it("offers no resending and no change of details on a cancelled plan", async () => {
    holdStaffToken();
    const cancelled = planPage();
    cancelled.payments = {
      ...cancelled.payments,
      state: "cancelled",
      cancelledAt: "2026-06-01T10:00:00.000Z",
    };
    answering(cancelled);
    renderStaffScreen(<StaffPlanScreen planId={planId} />);

    const emails = await screen.findByRole("region", { name: "Emails recorded" });
    expect(within(emails).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /contact details/ })).not.toBeInTheDocument();
  });
});
