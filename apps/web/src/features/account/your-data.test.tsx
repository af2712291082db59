import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountDeletion, DeletedAccountResponse, PlanPeopleResponse } from "@kindred/contracts";
import { keptPlanExplained, messages } from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { storeTokenSession } from "../../lib/token-session";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { createPlanResponse } from "../../test/payments-factory";
import { YourData } from "./your-data";

/** "Your data" on the account (issue 25 item 12): downloading it, and deleting the account. */

const boughtId = "0a8f3b1c-1d2e-4f30-8a4b-5c6d7e8f9101";
const unfinishedId = "0a8f3b1c-1d2e-4f30-8a4b-5c6d7e8f9102";
const forHerMother: PlanPeopleResponse = {
  customer: { firstName: "Margaret", lastName: "Hughes", email: "margaret@example.com" },
  coveredPerson: { firstName: "Edith", lastName: "Price" },
  nominee: null,
  payer: null,
  updatedAt: "2026-05-20T10:00:00.000Z",
};
const keptBought = {
  planId: boughtId,
  reason: "bought" as const,
  keptUntil: null,
  explanation: keptPlanExplained("bought", null),
};

function fakeApi({ preview, answer }: { preview: AccountDeletion; answer?: () => Response }) {
  return fakeFetch((request) => {
    if (request.url === "/token") return tokenResponse("customer-token");
    if (request.url.startsWith("/api/account/data")) {
      const pdf = request.url.includes("format=pdf");
      return jsonResponse({
        fileName: `kindred-my-data-2026-11-27.${pdf ? "pdf" : "json"}`,
        contentType: pdf ? "application/pdf" : "application/json",
        file: btoa(pdf ? "%PDF-1.7" : "{}"),
      });
    }
    if (request.url === "/api/account/delete" && request.method === "GET") return jsonResponse(preview);
    if (request.url === "/api/account/delete" && answer) return answer();
    if (request.url === `/api/plan/${boughtId}/customer`) return jsonResponse(forHerMother);
    return jsonResponse({ violations: [{ propertyPath: "Request", title: "Not found" }] }, 404);
  });
}

function renderSignedIn() {
  localStorage.setItem("isUserLoggedIn", "true");
  storeTokenSession({ token: "customer-token", setAt: Date.now(), expiry: 1800 });
  render(
    <YourData plans={[createPlanResponse({ id: boughtId }), createPlanResponse({ id: unfinishedId })]} />,
    {
      wrapper: QueryProvider,
    },
  );
}

/** jsdom cannot follow a link to another page, nor a download; the test needs only what comes before. */
function preventNavigation(event: MouseEvent) {
  if ((event.target as HTMLElement).closest("a")) event.preventDefault();
}

beforeEach(() => {
  document.addEventListener("click", preventNavigation);
});

afterEach(() => {
  document.removeEventListener("click", preventNavigation);
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("YourData", () => {
  it("downloads my data as a file through the API with the customer's token, as a JSON file", async () => {
    const createObjectURL = vi.fn((blob: Blob) =>
      blob.type === "application/json" ? "blob:data" : "blob:other",
    );
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const requests = fakeApi({
      preview: { accountDeleted: true, unfinishedPlans: 0, freeGuideRequests: 0, kept: [] },
    });
    const user = userEvent.setup();
    renderSignedIn();

    await user.click(screen.getByRole("button", { name: "Download my data (file)" }));

    await waitFor(() => expect(createObjectURL).toHaveReturnedWith("blob:data"));
    const downloads = requests.filter((request) => request.url.startsWith("/api/account/data"));
    expect(downloads.map((request) => request.url)).toEqual(["/api/account/data?format=json&encode=base64"]);
    expect(downloads[0]?.headers.get("authorization")).toBe("Bearer customer-token");
    expect(screen.getByRole("button", { name: "Download my data (PDF)" })).toBeInTheDocument();
  });

  it("explains before deleting what goes and which bought plan the law keeps, by its name; a wrong password keeps the dialog open and deletes nothing", async () => {
    const requests = fakeApi({
      preview: { accountDeleted: false, unfinishedPlans: 1, freeGuideRequests: 0, kept: [keptBought] },
      answer: () =>
        jsonResponse(
          { violations: [{ propertyPath: "password", title: messages.currentPasswordWrong }] },
          422,
        ),
    });
    const user = userEvent.setup();
    renderSignedIn();

    await user.click(screen.getByRole("button", { name: "Delete my account" }));

    const dialog = await screen.findByRole("dialog", { name: "Delete your account" });
    expect(
      await within(dialog).findByText(/your unfinished plan, with the people in it/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/do-not-contact list/)).toBeInTheDocument();
    expect(
      within(dialog).getByRole("heading", { name: "What the law requires us to keep" }),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText("Edith Price: attended funeral")).toBeInTheDocument();
    expect(
      within(dialog).getByText(/7 years after it ends \(Financial Conduct Authority record keeping\)/),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Your password"), "Not-my-password1");
    await user.click(within(dialog).getByRole("button", { name: "Delete what you can" }));

    expect(await within(dialog).findByText(messages.currentPasswordWrong)).toBeInTheDocument();
    const posted = requests.filter((request) => request.method === "POST");
    expect(posted.map((request) => JSON.parse(request.body ?? "{}"))).toEqual([
      { password: "Not-my-password1" },
    ]);
    expect(localStorage.getItem("isUserLoggedIn")).toBe("true");
  });

  it("with no plan to keep, deletes the account, forgets the session in this browser and says so, with the way home", async () => {
    const done: DeletedAccountResponse = {
      accountDeleted: true,
      unfinishedPlans: 2,
      freeGuideRequests: 1,
      kept: [],
      message: messages.accountDeleted,
    };
    fakeApi({
      preview: { accountDeleted: true, unfinishedPlans: 2, freeGuideRequests: 1, kept: [] },
      answer: () => jsonResponse(done),
    });
    const user = userEvent.setup();
    renderSignedIn();

    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account" });
    expect(
      await within(dialog).findByText(/your account itself, and you will be signed out/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText("What the law requires us to keep")).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Your password"), "Quiet-Harbour7");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));

    const deleted = await screen.findByRole("dialog", { name: "Your account has been deleted" });
    expect(within(deleted).getByText(messages.accountDeleted)).toBeInTheDocument();
    expect(within(deleted).getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    expect(localStorage.getItem("isUserLoggedIn")).toBeNull();
  });
});
