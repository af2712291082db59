import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { messages } from "@kindred/domain";
import { RegisterScreen } from "./register-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("RegisterScreen", () => {
  it("says an email has been sent to confirm the address once the account is made", async () => {
    const user = userEvent.setup();
    fakeFetch((request) =>
      request.url === "/token"
        ? tokenResponse("application-token")
        : jsonResponse({ message: messages.accountRegistered }, 202),
    );
    render(<RegisterScreen />);
    expect(screen.getByRole("heading", { level: 1, name: "Create an account" })).toBeInTheDocument();

    await user.type(screen.getByLabelText("First name"), "Margaret");
    await user.type(screen.getByLabelText("Last name"), "Okafor");
    await user.type(screen.getByLabelText("Email address"), "margaret@example.com");
    await user.type(screen.getByLabelText("Confirm email address"), "margaret@example.com");
    await user.type(screen.getByLabelText("Create a password"), "Roses&lilies2");
    await user.type(screen.getByLabelText("Repeat your password"), "Roses&lilies2");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    const heading = await screen.findByRole("heading", { level: 1, name: "Check your email" });
    expect(heading.parentElement).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent(
      "We have sent an email to margaret@example.com. Please follow the link in it to confirm your email address.",
    );
  });

  it("opens the sign-in prompt for someone who already has an account", async () => {
    const user = userEvent.setup();
    render(<RegisterScreen />);

    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(screen.getByRole("dialog", { name: "Sign in or create an account" })).toBeInTheDocument();
  });
});
