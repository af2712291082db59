import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AddressSuggestion, FoundAddress } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { QueryProvider } from "../lib/query-provider";
import { fakeFetch, jsonResponse, tokenResponse, type RecordedRequest } from "../test/fake-fetch";
import { AddressFinder, type AddressFinderProps } from "./address-finder";

// What the API answers for MK9 2HP with its default provider (the bundled district data).
const miltonKeynes: AddressSuggestion = {
  id: "outcode:MK9 2HP:Milton Keynes",
  text: "MK9 2HP, Milton Keynes",
};
const miltonKeynesAddress: FoundAddress = {
  line1: "",
  line2: "",
  line3: "",
  locality: "Milton Keynes",
  county: "Buckinghamshire",
  country: "England",
  postcode: "MK9 2HP",
};

/** The API as far as the finder sees it: suggestions by postcode, addresses by id. */
function fakeAddressApi({
  suggestions = { "MK9 2HP": [miltonKeynes] },
  addresses = { [miltonKeynes.id]: miltonKeynesAddress },
}: {
  suggestions?: Record<string, AddressSuggestion[]>;
  addresses?: Record<string, FoundAddress>;
} = {}): RecordedRequest[] {
  return fakeFetch((request) => {
    if (request.url === "/token") return tokenResponse("test-token");
    const url = new URL(request.url, "http://localhost");
    if (url.pathname === "/api/address-lookup/autocomplete") {
      return jsonResponse({ suggestions: suggestions[url.searchParams.get("query") ?? ""] ?? [] });
    }
    if (url.pathname === "/api/address-lookup/details") {
      const address = addresses[url.searchParams.get("id") ?? ""];
      return address
        ? jsonResponse(address)
        : jsonResponse({ violations: [{ propertyPath: "id", title: messages.addressNotFound }] }, 404);
    }
    return jsonResponse({ violations: [{ propertyPath: "Request", title: "No such address" }] }, 404);
  });
}

function lookups(requests: RecordedRequest[]): string[] {
  return requests.filter((request) => request.url !== "/token").map((request) => request.url);
}

/** The finder as a form holds it: the postcode typed is the form's. */
function FinderInForm(props: Pick<AddressFinderProps, "onPick" | "onManual">) {
  const [postcode, setPostcode] = useState("");
  return (
    <AddressFinder
      idPrefix="customer-address"
      postcode={postcode}
      onPostcodeChange={setPostcode}
      {...props}
    />
  );
}

