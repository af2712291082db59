import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { CustomerScreen } from "./customer-screen";

function renderScreen() {
  // The finder is never asked anything here; an answer all the same, should it be.
  fakeFetch((request) =>
    request.url === "/token" ? tokenResponse("test-token") : jsonResponse({ suggestions: [] }),
  );
  render(<CustomerScreen />, { wrapper: QueryProvider });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The error summary's links, as the person reads them. */
function summaryLinks(): HTMLAnchorElement[] {
  return within(screen.getByRole("alert")).getAllByRole("link");
}

describe("Your details", () => {
  it("after an empty Continue, names only fields the person can see, and asks for the address at the finder", async () => {
    const user = userEvent.setup();
    renderScreen();

    await user.click(screen.getByRole("button", { name: "Continue" }));

    const links = summaryLinks();
    // Each line leads to a field on the page (none out of sight behind the finder).
    for (const link of links) {
      const target = document.getElementById(link.getAttribute("href")!.slice(1));
      expect(target, link.textContent ?? "").not.toBeNull();
    }
    const texts = links.map((link) => link.textContent);
    expect(texts).toContain(`Your address: ${messages.addressNotGiven}`);
    expect(texts.filter((text) => text?.startsWith("Your address"))).toHaveLength(1);
    expect(texts.some((text) => /Your (country|postcode|town or city|address line)/.test(text ?? ""))).toBe(
      false,
    );
    // The address line leads to the finder's postcode box, which says what is needed.
    const finderPostcode = screen.getByRole("textbox", { name: "Postcode" });
    expect(within(screen.getByRole("alert")).getByRole("link", { name: /^Your address:/ })).toHaveAttribute(
      "href",
      `#${finderPostcode.id}`,
    );
    expect(finderPostcode).toHaveAccessibleDescription(expect.stringContaining(messages.addressNotGiven));
    expect(screen.queryByRole("textbox", { name: "House number or name, and street" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Country" })).toBeNull();
  });

  it("once the address is entered manually, names its own fields instead", async () => {
    const user = userEvent.setup();
    renderScreen();

    await user.click(screen.getByRole("button", { name: "Enter the address manually" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const texts = summaryLinks().map((link) => link.textContent);
    expect(texts).toContain(`Your address line 1: ${messages.required}`);
    expect(texts.some((text) => text?.startsWith("Your country:"))).toBe(true);
    expect(texts).not.toContain(`Your address: ${messages.addressNotGiven}`);
  });

  it("keeps the postcode typed in the finder when entering the address manually, and the other way", async () => {
    const user = userEvent.setup();
    renderScreen();

    await user.type(screen.getByRole("textbox", { name: "Postcode" }), "MK9 2HP");
    await user.click(screen.getByRole("button", { name: "Enter the address manually" }));
    const manual = screen.getByRole("textbox", { name: "Postcode" });
    expect(manual).toHaveValue("MK9 2HP");

    await user.clear(manual);
    await user.type(manual, "MK40 1AA");
    await user.click(screen.getByRole("button", { name: "Find an address by postcode" }));
    expect(screen.getByRole("button", { name: "Find address" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Postcode" })).toHaveValue("MK40 1AA");
  });

  it('never says "Looks good" beside an empty box or a confirmation that differs, and does beside one filled in rightly', async () => {
    const user = userEvent.setup();
    renderScreen();

    await user.click(screen.getByRole("button", { name: "Continue" }));
    // Nothing is filled in: no box is praised, the confirmation of the email address included.
    expect(screen.queryAllByText("Looks good")).toHaveLength(0);

    const email = screen.getByRole("textbox", { name: "Email address" });
    // Pasted, not typed key by key: what is said depends on what the box holds when left, and a
    // key at a time re-checks this long form 25 times over.
    await user.click(email);
    await user.paste("eleanor.price@example.com");
    await user.tab();
    expect(email).toHaveAccessibleDescription(expect.stringContaining("Looks good"));
    const confirm = screen.getByRole("textbox", { name: "Confirm your email address" });
    expect(confirm).toHaveValue("");
    expect(confirm).not.toHaveAccessibleDescription(expect.stringContaining("Looks good"));
    expect(screen.getAllByText("Looks good")).toHaveLength(1);

    // A confirmation that differs is named as such at once, though much else is still to answer.
    await user.click(confirm);
    await user.paste("eleanor.prince@example.com");
    await user.tab();
    expect(confirm).toHaveAccessibleDescription(expect.stringContaining(messages.emailsMustMatch));
    expect(confirm).not.toHaveAccessibleDescription(expect.stringContaining("Looks good"));
    await user.clear(confirm);
    await user.paste("eleanor.price@example.com");
    await user.tab();
    expect(confirm).toHaveAccessibleDescription(expect.stringContaining("Looks good"));
  });
});
