import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlanPaymentsResponse, PlanPeopleResponse } from "@kindred/contracts";
import { messages, purchaseMessages } from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { closeSignInPrompt } from "../../lib/sign-in-prompt";
import { storeTokenSession } from "../../lib/token-session";
import { fakeFetch, jsonResponse, tokenResponse, type RecordedRequest } from "../../test/fake-fetch";
import { createPlanResponse, fullChoicePayments, testPlanId } from "../../test/payments-factory";
import { AccountScreen } from "./account-screen";

const contactDetailsUrl = `/api/plan/${testPlanId}/customer/contact-details`;

const margaret: NonNullable<PlanPeopleResponse["customer"]> = {
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

function peopleWith(customer: PlanPeopleResponse["customer"]): PlanPeopleResponse {
  return { customer, coveredPerson: null, nominee: null, payer: null, updatedAt: "2026-05-20T10:00:00.000Z" };
}

/** The account's API for one plan; `PUT .../contact-details` answers as `changeAnswer` says. */
function fakePlanApi({
  payments = fullChoicePayments({ planId: testPlanId, state: "paid", paid: true }),
  changeAnswer,
}: {
  payments?: PlanPaymentsResponse;
  changeAnswer?: (request: RecordedRequest) => Response;
} = {}): RecordedRequest[] {
  return fakeFetch((request) => {
    if (request.url === "/token") return tokenResponse("customer-token");
    if (request.url === contactDetailsUrl && request.method === "PUT" && changeAnswer) {
      return changeAnswer(request);
    }
    if (request.url === `/api/plan/${testPlanId}`)
      return jsonResponse(createPlanResponse({ id: testPlanId }));
    if (request.url === `/api/plan/${testPlanId}/payments`) return jsonResponse(payments);
    if (request.url === `/api/plan/${testPlanId}/customer`) return jsonResponse(peopleWith(margaret));
    return jsonResponse({ violations: [{ propertyPath: "Request", title: "Not found" }] }, 404);
  });
}

function renderPlan() {
  localStorage.setItem("isUserLoggedIn", "true");
  storeTokenSession({ token: "customer-token", setAt: Date.now(), expiry: 1800 });
  render(<AccountScreen planId={testPlanId} />, { wrapper: QueryProvider });
}

function rowValue(within: HTMLElement, key: string): string | null | undefined {
  const term = Array.from(within.querySelectorAll("dt")).find((dt) => dt.textContent === key);
  return term?.nextElementSibling?.textContent;
}

const changes = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url === contactDetailsUrl);

afterEach(() => {
  closeSignInPrompt();
  vi.unstubAllGlobals();
});

