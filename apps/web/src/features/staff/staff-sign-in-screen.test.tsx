import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staffSignInGrantType } from "@kindred/contracts";
import { messages, staffMessages } from "@kindred/domain";
import { fakeFetch, jsonResponse } from "../../test/fake-fetch";
import { loadPage } from "./staff-navigation";
import type * as StaffNavigation from "./staff-navigation";
import { StaffSignInScreen } from "./staff-sign-in-screen";

vi.mock("./staff-navigation", async (original) => ({
  ...(await original<typeof StaffNavigation>()),
  loadPage: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(loadPage).mockReset();
});

async function fillIn(code: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email address"), " Ada@Kindred.example ");
  await user.type(screen.getByLabelText("Password"), "correct horse battery staple");
  await user.type(screen.getByLabelText("Code from your authenticator app"), code);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("StaffSignInScreen", () => {
  it("names what is missing or wrong under each field and sends nothing", async () => {
    const user = userEvent.setup();
    const requests = fakeFetch(() => jsonResponse({}));
    render(<StaffSignInScreen signedOut={false} />);

    await user.type(screen.getByLabelText("Email address"), "ada.example");
    await user.type(screen.getByLabelText("Code from your authenticator app"), "12345");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "Email address: Please enter a valid email address",
      `Password: ${messages.required}`,
      `Code from your authenticator app: ${staffMessages.authenticatorCodeFormat}`,
    ]);
    expect(screen.getByLabelText("Code from your authenticator app")).toHaveAccessibleDescription(
      expect.stringContaining(staffMessages.authenticatorCodeFormat),
    );
    expect(requests).toEqual([]);
    expect(loadPage).not.toHaveBeenCalled();
  });

  it("asks for the code on the number keypad, offered by the phone from the app", () => {
    render(<StaffSignInScreen signedOut={false} />);
    const code = screen.getByLabelText("Code from your authenticator app");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
  });

  it("signs in with the staff grant, keeps the token in this tab only, and opens the back office", async () => {
    const requests = fakeFetch(() =>
      jsonResponse({ access_token: "staff-token", token_type: "Bearer", expires_in: 36000, scope: "STAFF" }),
    );
    render(<StaffSignInScreen signedOut={false} />);

    await fillIn("123 456");

    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith("/staff"));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe("/token");
    expect(Object.fromEntries(new URLSearchParams(requests[0]?.body ?? ""))).toEqual({
      grant_type: staffSignInGrantType,
      scope: "STAFF",
      username: "ada@kindred.example",
      password: "correct horse battery staple",
      otp: "123456",
    });
    expect(JSON.parse(window.sessionStorage.getItem("staffSession") ?? "null")).toMatchObject({
      token: "staff-token",
    });
    expect(window.localStorage.getItem("token")).toBeNull();
  });

  it("shows the API's refusal calmly, keeps nothing and empties the used code", async () => {
    fakeFetch(() =>
      jsonResponse({ error: "invalid_grant", error_description: staffMessages.staffSignInFailed }, 400),
    );
    render(<StaffSignInScreen signedOut={false} />);

    await fillIn("123456");

    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("We could not sign you in");
    expect(box).toHaveTextContent(staffMessages.staffSignInFailed);
    expect(screen.getByLabelText("Code from your authenticator app")).toHaveValue("");
    expect(window.sessionStorage.getItem("staffSession")).toBeNull();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it("says when the account is locked", async () => {
    fakeFetch(() =>
      jsonResponse({ error: "too_many_attempts", error_description: staffMessages.staffTooManyTries }, 429),
    );
    render(<StaffSignInScreen signedOut={false} />);

    await fillIn("123456");

    expect(await screen.findByRole("alert")).toHaveTextContent(staffMessages.staffTooManyTries);
  });

  it("says why the person was signed out", () => {
    render(<StaffSignInScreen signedOut />);
    expect(screen.getByRole("status")).toHaveTextContent(staffMessages.staffSignedOut);
  });
});
