import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LegalDocument, LegalDocumentsResponse } from "@kindred/contracts";
import {
  allLegalDocumentsAccepted,
  legalDocumentReferences,
  messages,
  postedDocumentsMessage,
  purchaseMessages,
} from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { readSession, writeLocal } from "../../lib/storage";
import { fakeFetch, jsonResponse, tokenResponse, type RecordedRequest } from "../../test/fake-fetch";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { DocumentsScreen } from "./documents-screen";
import { chooseAttendance, resetJourney } from "./journey-store";

const planOptions = seededPlanOptions();
const planId = "8b0e8a52-4a8c-4b36-9d0b-6a3a1b7c2d10";
/** Titles made up for the test: "Terms and conditions (tab 0)" and so on. */
const titles = legalDocumentReferences.map(
  (reference, index) =>
    `${reference.charAt(0).toUpperCase()}${reference.slice(1).replaceAll("-", " ")} (tab ${index})`,
);

function legalDocument(index: number, overrides: Partial<LegalDocument> = {}): LegalDocument {
  const docReference = legalDocumentReferences[index] ?? "terms-and-conditions";
  const title = titles[index] ?? "";
  return {
    docReference,
    accepted: false,
    title,
    file: index === 0 ? "/public-documents/terms.pdf" : `/api/plan/${planId}/document/summary`,
    fileName: `${docReference}.pdf`,
    index,
    version: "1.0",
    acceptedAt: null,
    changedSinceAccepted: false,
    notice: null,
    blocks: [
      { kind: "heading", level: 1, text: title },
      { kind: "paragraph", content: [{ text: "You can cancel " }, { text: "at any time", strong: true }] },
      {
        kind: "table",
        header: ["Choice", "What you chose", "Price"],
        rows: [["Coffin", "The Windsor", "£125"]],
        footer: ["Guaranteed total", "", "£5,295"],
      },
    ],
    ...overrides,
  };
}

let documents: LegalDocument[];
let requests: RecordedRequest[];

let alternativeFormat: LegalDocumentsResponse["alternativeFormat"];

const answer = (): LegalDocumentsResponse => ({
  documents,
  allAccepted: allLegalDocumentsAccepted(documents),
  alternativeFormat,
});