describe("Changing contact details from the account", () => {
  it("shows how we reach the customer, changes it on a paid plan, says so in a green box and shows the new details", async () => {
    const user = userEvent.setup();
    const requests = fakePlanApi({
      changeAnswer: (request) => {
        const contact = JSON.parse(request.body ?? "{}") as Record<string, unknown>;
        return jsonResponse(peopleWith({ ...margaret, ...contact }));
      },
    });
    renderPlan();

    const people = await screen.findByRole("region", { name: "The people" });
    await waitFor(() => expect(rowValue(people, "Your phone number")).toBe("01632 960 001"));
    expect(rowValue(people, "Your address")).toBe(
      "14 Silbury Boulevard, Milton Keynes, Buckinghamshire, MK9 2HP",
    );
    expect(rowValue(people, "How we contact you")).toBe("Email");

    await user.click(within(people).getByRole("button", { name: "Change your contact details" }));
    expect(within(people).getByText(/To change your name or email address, please call us/)).toBeVisible();
    const phone = within(people).getByLabelText("Phone number");
    expect(phone).toHaveValue("01632 960 001");
    expect(within(people).getByLabelText("Postcode")).toHaveValue("MK9 2HP");
    expect(within(people).getByRole("radio", { name: "Email" })).toBeChecked();

    await user.clear(phone);
    await user.type(phone, "07700 900 123");
    const street = within(people).getByLabelText("House number or name, and street");
    await user.clear(street);
    await user.type(street, "9 Mill Lane");
    const town = within(people).getByLabelText("Town or city");
    await user.clear(town);
    await user.type(town, "London");
    await user.clear(within(people).getByLabelText("County (optional)"));
    const postcode = within(people).getByLabelText("Postcode");
    await user.clear(postcode);
    await user.type(postcode, "sw1a 1aa");
    await user.click(within(people).getByRole("radio", { name: "Post" }));
    await user.click(within(people).getByRole("button", { name: "Save contact details" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Your contact details are saved.");
    const sent = changes(requests);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe("PUT");
    expect(JSON.parse(sent[0]?.body ?? "null")).toEqual({
      phone: "07700 900 123",
      address: {
        line1: "9 Mill Lane",
        line2: "",
        line3: "",
        locality: "London",
        county: "",
        country: "England",
        postcode: "SW1A 1AA",
      },
      preferredContactMethod: "contact_method_post",
    });
    expect(rowValue(people, "Your phone number")).toBe("07700 900 123");
    expect(rowValue(people, "Your address")).toBe("9 Mill Lane, London, SW1A 1AA");
    expect(rowValue(people, "How we contact you")).toBe("Post");
    expect(within(people).queryByLabelText("Phone number")).not.toBeInTheDocument();
  });

  it("says what is wrong under the field and sends nothing while the details break the rules", async () => {
    const user = userEvent.setup();
    const requests = fakePlanApi({ changeAnswer: () => jsonResponse(peopleWith(margaret)) });
    renderPlan();

    const people = await screen.findByRole("region", { name: "The people" });
    await user.click(await within(people).findByRole("button", { name: "Change your contact details" }));
    const phone = within(people).getByLabelText("Phone number");
    await user.clear(phone);
    await user.type(phone, "call me");
    const postcode = within(people).getByLabelText("Postcode");
    await user.clear(postcode);
    await user.type(postcode, "MK9");
    await user.click(within(people).getByRole("button", { name: "Save contact details" }));

    expect(await within(people).findByRole("link", { name: /Your phone number/ })).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(messages.numbersOnly));
    expect(postcode).toHaveAccessibleDescription(expect.stringContaining(messages.fullPostcodeNotValid));
    expect(changes(requests)).toEqual([]);
  });

  it("puts the API's violations under their fields, and anything else in a box", async () => {
    const user = userEvent.setup();
    let answer = jsonResponse(
      { violations: [{ propertyPath: "address.postcode", title: messages.fullPostcodeNotValid }] },
      400,
    );
    fakePlanApi({ changeAnswer: () => answer });
    renderPlan();

    const people = await screen.findByRole("region", { name: "The people" });
    await user.click(await within(people).findByRole("button", { name: "Change your contact details" }));
    await user.click(within(people).getByRole("button", { name: "Save contact details" }));

    await waitFor(() =>
      expect(within(people).getByLabelText("Postcode")).toHaveAccessibleDescription(
        expect.stringContaining(messages.fullPostcodeNotValid),
      ),
    );

    answer = jsonResponse(
      { violations: [{ propertyPath: "plan", title: purchaseMessages.contactDetailsPlanCancelled }] },
      409,
    );
    await user.type(within(people).getByLabelText("Postcode"), " ");
    await user.click(within(people).getByRole("button", { name: "Save contact details" }));

    expect(await within(people).findByRole("alert")).toHaveTextContent(
      `plan: ${purchaseMessages.contactDetailsPlanCancelled}`,
    );
    expect(screen.queryByText("Your contact details are saved.")).not.toBeInTheDocument();
  });

  it("closes the form without saving, back at the button that opened it", async () => {
    const user = userEvent.setup();
    const requests = fakePlanApi({ changeAnswer: () => jsonResponse(peopleWith(margaret)) });
    renderPlan();

    const people = await screen.findByRole("region", { name: "The people" });
    await user.click(await within(people).findByRole("button", { name: "Change your contact details" }));
    await user.click(within(people).getByRole("button", { name: "Keep my details as they are" }));

    expect(within(people).queryByLabelText("Phone number")).not.toBeInTheDocument();
    expect(within(people).getByRole("button", { name: "Change your contact details" })).toHaveFocus();
    expect(changes(requests)).toEqual([]);
  });

  it("offers no change on a cancelled plan, but still shows the details", async () => {
    fakePlanApi({ payments: fullChoicePayments({ planId: testPlanId, state: "cancelled" }) });
    renderPlan();

    const people = await screen.findByRole("region", { name: "The people" });
    await waitFor(() => expect(rowValue(people, "Your phone number")).toBe("01632 960 001"));
    expect(
      within(people).queryByRole("button", { name: "Change your contact details" }),
    ).not.toBeInTheDocument();
  });
});
