import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages, passwordLength } from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { PurchasePlanContext } from "../../lib/purchase-plan";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { testPlanId } from "../../test/payments-factory";
import { AdditionalScreen } from "./additional-screen";
import { emptyCustomer, updatePurchaseDraft } from "./purchase-draft";

function renderScreen() {
  fakeFetch((request) =>
    request.url === "/token" ? tokenResponse("test-token") : jsonResponse({ suggestions: [] }),
  );
  // A visitor who has given their own details and buys the plan for themself.
  updatePurchaseDraft({
    planType: "myself",
    customer: emptyCustomer({ firstName: "Eleanor", lastName: "Price", email: "eleanor@example.com" }),
  });
  render(
    <PurchasePlanContext value={{ planId: testPlanId, signedIn: false }}>
      <AdditionalScreen />
    </PurchasePlanContext>,
    { wrapper: QueryProvider },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const rules = [
  `${passwordLength.minimum} to ${passwordLength.maximum} characters`,
  "at least one letter and at least one number",
  "at least one of these special characters",
];

describe("The other people: a visitor's new password", () => {
  it("says the password rules before anything is typed, and still after a password is refused", async () => {
    const user = userEvent.setup();
    renderScreen();

    const password = screen.getByLabelText("Create a password");
    expect(password).toHaveValue("");
    for (const rule of rules) expect(password).toHaveAccessibleDescription(expect.stringContaining(rule));

    // Everything else answered, so the password is what is refused.
    for (const region of ["Someone we can speak to", "Who is paying"]) {
      await user.click(
        within(screen.getByRole("region", { name: region })).getByRole("radio", { name: "No" }),
      );
    }
    await user.type(password, "short");
    await user.click(screen.getByRole("button", { name: "Create my account and continue" }));

    expect(
      within(screen.getByRole("alert")).getByRole("link", { name: /^Your password: / }),
    ).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(expect.stringContaining(messages.passwordTooShort));
    for (const rule of rules) expect(password).toHaveAccessibleDescription(expect.stringContaining(rule));
  });
});
