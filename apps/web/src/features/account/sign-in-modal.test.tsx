import { render, screen, within, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { RegisteredResponse } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { SignInModal } from "./sign-in-modal";

const registered: RegisteredResponse = { message: messages.accountRegistered };

function renderModal(props: Partial<Parameters<typeof SignInModal>[0]> = {}) {
  const onClose = vi.fn();
  const onSignedIn = vi.fn();
  const signIn = vi.fn(async () => ({ ok: true as const }));
  render(<SignInModal open onClose={onClose} signIn={signIn} onSignedIn={onSignedIn} {...props} />);
  return {
    onClose,
    onSignedIn,
    signIn,
    dialog: screen.getByRole("dialog", { name: "Sign in or create an account" }),
  };
}

describe("SignInModal", () => {
  it("shows one form, Sign in, with focus on the email address and a way to create an account", () => {
    const { dialog } = renderModal();

    const signInRegion = within(dialog).getByRole("region", { name: "Sign in" });
    expect(within(signInRegion).getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/register",
    );
    expect(within(dialog).getAllByRole("textbox")).toHaveLength(1);
    expect(within(dialog).getByLabelText("Email address")).toHaveFocus();
  });

  it("shows the signed-out notice at the top and reads it with the title", () => {
    const { dialog } = renderModal({ notice: messages.loggedOutExpired });

    expect(within(dialog).getByText(messages.loggedOutExpired)).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(messages.loggedOutExpired);
  });

  it("signs in with the email address and password typed", async () => {
    const user = userEvent.setup();
    const { dialog, signIn, onSignedIn } = renderModal();

    await user.type(within(dialog).getByLabelText("Email address"), "margaret@example.com ");
    await user.type(within(dialog).getByLabelText("Password"), "Roses&lilies2");
    await user.click(within(dialog).getByRole("button", { name: "Sign in" }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(signIn).toHaveBeenCalledWith("margaret@example.com", "Roses&lilies2");
  });

  it("shows why signing in failed in the highlighted box, and lets the person try again", async () => {
    const user = userEvent.setup();
    const signIn = vi
      .fn()
      .mockResolvedValueOnce({ ok: false, message: messages.signInFailed })
      .mockResolvedValueOnce({ ok: false, message: messages.tooManyAttempts });
    const { dialog, onSignedIn } = renderModal({ signIn });

    await user.type(within(dialog).getByLabelText("Email address"), "margaret@example.com");
    await user.type(within(dialog).getByLabelText("Password"), "wrong");
    await user.click(within(dialog).getByRole("button", { name: "Sign in" }));

    const box = await within(dialog).findByRole("alert");
    expect(box).toHaveClass("error-box");
    expect(box).toHaveTextContent(messages.signInFailed);
    expect(box.parentElement).toHaveFocus();

    await user.click(within(dialog).getByRole("button", { name: "Sign in" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent(messages.tooManyAttempts),
    );
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("asks for both fields before trying, with no tick on the password", async () => {
    const user = userEvent.setup();
    const { dialog, signIn } = renderModal();

    await user.type(within(dialog).getByLabelText("Password"), "anything");
    await user.tab();
    await user.click(within(dialog).getByRole("button", { name: "Sign in" }));

    expect(within(dialog).getByRole("alert", { name: "There is a problem" })).toHaveTextContent(
      "This field is required",
    );
    expect(within(dialog).queryByText("Looks good")).not.toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });

  it("links to the forgotten password page, closing itself", async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = renderModal();
    const link = within(dialog).getByRole("link", { name: "Forgotten your password?" });
    expect(link).toHaveAttribute("href", "/forgotten-password");

    link.addEventListener("click", (event) => event.preventDefault());
    await user.click(link);
    expect(onClose).toHaveBeenCalled();
  });

  async function register(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await user.click(within(dialog).getByRole("button", { name: "Create an account" }));
    const form = within(dialog).getByRole("region", { name: "Create an account" });
    expect(within(dialog).queryByRole("region", { name: "Sign in" })).toBeNull();

    await user.type(within(form).getByLabelText("First name"), "Margaret");
    await user.type(within(form).getByLabelText("Last name"), "Okafor");
    await user.type(within(form).getByLabelText("Email address"), "margaret@example.com");
    await user.type(within(form).getByLabelText("Confirm email address"), "margaret@example.com");
    await user.type(within(form).getByLabelText("Create a password"), "Roses&lilies2");
    await user.type(within(form).getByLabelText("Repeat your password"), "Roses&lilies2");
    await user.click(within(form).getByRole("button", { name: "Create account" }));
  }

  it("offers the registration form itself when the page can take the new account, then says to check the email", async () => {
    const user = userEvent.setup();
    const registerSubmit = vi.fn(async () => ({ ok: true as const, status: 202, data: registered }));
    const onRegistered = vi.fn(async () => ({ ok: true as const }));
    const { dialog, onSignedIn } = renderModal({ registerSubmit, onRegistered });

    await register(user, dialog);

    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    expect(registerSubmit).toHaveBeenCalledOnce();
    expect(onRegistered).toHaveBeenCalledWith(expect.objectContaining({ firstName: "Margaret" }));
    const done = await within(dialog).findByRole("status");
    expect(done).toHaveTextContent("Your account is ready, Margaret");
    expect(done).toHaveTextContent("We have sent an email to margaret@example.com");
    expect(onSignedIn).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it("when the new password does not sign them in (the address may already have an account), says to check the email and sign in", async () => {
    const user = userEvent.setup();
    const registerSubmit = vi.fn(async () => ({ ok: true as const, status: 202, data: registered }));
    const onRegistered = vi.fn(async () => ({ ok: false as const, message: messages.signInFailed }));
    const { dialog, onSignedIn } = renderModal({ registerSubmit, onRegistered });

    await register(user, dialog);

    const told = await within(dialog).findByRole("status");
    expect(told).toHaveTextContent("Please check your email");
    expect(told).toHaveTextContent("We have sent an email to margaret@example.com");
    expect(told).toHaveTextContent(messages.notSignedInAfterRegistering);
    expect(within(dialog).queryByText(/Your account is ready/)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Sign in" }));
    expect(within(dialog).getByRole("region", { name: "Sign in" })).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
