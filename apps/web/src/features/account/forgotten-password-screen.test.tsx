import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "@kindred/domain";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { ForgottenPasswordScreen } from "./forgotten-password-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ForgottenPasswordScreen", () => {
  it("sends the email address and shows the API's answer in the green box", async () => {
    const user = userEvent.setup();
    const requests = fakeFetch((request) =>
      request.url === "/token"
        ? tokenResponse("application-token")
        : jsonResponse({ message: messages.resetLinkSent }),
    );
    render(<ForgottenPasswordScreen />);

    await user.type(screen.getByLabelText("Email address"), " margaret@example.com ");
    await user.click(screen.getByRole("button", { name: "Send me a link" }));

    const box = await screen.findByRole("status");
    expect(box).toHaveClass("success-box");
    expect(box).toHaveTextContent(messages.resetLinkSent);
    expect(box.parentElement).toHaveFocus();
    const post = requests.find((request) => request.url === "/api/account/forgot-password");
    expect(post?.method).toBe("POST");
    expect(JSON.parse(post?.body ?? "null")).toEqual({ email: "margaret@example.com" });
    expect(screen.queryByLabelText("Email address")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Send another link" }));
    expect(screen.getByLabelText("Email address")).toHaveValue("margaret@example.com");
  });

  it("asks for a real email address before sending anything", async () => {
    const user = userEvent.setup();
    const requests = fakeFetch(() => jsonResponse({}));
    render(<ForgottenPasswordScreen />);

    await user.type(screen.getByLabelText("Email address"), "margaret.example.com");
    await user.click(screen.getByRole("button", { name: "Send me a link" }));

    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(
      within(summary).getByRole("link", { name: "Email address: Please enter a valid email address" }),
    ).toHaveAttribute("href", "#forgotten-password-email");
    expect(screen.getByLabelText("Email address")).toHaveAccessibleDescription(
      "Error: Please enter a valid email address",
    );
    expect(requests).toEqual([]);
  });

  it("shows a refusal (too many requests) as path: title in the highlighted box", async () => {
    const user = userEvent.setup();
    fakeFetch((request) =>
      request.url === "/token"
        ? tokenResponse("application-token")
        : jsonResponse({ violations: [{ propertyPath: "email", title: messages.tooManyAttempts }] }, 429),
    );
    render(<ForgottenPasswordScreen />);

    await user.type(screen.getByLabelText("Email address"), "margaret@example.com");
    await user.click(screen.getByRole("button", { name: "Send me a link" }));

    const box = await screen.findByRole("alert");
    expect(box).toHaveClass("error-box");
    expect(within(box).getByRole("listitem")).toHaveTextContent(`email: ${messages.tooManyAttempts}`);
    expect(screen.getByLabelText("Email address")).toBeInTheDocument();
  });
});
