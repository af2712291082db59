import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { customerSignInLinkGrantType } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { SignInLinkScreen } from "./sign-in-link-screen";

const id = "7b0f1f2e-4a35-4c57-9d6e-0d6c2f3b9a11";
const token = "sign-in-token-from-the-email-0123456789";

const loadPage = vi.fn();

beforeEach(() => {
  loadPage.mockReset();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SignInLinkScreen", () => {
  it("sends nothing on arrival, then signs in with the link's id and token and loads the account afresh", async () => {
    const user = userEvent.setup();
    const requests = fakeFetch((request) => {
      if (request.url === "/api/user")
        return jsonResponse({
          id,
          firstName: "Jane",
          lastName: "Smith",
          email: "jane@example.com",
          emailConfirmed: true,
        });
      const form = new URLSearchParams(request.body ?? "");
      return form.get("grant_type") === customerSignInLinkGrantType
        ? jsonResponse({
            access_token: "customer-token",
            token_type: "Bearer",
            expires_in: 1800,
            known_browser: "note",
          })
        : tokenResponse("application-token");
    });
    render(<SignInLinkScreen id={id} token={token} loadPage={loadPage} />);
    expect(requests).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Sign me in" }));

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith("/account"));
    const signIn = requests.find((request) => request.body?.includes("link_token"));
    expect(Object.fromEntries(new URLSearchParams(signIn?.body ?? ""))).toEqual({
      grant_type: customerSignInLinkGrantType,
      link_id: id,
      link_token: token,
      scope: "CUSTOMER",
      api_token: "application-token",
    });
    expect(JSON.parse(localStorage.getItem("knownBrowser") ?? "null")).toBe("note");
    expect(JSON.parse(localStorage.getItem("userEmail") ?? "null")).toBe("jane@example.com");
  });

  it("says plainly when the link is used up or too old, and offers the password instead", async () => {
    const user = userEvent.setup();
    fakeFetch((request) =>
      new URLSearchParams(request.body ?? "").get("grant_type") === customerSignInLinkGrantType
        ? jsonResponse({ error: "invalid_grant", error_description: messages.signInLinkInvalid }, 400)
        : tokenResponse("application-token"),
    );
    render(<SignInLinkScreen id={id} token={token} loadPage={loadPage} />);

    await user.click(screen.getByRole("button", { name: "Sign me in" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(messages.signInLinkInvalid);
    expect(screen.getByRole("link", { name: "Sign in with your password" })).toHaveAttribute(
      "href",
      "/account",
    );
    expect(loadPage).not.toHaveBeenCalled();
  });

  it("says a link with no id or token does not work", () => {
    render(<SignInLinkScreen id="" token="" />);

    expect(screen.getByRole("alert")).toHaveTextContent(messages.signInLinkInvalid);
  });
});
