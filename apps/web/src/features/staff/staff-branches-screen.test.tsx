import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staffMessages, ukToday } from "@kindred/domain";
import { fakeFetch, jsonResponse, type RecordedRequest } from "../../test/fake-fetch";
import { holdStaffToken, renderStaffScreen, signedInStaff, typeDay } from "../../test/staff-harness";
import { StaffBranchesScreen } from "./staff-branches-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const closing = {
  changeId: 9,
  subject: { kind: "branch", branchId: 4, name: "Kindred Bedford" },
  pricePence: null,
  details: { open: false, phone: "01632 960999" },
  effectiveOn: "2027-02-01",
  reason: "The lease ends",
  madeBy: "Ann Admin",
  madeAt: "2026-11-20T10:00:00.000Z",
  appliedAt: null,
};

const bedford = {
  branchId: 4,
  code: "bedford",
  name: "Kindred Bedford",
  phone: "01632 960444",
  email: "bedford@kindred-funerals.example",
  website: "https://www.kindred-funerals.example/bedford",
  managerName: "Priya Shah",
  open: true,
  isHeadOffice: false,
  upcoming: [closing],
};
const headOffice = {
  ...bedford,
  branchId: 1,
  code: "headOffice",
  name: "Kindred Funeral Plans Head Office",
  email: "hello@kindred-funerals.example",
  website: "https://www.kindred-funerals.example",
  managerName: "Margaret Ellison",
  isHeadOffice: true,
  upcoming: [],
};

const madeLater = {
  ...closing,
  changeId: 10,
  details: { managerName: "Tom Reed", open: false },
  effectiveOn: "2027-03-01",
  reason: "Priya retires; the branch closes",
};

function answering(
  role: "agent" | "administrator",
  answerChange: () => Response = () => jsonResponse(madeLater, 201),
): RecordedRequest[] {
  return fakeFetch((request) => {
    if (request.url === "/api/staff/me") return jsonResponse(signedInStaff(role));
    if (request.url === "/api/staff/catalogue") {
      return jsonResponse({ options: [], branches: [headOffice, bedford] });
    }
    if (request.url === "/api/staff/branches/4/changes" && request.method === "POST") return answerChange();
    return jsonResponse({}, 404);
  });
}

const posts = (requests: RecordedRequest[]) => requests.filter((request) => request.method === "POST");

async function openBedford(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Change details of Kindred Bedford" }));
  return screen.getByRole("dialog", { name: "Change the details of Kindred Bedford" });
}

