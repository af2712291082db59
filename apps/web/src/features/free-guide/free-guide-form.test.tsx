import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messages } from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { readLocal, writeLocal } from "../../lib/storage";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { FreeGuideForm } from "./free-guide-form";
import { router } from "../../test/fake-navigation";

beforeEach(() => {
  router.push.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const reference = "5d0c8a8e-5f55-4b8e-9d8e-2f1f4b7b6a01";
const earlierReference = "0b7f1f8e-2a3c-4d5e-8f90-123456789abc";

function renderForm() {
  return render(<FreeGuideForm />, { wrapper: QueryProvider });
}

/** Answers the token request, and the enquiry with `answer`. */
function fakeApi(answer: () => Response = () => jsonResponse({ reference, utmParams: {} }, 201)) {
  return fakeFetch((request) => (request.url === "/token" ? tokenResponse("application-token") : answer()));
}

describe("FreeGuideForm", () => {
  it("starts with every way to hear from us unticked, and says the guide is emailed whatever is ticked", () => {
    renderForm();

    const choices = screen.getByRole("group", { name: "How would you like to hear from us?" });
    expect(
      within(choices)
        .getAllByRole("checkbox")
        .map((box) => box.getAttribute("name")),
    ).toEqual([
      "free-guide-contact-preferences-email",
      "free-guide-contact-preferences-phone",
      "free-guide-contact-preferences-post",
    ]);
    for (const label of ["By email", "By phone", "By post"]) {
      expect(within(choices).getByRole("checkbox", { name: label })).not.toBeChecked();
    }
    expect(choices).toHaveAccessibleDescription(
      "We will email you the guide whatever you choose. After that, we will only contact you in the ways you tick, and you can change your mind at any time.",
    );
  });

  it("lists everything missing or wrong above the form and under each field, and sends nothing", async () => {
    const user = userEvent.setup();
    const requests = fakeApi();
    renderForm();

    await user.type(screen.getByLabelText("Email address"), "margaret.example.com");
    await user.type(screen.getByLabelText("Postcode (optional)"), "MK9");
    await user.click(screen.getByRole("checkbox", { name: "By phone" }));
    await user.click(screen.getByRole("button", { name: "Send me the guide" }));

    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      `Your name: ${messages.required}`,
      `Email address: ${messages.invalidEmail}`,
      `Phone number (optional): ${messages.phoneNeededToCall}`,
      `Postcode (optional): ${messages.fullPostcodeNotValid}`,
    ]);
    expect(within(summary).getByRole("link", { name: `Your name: ${messages.required}` })).toHaveAttribute(
      "href",
      "#free-guide-name",
    );
    expect(summary).toHaveFocus();
    expect(screen.getByLabelText("Email address")).toHaveAccessibleDescription(
      `We will email the guide to this address. Error: ${messages.invalidEmail}`,
    );
    expect(requests).toEqual([]);
  });

  it("asks for a phone number when the person would like us to call", async () => {
    const user = userEvent.setup();
    const requests = fakeApi();
    renderForm();

    await user.type(screen.getByLabelText("Your name"), "Margaret Hughes");
    await user.type(screen.getByLabelText("Email address"), "margaret@example.com");
    await user.click(screen.getByRole("checkbox", { name: "By phone" }));
    await user.click(screen.getByRole("button", { name: "Send me the guide" }));

    expect(
      within(screen.getByRole("alert", { name: "There is a problem" })).getByRole("link", {
        name: `Phone number (optional): ${messages.phoneNeededToCall}`,
      }),
    ).toHaveAttribute("href", "#free-guide-phone");
    expect(screen.getByLabelText("Phone number (optional)")).toHaveAccessibleDescription(
      expect.stringContaining(`Error: ${messages.phoneNeededToCall}`),
    );
    expect(requests).toEqual([]);
  });

  it("sends the answers with the campaign and reference this browser keeps, keeps the new reference, and thanks the person", async () => {
    const user = userEvent.setup();
    writeLocal("freeGuideUTMParams", { source: "test", campaign: "spring" });
    writeLocal("freeGuideRef", earlierReference);
    const requests = fakeApi();
    renderForm();

    await user.type(screen.getByLabelText("Your name"), "Margaret Hughes");
    await user.type(screen.getByLabelText("Email address"), "margaret@example.com");
    await user.type(screen.getByLabelText("Phone number (optional)"), "07700 900982");
    await user.click(screen.getByRole("checkbox", { name: "By email" }));
    await user.click(screen.getByRole("checkbox", { name: "By phone" }));
    await user.click(screen.getByRole("button", { name: "Send me the guide" }));

    await vi.waitFor(() => expect(router.push).toHaveBeenCalledWith("/free-guide/thank-you"));
    const post = requests.find((request) => request.url === "/api/enquiries");
    expect(post?.method).toBe("POST");
    expect(JSON.parse(post?.body ?? "null")).toEqual({
      name: "Margaret Hughes",
      email: "margaret@example.com",
      phone: "07700 900982",
      postcode: "",
      contactPreferences: { email: true, phone: true, post: false },
      utmParams: { source: "test", campaign: "spring" },
      freeGuideRef: earlierReference,
    });
    expect(readLocal("freeGuideRef")).toBe(reference);
  });

  it("puts what the API says about a field under it, and anything else in the highlighted box", async () => {
    const user = userEvent.setup();
    let answer = jsonResponse({ violations: [{ propertyPath: "email", title: messages.invalidEmail }] }, 400);
    fakeApi(() => answer);
    renderForm();

    await user.type(screen.getByLabelText("Your name"), "Margaret Hughes");
    await user.type(screen.getByLabelText("Email address"), "margaret@example.com");
    await user.click(screen.getByRole("button", { name: "Send me the guide" }));

    expect(await screen.findByLabelText("Email address")).toHaveAccessibleDescription(
      `We will email the guide to this address. Error: ${messages.invalidEmail}`,
    );

    answer = jsonResponse(
      { violations: [{ propertyPath: "Request", title: messages.tooManyGuideRequests }] },
      429,
    );
    await user.clear(screen.getByLabelText("Email address"));
    await user.type(screen.getByLabelText("Email address"), "margaret.hughes@example.com");
    await user.click(screen.getByRole("button", { name: "Send me the guide" }));

    const title = await screen.findByRole("heading", { name: "We could not send your guide" });
    const box = title.closest("[role=alert]");
    expect(box).toHaveClass("error-box");
    expect(within(box as HTMLElement).getByRole("listitem")).toHaveTextContent(
      `Request: ${messages.tooManyGuideRequests}`,
    );
    expect(router.push).not.toHaveBeenCalled();
  });
});