function renderFinder() {
  const onPick = vi.fn<(address: FoundAddress) => void>();
  const onManual = vi.fn<() => void>();
  render(<FinderInForm onPick={onPick} onManual={onManual} />, { wrapper: QueryProvider });
  return { onPick, onManual };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AddressFinder", () => {
  it('finds "mk92hp" and picking it hands the form the address with the postcode as Royal Mail writes it', async () => {
    const user = userEvent.setup();
    const requests = fakeAddressApi();
    const { onPick } = renderFinder();

    await user.type(screen.getByRole("textbox", { name: "Postcode" }), "mk92hp");
    await user.click(screen.getByRole("button", { name: "Find address" }));

    const list = await screen.findByRole("combobox", { name: "Select an address" });
    expect(screen.getByRole("status")).toHaveTextContent("1 address found for MK9 2HP.");
    expect(within(list).getByRole("option", { name: "1 address found" })).toBeInTheDocument();
    await user.selectOptions(list, "MK9 2HP, Milton Keynes");
    await user.click(screen.getByRole("button", { name: "Use this address" }));

    await vi.waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(onPick.mock.calls[0]?.[0]).toEqual(miltonKeynesAddress);
    expect(onPick.mock.calls[0]?.[0].postcode).toBe("MK9 2HP");
    expect(lookups(requests)).toEqual([
      "/api/address-lookup/autocomplete?query=MK9%202HP",
      "/api/address-lookup/details?id=outcode%3AMK9%202HP%3AMilton%20Keynes",
    ]);
    expect(requests.at(-1)?.headers.get("authorization")).toBe("Bearer test-token");
  });

  it("finds with Enter in the postcode box, and works by keyboard alone", async () => {
    const user = userEvent.setup();
    fakeAddressApi();
    const { onPick } = renderFinder();

    await user.tab();
    expect(screen.getByRole("textbox", { name: "Postcode" })).toHaveFocus();
    await user.keyboard(" mk9 2hp {Enter}");
    const list = await screen.findByRole("combobox", { name: "Select an address" });
    await user.tab(); // Find address
    await user.tab(); // the list
    expect(list).toHaveFocus();
    await user.selectOptions(list, miltonKeynes.id);
    await user.tab();
    expect(screen.getByRole("button", { name: "Use this address" })).toHaveFocus();
    await user.keyboard("{Enter}");

    await vi.waitFor(() => expect(onPick).toHaveBeenCalledWith(miltonKeynesAddress));
  });

  it('calls onManual from "Enter the address manually", before and after a search', async () => {
    const user = userEvent.setup();
    fakeAddressApi();
    const { onManual, onPick } = renderFinder();

    await user.click(screen.getByRole("button", { name: "Enter the address manually" }));
    expect(onManual).toHaveBeenCalledTimes(1);

    await user.type(screen.getByRole("textbox", { name: "Postcode" }), "MK9 2HP");
    await user.click(screen.getByRole("button", { name: "Find address" }));
    await screen.findByRole("combobox", { name: "Select an address" });
    await user.click(screen.getByRole("button", { name: "Enter the address manually" }));

    expect(onManual).toHaveBeenCalledTimes(2);
    expect(onPick).not.toHaveBeenCalled();
  });

  it("says calmly when it finds nothing for a postcode, and offers no list", async () => {
    const user = userEvent.setup();
    fakeAddressApi();
    renderFinder();

    await user.type(screen.getByRole("textbox", { name: "Postcode" }), "ZZ99 9ZZ");
    await user.click(screen.getByRole("button", { name: "Find address" }));

    expect(await screen.findByText(messages.noAddressesForPostcode)).toBeInTheDocument();
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enter the address manually" })).toBeInTheDocument();
  });

  it("asks for a full postcode without asking the API when the text is not one", async () => {
    const user = userEvent.setup();
    const requests = fakeAddressApi();
    renderFinder();

    await user.click(screen.getByRole("button", { name: "Find address" }));
    expect(screen.getByRole("textbox", { name: "Postcode" })).toHaveAccessibleDescription(
      `For example, MK9 2HP Error: ${messages.required}`,
    );
    await user.type(screen.getByRole("textbox", { name: "Postcode" }), "MK9");
    await user.click(screen.getByRole("button", { name: "Find address" }));

    expect(screen.getByRole("textbox", { name: "Postcode" })).toHaveAccessibleDescription(
      `For example, MK9 2HP Error: ${messages.fullPostcodeNotValid}`,
    );
    expect(lookups(requests)).toEqual([]);
  });

  it("asks the person to choose an address before using one", async () => {
    const user = userEvent.setup();
    fakeAddressApi();
    const { onPick } = renderFinder();

    await user.type(screen.getByRole("textbox", { name: "Postcode" }), "MK92HP");
    await user.click(screen.getByRole("button", { name: "Find address" }));
    await screen.findByRole("combobox", { name: "Select an address" });
    await user.click(screen.getByRole("button", { name: "Use this address" }));

    expect(screen.getByRole("combobox", { name: "Select an address" })).toHaveAccessibleDescription(
      `Error: ${messages.required}`,
    );
    expect(onPick).not.toHaveBeenCalled();
  });

  it("says so when the lookup cannot be made, and the manual route stays", async () => {
    const user = userEvent.setup();
    fakeFetch((request) =>
      request.url === "/token"
        ? tokenResponse("test-token")
        : jsonResponse(
            { violations: [{ propertyPath: "Global", title: messages.addressLookupUnavailable }] },
            503,
          ),
    );
    const { onManual } = renderFinder();

    await user.type(screen.getByRole("textbox", { name: "Postcode" }), "MK9 2HP");
    await user.click(screen.getByRole("button", { name: "Find address" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Sorry, we could not look up the address just now");
    expect(alert).toHaveTextContent(`Global: ${messages.addressLookupUnavailable}`);
    await user.click(screen.getByRole("button", { name: "Enter the address manually" }));
    expect(onManual).toHaveBeenCalledTimes(1);
  });

  it("says so when the address chosen is no longer known", async () => {
    const user = userEvent.setup();
    fakeAddressApi({ addresses: {} });
    const { onPick } = renderFinder();

    await user.type(screen.getByRole("textbox", { name: "Postcode" }), "MK9 2HP");
    await user.click(screen.getByRole("button", { name: "Find address" }));
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "Select an address" }),
      miltonKeynes.id,
    );
    await user.click(screen.getByRole("button", { name: "Use this address" }));

    expect(await screen.findByText(messages.addressNotFound)).toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
  });
});