beforeEach(() => {
  resetJourney();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The plan was saved before: the screen saves any change and reads the plan's documents.
  writeLocal("planId", planId);
  documents = titles.map((_, index) => legalDocument(index));
  alternativeFormat = null;
  requests = fakeFetch((request) => {
    const path = request.url;
    if (path === "/token") return tokenResponse("application-token");
    if (path === "/api/plan-options") return jsonResponse(planOptions);
    if (path === "/api/guest/plan") return jsonResponse({ id: planId, version: 1 }, 201);
    if (path === `/api/plan/${planId}` && request.method === "PATCH") {
      return jsonResponse({ message: messages.saved, plan: { version: 2 } });
    }
    if (path === `/api/plan/${planId}/legal` && request.method === "PUT") {
      const body = JSON.parse(request.body ?? "{}") as LegalDocumentsResponse;
      documents = documents.map((document) => {
        const change = body.documents.find((sent) => sent.docReference === document.docReference);
        return change
          ? { ...document, accepted: change.accepted, notice: null, changedSinceAccepted: false }
          : document;
      });
      return jsonResponse(answer());
    }
    if (path === `/api/plan/${planId}/legal`) return jsonResponse(answer());
    if (path === `/api/plan/${planId}/document/summary?encode=base64`) {
      return jsonResponse({
        fileName: "summary.pdf",
        contentType: "application/pdf",
        file: btoa("%PDF-1.3"),
      });
    }
    return jsonResponse({ violations: [{ propertyPath: "Request", title: "Not found" }] }, 404);
  });
  chooseAttendance(planOptions, 1);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("DocumentsScreen", () => {
  it("saves the plan, then shows the six documents as tabs 0 to 5, the first open as HTML", async () => {
    render(<DocumentsScreen />, { wrapper: QueryProvider });

    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.id)).toEqual([0, 1, 2, 3, 4, 5].map((index) => `document-tab-${index}`));
    expect(tabs.map((tab) => tab.textContent)).toEqual(titles.map((title) => `${title}To read`));
    expect(tabs[0]).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel", { name: /Terms and conditions/ });
    expect(within(panel).getByRole("heading", { level: 2, name: titles[0] })).toBeInTheDocument();
    expect(within(panel).getByText("at any time").tagName).toBe("STRONG");
    expect(within(panel).getByRole("rowheader", { name: "Coffin" })).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: `Download the ${titles[0]} (PDF)` })).toHaveAttribute(
      "href",
      "/public-documents/terms.pdf",
    );
    // The plan is saved before its documents are read, so they show what the server priced.
    const calls = requests.filter((request) => request.url.startsWith("/api/plan/"));
    expect(calls.map((request) => `${request.method} ${request.url}`)).toEqual([
      `PATCH /api/plan/${planId}`,
      `GET /api/plan/${planId}/legal`,
    ]);
  });

  it("has one main heading, the page's own, while the documents load, once they come and if they fail", async () => {
    const { unmount } = render(<DocumentsScreen />, { wrapper: QueryProvider });
    const onlyHeading = () => {
      const headings = screen.getAllByRole("heading", { level: 1 });
      expect(headings).toHaveLength(1);
      expect(headings[0]).toHaveTextContent("Your plan documents");
    };
    expect(screen.getByText("Loading your plan documents…")).toBeInTheDocument();
    onlyHeading();
    // Each document starts with a heading of its own: it sits below the page's.
    await screen.findAllByRole("tab");
    onlyHeading();
    unmount();

    fakeFetch((request) =>
      request.url === "/token"
        ? tokenResponse("application-token")
        : jsonResponse({ violations: [{ propertyPath: "Request", title: "Not found" }] }, 404),
    );
    render(<DocumentsScreen />, { wrapper: QueryProvider });
    expect(await screen.findByText("Sorry, we could not load your plan documents")).toBeInTheDocument();
    onlyHeading();
  });

  it("moves between the tabs with the arrow keys, as tabs do", async () => {
    const user = userEvent.setup();
    render(<DocumentsScreen />, { wrapper: QueryProvider });
    const tabs = await screen.findAllByRole("tab");

    tabs[0]?.focus();
    await user.keyboard("{ArrowRight}");

    expect(screen.getByRole("tab", { name: /Plan summary/ })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName(/Plan summary/);
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(screen.getByRole("tab", { name: /Plan continuity/ })).toHaveAttribute("aria-selected", "true");
  });

  it("records each acceptance with the API, and says when all six are accepted", async () => {
    const user = userEvent.setup();
    render(<DocumentsScreen />, { wrapper: QueryProvider });
    await screen.findAllByRole("tab");

    for (const title of titles) {
      await user.click(screen.getByRole("tab", { name: new RegExp(title.replace(/[()]/g, "\\$&")) }));
      await user.click(screen.getByRole("checkbox", { name: `I have read and accept the ${title}` }));
      await waitFor(() =>
        expect(screen.getByRole("checkbox", { name: `I have read and accept the ${title}` })).toBeChecked(),
      );
    }

    const puts = requests.filter((request) => request.method === "PUT");
    expect(puts.map((request) => JSON.parse(request.body ?? "{}") as unknown)).toEqual(
      legalDocumentReferences.map((docReference) => ({ documents: [{ docReference, accepted: true }] })),
    );
    expect(await screen.findByText("You have accepted all six documents")).toBeInTheDocument();
    expect(readSession("legalDocs")).toEqual(
      legalDocumentReferences.map((docReference) => ({ docReference, accepted: true })),
    );
  });

  it("offers the next document to read at the foot of one just accepted, and opens it at its tab", async () => {
    const user = userEvent.setup();
    render(<DocumentsScreen />, { wrapper: QueryProvider });
    await screen.findAllByRole("tab");
    expect(screen.queryByRole("button", { name: /^Next document/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: `I have read and accept the ${titles[0]}` }));
    await user.click(await screen.findByRole("button", { name: `Next document: ${titles[1]}` }));

    const second = screen.getByRole("tab", { name: new RegExp(titles[1]!.replace(/[()]/g, "\\$&")) });
    expect(second).toHaveAttribute("aria-selected", "true");
    expect(second).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName(
      new RegExp(titles[1]!.replace(/[()]/g, "\\$&")),
    );
    // Not yet accepted: no way on from here until it is.
    expect(screen.queryByRole("button", { name: /^Next document/ })).not.toBeInTheDocument();
  });

  it("takes a tick back, and says so, when the API cannot record it", async () => {
    const user = userEvent.setup();
    render(<DocumentsScreen />, { wrapper: QueryProvider });
    await screen.findAllByRole("tab");
    const api = fakeFetch((request) =>
      request.method === "PUT"
        ? jsonResponse({ violations: [{ propertyPath: "Global", title: messages.requestFailed }] }, 503)
        : tokenResponse("application-token"),
    );

    await user.click(screen.getByRole("checkbox", { name: `I have read and accept the ${titles[0]}` }));

    expect(await screen.findByText(`Global: ${messages.requestFailed}`)).toBeInTheDocument();
    expect(
      screen.getByRole("checkbox", { name: `I have read and accept the ${titles[0]}` }),
    ).not.toBeChecked();
    expect(api.filter((request) => request.method === "PUT")).toHaveLength(1);
  });

  it("says why a plan document needs accepting again after the plan changed", async () => {
    documents[1] = legalDocument(1, {
      changedSinceAccepted: true,
      notice: purchaseMessages.documentChangedSinceAccepted,
    });
    const user = userEvent.setup();
    render(<DocumentsScreen />, { wrapper: QueryProvider });

    const tab = await screen.findByRole("tab", { name: /Plan summary/ });
    expect(tab).toHaveTextContent("Please accept again");
    await user.click(tab);
    expect(screen.getByRole("tabpanel")).toHaveTextContent(purchaseMessages.documentChangedSinceAccepted);
  });

  it("tells a person who asked for braille or audio CD what happens next, above the documents", async () => {
    alternativeFormat = { kind: "audio_cd", message: postedDocumentsMessage("audio_cd") };
    render(<DocumentsScreen />, { wrapper: QueryProvider });

    const message = await screen.findByText(postedDocumentsMessage("audio_cd"));

    expect(message.closest(".info-box")).not.toBeNull();
    expect(message.compareDocumentPosition(screen.getByRole("tablist"))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("says nothing of posted documents to anyone else", async () => {
    render(<DocumentsScreen />, { wrapper: QueryProvider });

    await screen.findAllByRole("tab");

    expect(screen.queryByText(/You asked for your documents/)).not.toBeInTheDocument();
  });

  it("downloads the plan's own documents through the API, as base64", async () => {
    const createObjectURL = vi.fn(() => "blob:summary");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    render(<DocumentsScreen />, { wrapper: QueryProvider });
    await user.click(await screen.findByRole("tab", { name: /Plan summary/ }));

    await user.click(screen.getByRole("button", { name: `Download the ${titles[1]} (PDF)` }));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const download = requests.find((request) => request.url.includes("encode=base64"));
    expect(download?.headers.get("authorization")).toBe("Bearer application-token");
  });
});
