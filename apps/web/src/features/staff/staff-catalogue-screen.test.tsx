import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages, staffMessages, ukToday } from "@kindred/domain";
import { fakeFetch, jsonResponse, type RecordedRequest } from "../../test/fake-fetch";
import {
  dateParts,
  holdStaffToken,
  renderStaffScreen,
  signedInStaff,
  typeDay,
} from "../../test/staff-harness";
import { StaffCatalogueScreen } from "./staff-catalogue-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const upcoming = {
  changeId: 7,
  subject: { kind: "option", optionId: 12, name: "The Brecon" },
  pricePence: 310_000,
  details: null,
  effectiveOn: "2027-01-01",
  reason: "The supplier's new prices",
  madeBy: "Ann Admin",
  madeAt: "2026-11-20T10:00:00.000Z",
  appliedAt: null,
};

const option = (overrides: Record<string, unknown>) => ({
  optionId: 12,
  kindName: "Coffin",
  code: "brecon",
  name: "The Brecon",
  pricePence: 69_500,
  visible: true,
  upcoming: [],
  ...overrides,
});

function catalogue(breconPence: number) {
  return {
    options: [
      option({
        optionId: 1,
        kindName: "Celebrant",
        code: "civil",
        name: "A civil celebrant",
        pricePence: 25_000,
      }),
      option({ pricePence: breconPence, upcoming: [upcoming] }),
      option({ optionId: 13, code: "snowdon", name: "The Snowdon", pricePence: 115_000, visible: false }),
    ],
    branches: [],
  };
}

const madeToday = {
  ...upcoming,
  changeId: 8,
  pricePence: 72_500,
  effectiveOn: ukToday(),
  reason: "A dearer supplier",
  appliedAt: "2026-11-27T21:30:00.000Z",
};

/** Answers as the API does; a price change takes effect at once (`answerChange` may refuse it). */
function answering(
  role: "agent" | "administrator",
  answerChange: () => Response = () => jsonResponse(madeToday, 201),
): RecordedRequest[] {
  let price = 69_500;
  return fakeFetch((request) => {
    if (request.url === "/api/staff/me") return jsonResponse(signedInStaff(role));
    if (request.url === "/api/staff/catalogue") return jsonResponse(catalogue(price));
    if (request.url === "/api/staff/catalogue/options/12/price-changes" && request.method === "POST") {
      const answer = answerChange();
      if (answer.status === 201) price = 72_500;
      return answer;
    }
    return jsonResponse({}, 404);
  });
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

async function openPriceForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Change the price of The Brecon" }));
  return screen.getByRole("dialog", { name: "Change the price of The Brecon" });
}

/** A day in the coming year, and one past the 2 years a change may be dated ahead. */
const thisYear = Number(ukToday().slice(0, 4));
const nextJanuary = `${thisYear + 1}-01-15`;
const tooFarAhead = `${thisYear + 3}-01-15`;

const posts = (requests: RecordedRequest[]) => requests.filter((request) => request.method === "POST");