describe("StaffBranchesScreen", () => {
  it("shows each branch's details now, the head office, and the changes to come", async () => {
    holdStaffToken();
    answering("administrator");
    renderStaffScreen(<StaffBranchesScreen />);

    const table = await screen.findByRole("table", { name: "Every branch" });
    const [office, branch] = within(table).getAllByRole("row").slice(1);
    expect(within(office!).getAllByRole("cell")[0]).toHaveTextContent(
      "Kindred Funeral Plans Head OfficeHead office",
    );
    expect(
      within(branch!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "Kindred BedfordChange details of Kindred Bedford",
      "Open",
      "01632 960444bedford@kindred-funerals.examplehttps://www.kindred-funerals.example/bedford",
      "Priya Shah",
      "closes; phone 01632 960999 from 1 February 2027, by Ann Admin: The lease ends",
    ]);
  });

  it("refuses a change with nothing changed, a bad detail, a past day or no reason, and sends nothing", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("administrator");
    renderStaffScreen(<StaffBranchesScreen />);
    const dialog = await openBedford(user);
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Kindred Bedford");
    expect(within(dialog).getByRole("checkbox", { name: /^The branch is open/ })).toBeChecked();

    await typeDay(user, dialog, "Takes effect from", "2020-01-01");
    await user.click(within(dialog).getByRole("button", { name: "Change the details" }));
    expect(
      within(within(dialog).getByRole("alert", { name: "There is a problem" }))
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      `Takes effect from: ${staffMessages.catalogueChangeDatePast}`,
      `Why it changes: ${staffMessages.catalogueChangeReasonNeeded}`,
      staffMessages.branchChangeNeedsADetail,
    ]);
    expect(within(dialog).getByRole("group", { name: "The branch's details" })).toHaveTextContent(
      staffMessages.branchChangeNeedsADetail,
    );

    const name = within(dialog).getByLabelText("Name");
    await user.clear(name);
    const website = within(dialog).getByLabelText("Website");
    await user.clear(website);
    await user.type(website, "http://bedford.example");
    expect(within(dialog).getByText(staffMessages.branchNameNeeded)).toBeInTheDocument();
    expect(within(dialog).getByText(staffMessages.branchWebsiteInvalid)).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);
  });

  it("sends only the details changed, the day and the reason, says what closing does, and reads the branches again", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    const requests = answering("administrator");
    renderStaffScreen(<StaffBranchesScreen />);
    const dialog = await openBedford(user);

    const manager = within(dialog).getByLabelText("Manager's name");
    await user.clear(manager);
    await user.type(manager, " Tom Reed ");
    // The phone typed again as it was is no change.
    const phone = within(dialog).getByLabelText("Phone number");
    await user.clear(phone);
    await user.type(phone, "01632 960444");
    await user.click(within(dialog).getByRole("checkbox", { name: /^The branch is open/ }));
    expect(within(dialog).getByRole("note", { name: "What closing does" })).toHaveTextContent(
      "sends the plans it is appointed to to the appointments queue",
    );
    await typeDay(user, dialog, "Takes effect from", "2027-03-01");
    await user.type(within(dialog).getByLabelText("Why it changes"), "Priya retires; the branch closes");
    await user.click(within(dialog).getByRole("button", { name: "Change the details" }));

    expect(await screen.findByRole("status")).toHaveTextContent(
      "Kindred Bedford will change from 1 March 2027: closes; manager Tom Reed. Closing the branch sends",
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(posts(requests).map((request) => JSON.parse(request.body ?? "null"))).toEqual([
      {
        details: { managerName: "Tom Reed", open: false },
        effectiveOn: "2027-03-01",
        reason: "Priya retires; the branch closes",
      },
    ]);
    await vi.waitFor(() =>
      expect(requests.filter((request) => request.url === "/api/staff/catalogue")).toHaveLength(2),
    );
  });

  it("shows the API's refusal under its field, and a missing branch above the form, keeping what was typed", async () => {
    const user = userEvent.setup();
    holdStaffToken();
    answering("administrator", () =>
      jsonResponse(
        {
          violations: [
            { propertyPath: "details.email", title: "Enter an email address in the correct format" },
            { propertyPath: "", title: staffMessages.noSuchBranch },
          ],
        },
        422,
      ),
    );
    renderStaffScreen(<StaffBranchesScreen />);
    const dialog = await openBedford(user);

    const email = within(dialog).getByLabelText("Email address");
    await user.clear(email);
    await user.type(email, "bedford@kindred.example");
    await typeDay(user, dialog, "Takes effect from", ukToday());
    await user.type(within(dialog).getByLabelText("Why it changes"), "A new address");
    await user.click(within(dialog).getByRole("button", { name: "Change the details" }));

    expect(
      await within(dialog).findByText("Enter an email address in the correct format"),
    ).toBeInTheDocument();
    const box = within(dialog)
      .getAllByRole("alert")
      .find((alert) => alert.textContent?.startsWith("The details were not changed"));
    expect(box).toHaveTextContent(staffMessages.noSuchBranch);
    expect(within(dialog).getByLabelText("Email address")).toHaveValue("bedford@kindred.example");
  });

  it("is not open to an agent, who is asked nothing more", async () => {
    holdStaffToken();
    const requests = answering("agent");
    renderStaffScreen(<StaffBranchesScreen />);

    expect(await screen.findByRole("alert")).toHaveTextContent(staffMessages.staffPermissionNeeded);
    expect(screen.queryByRole("link", { name: "Branches" })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual(["/api/staff/me"]);
  });
});
