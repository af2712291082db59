import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { ConfirmEmailScreen } from "./confirm-email-screen";

const id = "7b0f1f2e-4a35-4c57-9d6e-0d6c2f3b9a11";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ConfirmEmailScreen", () => {
  it("confirms the address once, even when React runs its effects twice, and says so in the green box", async () => {
    const requests = fakeFetch((request) =>
      request.url === "/token"
        ? tokenResponse("application-token")
        : jsonResponse({ message: messages.emailConfirmed }),
    );
    render(
      <StrictMode>
        <QueryProvider>
          <ConfirmEmailScreen
            id={id}
            token="token-used-once-0123456789"
            signature="signature-0123456789abcdef"
          />
        </QueryProvider>
      </StrictMode>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Confirming your email address…");

    const box = await screen.findByText(messages.emailConfirmed);
    expect(box.closest(".success-box")).not.toBeNull();
    const confirmations = requests.filter((request) => request.url.startsWith("/api/account/confirm-email"));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.method).toBe("GET");
    const query = new URL(confirmations[0]!.url, "http://localhost").searchParams;
    expect(Object.fromEntries(query)).toEqual({
      id,
      token: "token-used-once-0123456789",
      signature: "signature-0123456789abcdef",
    });
  });

  it("says in plain words that the link did not work, never the checks' own words, and offers a new one", async () => {
    const requests = fakeFetch((request) =>
      request.url === "/token"
        ? tokenResponse("application-token")
        : request.url.startsWith("/api/account/resend-confirmation")
          ? jsonResponse({ message: messages.confirmLinkResent }, 202)
          : jsonResponse(
              {
                violations: [
                  { propertyPath: "signature", title: "Too small: expected string to have >=16 characters" },
                ],
              },
              400,
            ),
    );
    render(<ConfirmEmailScreen id={id} token="token-already-used-0123456789" signature="short" />, {
      wrapper: QueryProvider,
    });

    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent(messages.confirmLinkInvalid);
    expect(box).not.toHaveTextContent("Too small");
    await userEvent.type(screen.getByLabelText("Email address"), "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send me a new link" }));

    expect(await screen.findByText(messages.confirmLinkResent)).toBeVisible();
    const resend = requests.find((request) => request.url === "/api/account/resend-confirmation");
    expect(resend?.method).toBe("POST");
    expect(JSON.parse(resend?.body ?? "{}")).toEqual({ email: "ada@example.com" });
  });

  it("does not call the API when the link is missing a part", () => {
    const requests = fakeFetch(() => jsonResponse({}));
    render(<ConfirmEmailScreen id={id} token="token-0123456789abcdef" signature="" />, {
      wrapper: QueryProvider,
    });

    expect(screen.getByRole("alert")).toHaveTextContent(messages.confirmLinkInvalid);
    expect(requests).toEqual([]);
  });
});