describe("StaffCatalogueScreen", () => {
  it("shows each kind's options with their price now, whether customers see them, and the changes to come", async () => {
    holdStaffToken();
    answering("administrator");
    renderStaffScreen(<StaffCatalogueScreen />);

    const coffins = await screen.findByRole("table", { name: "Coffin" });
    const [brecon, snowdon] = within(coffins).getAllByRole("row").slice(1);
    expect(cellsOf(brecon!)).toEqual([
      "The BreconChange the price of The Brecon",
      "£695",
      "£3,100 from 1 January 2027, by Ann Admin: The supplier's new prices",
      "Yes",
    ]);
    expect(cellsOf(snowdon!).slice(1)).toEqual(["£1,150", "None", "No, hidden"]);
    expect(screen.getByRole("table", { name: "Celebrant" })).toHaveTextContent("A civil celebrant");
    expect(screen.getByRole("link", { name: "Catalogue" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Branches" })).toBeInTheDocument();
  });

  it("names what is wrong under each field, for an empty form, a price that is not an amount and a day past or too far ahead, and sends nothing", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("administrator");
    renderStaffScreen(<StaffCatalogueScreen />);
    const dialog = await openPriceForm(user);

    await user.click(within(dialog).getByRole("button", { name: "Change the price" }));
    expect(
      within(within(dialog).getByRole("alert", { name: "There is a problem" }))
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      `New price: ${staffMessages.catalogueChangePriceNeeded}`,
      `Takes effect from: ${staffMessages.catalogueChangeDateNeeded}`,
      `Why it changes: ${staffMessages.catalogueChangeReasonNeeded}`,
    ]);

    const price = within(dialog).getByLabelText("New price");
    for (const typed of ["abc", "-5", "12.345"]) {
      await user.clear(price);
      await user.type(price, typed);
      expect(within(dialog).getByText(staffMessages.catalogueChangePriceNeeded)).toBeInTheDocument();
    }
    await user.clear(price);
    await user.type(price, "100001");
    expect(within(dialog).getByText(staffMessages.catalogueChangePriceTooHigh)).toBeInTheDocument();

    await typeDay(user, dialog, "Takes effect from", "2020-01-01");
    await user.type(within(dialog).getByLabelText("Why it changes"), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Change the price" }));
    expect(within(dialog).getByText(staffMessages.catalogueChangeDatePast)).toBeInTheDocument();
    expect(within(dialog).getByText(staffMessages.catalogueChangeReasonNeeded)).toBeInTheDocument();
    await typeDay(user, dialog, "Takes effect from", tooFarAhead);
    expect(within(dialog).getByText(staffMessages.catalogueChangeDateTooFar)).toBeInTheDocument();
    // 31 February is no day; a part left out is asked for by name in the summary.
    const { day, month } = dateParts(dialog, "Takes effect from");
    await user.clear(day);
    await user.type(day, "31");
    await user.selectOptions(month, "February");
    expect(within(dialog).getByText(messages.notARealDate)).toBeInTheDocument();
    await user.selectOptions(month, "Choose a month");
    await user.click(within(dialog).getByRole("button", { name: "Change the price" }));
    expect(
      within(within(dialog).getByRole("alert", { name: "There is a problem" }))
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toContain(`Month it takes effect: ${staffMessages.catalogueChangeDateNeeded}`);
    expect(posts(requests)).toEqual([]);
  });

  it("sends the price in pence, the day and the trimmed reason, reads the catalogue again and says what follows", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("administrator");
    renderStaffScreen(<StaffCatalogueScreen />);
    const dialog = await openPriceForm(user);
    expect(dialog).toHaveTextContent("Plans already paid for keep the price they were sold at.");

    await user.type(within(dialog).getByLabelText("New price"), "£725.00");
    await typeDay(user, dialog, "Takes effect from", ukToday());
    await user.type(within(dialog).getByLabelText("Why it changes"), "  A dearer supplier  ");
    await user.click(within(dialog).getByRole("button", { name: "Change the price" }));

    const confirmation = await screen.findByRole("status");
    expect(confirmation).toHaveTextContent(
      "The Brecon now costs £725 from today. Plans already paid for keep the price they were sold at.",
    );
    // It takes focus (and so the page scrolls to it), not the button that opened the form.
    await vi.waitFor(() => expect(confirmation.parentElement).toHaveFocus());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(posts(requests).map((request) => JSON.parse(request.body ?? "null"))).toEqual([
      { pricePence: 72_500, effectiveOn: ukToday(), reason: "A dearer supplier" },
    ]);
    await vi.waitFor(() =>
      expect(requests.filter((request) => request.url === "/api/staff/catalogue")).toHaveLength(2),
    );
    const coffins = screen.getByRole("table", { name: "Coffin" });
    expect(cellsOf(within(coffins).getAllByRole("row")[1]!)[1]).toBe("£725");
  });

  it("shows the API's refusal under its field and keeps what was typed", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    answering("administrator", () =>
      jsonResponse(
        {
          violations: [
            { propertyPath: "effectiveOn", title: staffMessages.catalogueChangeDateTooFar },
            { propertyPath: "pricePence", title: staffMessages.catalogueChangePriceTooHigh },
          ],
        },
        422,
      ),
    );
    renderStaffScreen(<StaffCatalogueScreen />);
    const dialog = await openPriceForm(user);

    await user.type(within(dialog).getByLabelText("New price"), "2,950");
    await typeDay(user, dialog, "Takes effect from", nextJanuary);
    await user.type(within(dialog).getByLabelText("Why it changes"), "New prices");
    await user.click(within(dialog).getByRole("button", { name: "Change the price" }));

    expect(await within(dialog).findByText(staffMessages.catalogueChangeDateTooFar)).toBeInTheDocument();
    expect(within(dialog).getByText(staffMessages.catalogueChangePriceTooHigh)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("New price")).toHaveValue("2,950");
    const typed = dateParts(dialog, "Takes effect from");
    expect([typed.day, typed.month, typed.year].map((box) => (box as HTMLInputElement).value)).toEqual([
      "15",
      "01",
      String(thisYear + 1),
    ]);
    expect(within(dialog).getByLabelText("Why it changes")).toHaveValue("New prices");
  });

  it("offers an agent no catalogue or branches, and says the page is not theirs, asking the API nothing more", async () => {
    holdStaffToken();
    const requests = answering("agent");
    renderStaffScreen(<StaffCatalogueScreen />);

    expect(await screen.findByRole("alert")).toHaveTextContent(staffMessages.staffPermissionNeeded);
    expect(screen.queryByRole("link", { name: "Catalogue" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Branches" })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual(["/api/staff/me"]);
  });
});
