import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { closeSignInPrompt } from "../../lib/sign-in-prompt";
import { AccountMenu } from "./account-menu";

// The prompt is one for the page: each test starts with it closed.
afterEach(() => closeSignInPrompt());

describe("AccountMenu", () => {
  it("offers Sign in as a link to the account page, which works before the page's script has run", () => {
    render(<AccountMenu />);
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/account");
  });

  it("opens the sign-in prompt in place on an ordinary click, keeping the person's page", async () => {
    const user = userEvent.setup();
    render(<AccountMenu />);
    await user.click(screen.getByRole("link", { name: "Sign in" }));
    expect(await screen.findByRole("dialog", { name: /Sign in or create an account/ })).toBeInTheDocument();
  });

  it("leaves a click that opens a new tab to the browser", () => {
    render(<AccountMenu />);
    const opensNewTab = fireEvent.click(screen.getByRole("link", { name: "Sign in" }), { ctrlKey: true });
    // Not prevented: the browser opens the account page in a new tab, and no prompt opens here.
    expect(opensNewTab).toBe(true);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
