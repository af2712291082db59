import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { storeTokenSession } from "../../lib/token-session";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { testPlanId } from "../../test/payments-factory";
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
    // Nobody signed in with a plan in this browser: the way on is to the plan.
    expect(screen.getByRole("link", { name: "Go to your plan" })).toHaveAttribute("href", "/planning");
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

  it("tells the other tabs of this browser, and leads back to payment when the plan was waiting for it (issue 25 item 3)", async () => {
    localStorage.setItem("isUserLoggedIn", "true");
    localStorage.setItem("planId", JSON.stringify(testPlanId));
    storeTokenSession({ token: "customer-token", setAt: Date.now(), expiry: 1800 });
    fakeFetch((request) => {
      if (request.url === "/token") return tokenResponse("customer-token");
      if (request.url === `/api/plan/${testPlanId}/customer`) {
        return jsonResponse({
          customer: { title: "Mrs", firstName: "Ada", lastName: "Hughes", email: "ada@example.com" },
          coveredPerson: null,
          nominee: null,
          payer: null,
          updatedAt: null,
        });
      }
      return jsonResponse({ message: messages.emailConfirmed });
    });
    const otherTab = new BroadcastChannel("kindred-email-confirmed");
    const heard = new Promise<unknown>((resolve) => {
      otherTab.onmessage = (event) => resolve(event.data);
    });
    render(
      <ConfirmEmailScreen
        id={id}
        token="token-used-once-0123456789"
        signature="signature-0123456789abcdef"
      />,
      { wrapper: QueryProvider },
    );

    expect(await screen.findByRole("link", { name: "Continue to payment" })).toHaveAttribute(
      "href",
      "/purchase/options",
    );
    expect(screen.queryByRole("link", { name: "Go to your plan" })).not.toBeInTheDocument();
    expect(await heard).toBe("confirmed");
    otherTab.close();
  });
});
