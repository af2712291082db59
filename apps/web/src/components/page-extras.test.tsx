import { render, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useBrowserSettings, type BrowserSettings } from "../lib/browser-settings";
import { cookieConsentKey, reloadPage } from "../lib/cookie-consent";
import type * as CookieConsentModule from "../lib/cookie-consent";
import type * as ErrorReportingModule from "../lib/error-reporting";
import { loadErrorReporting } from "../lib/error-reporting";
import { fakeFetch, jsonResponse } from "../test/fake-fetch";
import { navigation } from "../test/fake-navigation";
import { PageExtras } from "./page-extras";
import { ReviewsSection } from "./reviews-section";
import { SiteFooter } from "./site-footer";

// next/script as if each script loaded at once (jsdom loads none): it stands on the page as a
// marked element and says it is ready, as next/script does once the browser has run it.
vi.mock("next/script", async () => {
  const { useEffect } = await import("react");
  return {
    default: function FakeScript({ src, onReady }: { src: string; onReady?: () => void }) {
      useEffect(() => onReady?.(), [onReady]);
      return <span data-third-party-script={src} />;
    },
  };
});
// The page cannot be loaded afresh in jsdom; the test sees that it would be.
vi.mock("../lib/cookie-consent", async (importOriginal) => ({
  ...(await importOriginal<typeof CookieConsentModule>()),
  reloadPage: vi.fn(),
}));

// Sentry itself is not loaded here (error-reporting.client.test.ts tests it); clearing the
// replay's key when measurement is taken back is the light door's own and runs as it is.
vi.mock("../lib/error-reporting", async (importOriginal) => ({
  ...(await importOriginal<typeof ErrorReportingModule>()),
  loadErrorReporting: vi.fn(),
}));

const scripts = {
  visitorTracking: "https://tracking.example.test/script.js",
  helpChat: "https://chat.example.test/widget.js",
  reviews: "https://reviews.example.test/widget.js",
  feedback: "https://feedback.example.test/sidebar.js",
};

const everyThirdParty: BrowserSettings = {
  cookiePolicyVersion: "3",
  errorReporting: null,
  thirdParties: {
    visitorTracking: { scriptUrl: scripts.visitorTracking, id: "site-42" },
    helpChat: { scriptUrl: scripts.helpChat },
    reviews: { scriptUrl: scripts.reviews },
    feedback: { scriptUrl: scripts.feedback },
  },
};

function serveSettings(settings: BrowserSettings) {
  return fakeFetch((request) =>
    request.url === "/browser-settings" ? jsonResponse(settings) : jsonResponse({}, 404),
  );
}

/** The page shell as the layout has it, with the home page's reviews section. */
function shell() {
  return (
    <>
      <PageExtras />
      <main id="main-content" tabIndex={-1}>
        <ReviewsSection />
      </main>
      <SiteFooter />
    </>
  );
}

function renderShell() {
  return render(shell());
}

/** The third parties' scripts now on the page, by address. */
function loadedScripts(): string[] {
  return Array.from(
    document.querySelectorAll("[data-third-party-script]"),
    (script) => script.getAttribute("data-third-party-script") ?? "",
  ).sort();
}

function storedConsent() {
  return JSON.parse(window.localStorage.getItem(cookieConsentKey) ?? "null") as {
    version: string;
    analytics: boolean;
    functional: boolean;
  } | null;
}

const banner = () => screen.findByRole("region", { name: "Cookies on Kindred Funeral Plans" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(reloadPage).mockClear();
  delete window.kindredThirdParties;
});

describe("the browser settings (decision 033: read without TanStack Query)", () => {
  const settingsRequests = (requests: { url: string }[]) =>
    requests.filter((request) => request.url === "/browser-settings");
  const reviewsPlaceholder = /Reviews from our customers are shown by our reviews provider/;

  it("are asked for once a page load, however many parts of the page read them", async () => {
    const requests = serveSettings(everyThirdParty);
    renderShell();

    // The page extras and the home page's reviews each read them.
    await banner();
    expect(await screen.findByText(reviewsPlaceholder)).toBeInTheDocument();
    // A part shown later in the same page load has them at once, without asking again.
    render(<ReviewsSection />);
    expect(screen.getAllByText(reviewsPlaceholder)).toHaveLength(2);
    expect(settingsRequests(requests)).toHaveLength(1);
  });

  it("if they cannot be read, the page shows no extras and does not ask again", async () => {
    const requests = fakeFetch(() => jsonResponse({}, 500));
    renderShell();
    const read = renderHook(() => useBrowserSettings());

    await waitFor(() => expect(read.result.current).toBeNull());
    expect(screen.queryByRole("region", { name: "Cookies on Kindred Funeral Plans" })).toBeNull();
    expect(screen.queryByText(reviewsPlaceholder)).toBeNull();
    expect(loadedScripts()).toEqual([]);
    expect(settingsRequests(requests)).toHaveLength(1);
  });
});

describe("the cookie banner", () => {
  it("asks before anything else loads, with accept and reject side by side", async () => {
    serveSettings(everyThirdParty);
    renderShell();

    const region = await banner();
    const accept = within(region).getByRole("button", { name: "Accept extra cookies" });
    const reject = within(region).getByRole("button", { name: "Reject extra cookies" });
    expect(accept).toHaveClass("button");
    expect(reject.className).toBe(accept.className);
    expect(within(region).getByRole("button", { name: "Choose cookies" })).toBeVisible();
    expect(loadedScripts()).toEqual([]);
    // The reviews wait for a choice, saying why.
    expect(screen.getByText(/shown by our reviews provider, another company/)).toBeVisible();
    // It is not a dialog: nothing else on the page is hidden or out of reach.
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("names the kinds of third party configured, and links the cookie policy", async () => {
    serveSettings(everyThirdParty);
    renderShell();

    const region = await banner();
    expect(region).toHaveTextContent(
      "We would like cookies from other companies for visitor measurement, a help chat, customer reviews and a feedback tool.",
    );
    expect(region).not.toHaveTextContent("If a page fails");
    expect(within(region).getByRole("link", { name: "Our cookie policy" })).toHaveAttribute(
      "href",
      "/cookie-policy",
    );
  });

  it("with error reporting alone, asks about visitor measurement and says errors are reported either way", async () => {
    serveSettings({
      cookiePolicyVersion: "1",
      errorReporting: { dsn: "https://publickey@o1.ingest.sentry.example/12", release: "kindred@test" },
      thirdParties: {},
    });
    renderShell();

    expect(await banner()).toHaveTextContent(
      "We would like cookies from other companies for visitor measurement. If a page fails, we are told either way, to fix it.",
    );
  });

  it("on Accept, keeps the choice with the policy's version, goes, and loads what was allowed", async () => {
    serveSettings(everyThirdParty);
    renderShell();

    await userEvent.click(within(await banner()).getByRole("button", { name: "Accept extra cookies" }));

    expect(storedConsent()).toMatchObject({ version: "3", analytics: true, functional: true });
    expect(screen.queryByRole("region", { name: "Cookies on Kindred Funeral Plans" })).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Your cookie settings are saved.");
    await waitFor(() =>
      expect(loadedScripts()).toEqual(
        [scripts.feedback, scripts.helpChat, scripts.reviews, scripts.visitorTracking].sort(),
      ),
    );
    expect(screen.queryByText(/shown by our reviews provider/)).toBeNull();
  });

  it("on Reject, keeps the choice, goes, and loads nothing", async () => {
    serveSettings(everyThirdParty);
    renderShell();

    await userEvent.click(within(await banner()).getByRole("button", { name: "Reject extra cookies" }));

    expect(storedConsent()).toMatchObject({ version: "3", analytics: false, functional: false });
    expect(screen.queryByRole("region", { name: "Cookies on Kindred Funeral Plans" })).toBeNull();
    expect(loadedScripts()).toEqual([]);
    expect(screen.getByText(/shown by our reviews provider/)).toBeVisible();
  });

  it("lets the visitor choose category by category, none ticked for them", async () => {
    serveSettings(everyThirdParty);
    renderShell();

    await userEvent.click(within(await banner()).getByRole("button", { name: "Choose cookies" }));
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    expect(within(dialog).getByText("Always on")).toBeVisible();
    const measuring = within(dialog).getByRole("checkbox", { name: /measure how people use the site/ });
    const extras = within(dialog).getByRole("checkbox", { name: /extra features from other companies/ });
    expect(measuring).not.toBeChecked();
    expect(extras).not.toBeChecked();

    await userEvent.click(measuring);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save my cookie settings" }));

    expect(storedConsent()).toMatchObject({ analytics: true, functional: false });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("region", { name: "Cookies on Kindred Funeral Plans" })).toBeNull();
    await waitFor(() => expect(loadedScripts()).toEqual([scripts.visitorTracking]));
  });

  it("asks again when the cookie policy has changed since the visitor chose", async () => {
    window.localStorage.setItem(
      cookieConsentKey,
      JSON.stringify({ version: "2", analytics: true, functional: true, savedAt: "2026-10-01T09:00:00Z" }),
    );
    serveSettings(everyThirdParty);
    renderShell();

    expect(await banner()).toBeVisible();
    expect(loadedScripts()).toEqual([]);
  });

  it("does not ask again under the same policy, and offers the help chat on the home page only", async () => {
    window.localStorage.setItem(
      cookieConsentKey,
      JSON.stringify({ version: "3", analytics: false, functional: true, savedAt: "2026-11-01T09:00:00Z" }),
    );
    navigation.pathname = "/planning/attendance";
    serveSettings(everyThirdParty);
    renderShell();

    await waitFor(() => expect(loadedScripts()).toEqual([scripts.feedback, scripts.reviews].sort()));
    expect(screen.queryByRole("region", { name: "Cookies on Kindred Funeral Plans" })).toBeNull();
  });
});

describe("Cookie settings in the footer", () => {
  it("opens the choices as saved, and taking consent back loads the page afresh", async () => {
    window.localStorage.setItem(
      cookieConsentKey,
      JSON.stringify({ version: "3", analytics: true, functional: true, savedAt: "2026-11-01T09:00:00Z" }),
    );
    serveSettings(everyThirdParty);
    renderShell();
    await waitFor(() => expect(loadedScripts()).toHaveLength(4));

    await userEvent.click(screen.getByRole("button", { name: "Cookie settings" }));
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    const measuring = within(dialog).getByRole("checkbox", { name: /measure how people use the site/ });
    expect(measuring).toBeChecked();
    await userEvent.click(measuring);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save my cookie settings" }));

    expect(storedConsent()).toMatchObject({ analytics: false, functional: true });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("taking measurement back clears the session replay's key, and keeps the tab's own items", async () => {
    window.localStorage.setItem(
      cookieConsentKey,
      JSON.stringify({ version: "3", analytics: true, functional: false, savedAt: "2026-11-01T09:00:00Z" }),
    );
    window.sessionStorage.setItem("sentryReplaySession", JSON.stringify({ id: "a1b2c3", sampled: "buffer" }));
    window.sessionStorage.setItem("journeyData", "{}");
    serveSettings(everyThirdParty);
    renderShell();

    await userEvent.click(screen.getByRole("button", { name: "Cookie settings" }));
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /measure how people use the site/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save my cookie settings" }));

    expect(window.sessionStorage.getItem("sentryReplaySession")).toBeNull();
    expect(window.sessionStorage.getItem("journeyData")).toBe("{}");
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("clears a replay key left behind when measurement is not allowed", async () => {
    window.localStorage.setItem(
      cookieConsentKey,
      JSON.stringify({ version: "3", analytics: false, functional: true, savedAt: "2026-11-01T09:00:00Z" }),
    );
    window.sessionStorage.setItem(
      "sentryReplaySession",
      JSON.stringify({ id: "a1b2c3", sampled: "session" }),
    );
    serveSettings(everyThirdParty);
    renderShell();

    await waitFor(() => expect(window.sessionStorage.getItem("sentryReplaySession")).toBeNull());
  });

  it("opens from the reviews placeholder too", async () => {
    serveSettings(everyThirdParty);
    renderShell();
    await userEvent.click(within(await banner()).getByRole("button", { name: "Reject extra cookies" }));

    await userEvent.click(screen.getByRole("button", { name: "Change cookie settings" }));
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    await userEvent.click(
      within(dialog).getByRole("checkbox", { name: /extra features from other companies/ }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Save my cookie settings" }));

    await waitFor(() =>
      expect(loadedScripts()).toEqual([scripts.feedback, scripts.helpChat, scripts.reviews].sort()),
    );
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("with no third party configured, asks nothing, loads nothing and explains the necessary cookies", async () => {
    serveSettings({ cookiePolicyVersion: "1", errorReporting: null, thirdParties: {} });
    renderShell();

    await userEvent.click(screen.getByRole("button", { name: "Cookie settings" }));
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    expect(within(dialog).getByRole("heading", { name: /Strictly necessary/ })).toBeVisible();
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("region", { name: "Cookies on Kindred Funeral Plans" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "What our customers say" })).toBeNull();
    expect(loadedScripts()).toEqual([]);
  });
});

describe("a third party's script", () => {
  it("is started through its hook, a widget in its place on the page, and taken away when not wanted", async () => {
    const stopChat = vi.fn();
    window.kindredThirdParties = {
      reviews: {
        start: ({ id, element }) => {
          if (element) element.textContent = `Rated excellent (${id})`;
        },
      },
      helpChat: { start: () => stopChat },
    };
    window.localStorage.setItem(
      cookieConsentKey,
      JSON.stringify({ version: "3", analytics: false, functional: true, savedAt: "2026-11-01T09:00:00Z" }),
    );
    serveSettings({
      ...everyThirdParty,
      thirdParties: {
        ...everyThirdParty.thirdParties,
        reviews: { scriptUrl: scripts.reviews, id: "kindred-uk" },
      },
    });
    const { rerender } = renderShell();

    expect(await screen.findByText("Rated excellent (kindred-uk)")).toBeVisible();
    expect(stopChat).not.toHaveBeenCalled();

    // Moving from the home page to the journey: the help chat goes.
    navigation.pathname = "/planning/attendance";
    rerender(shell());
    await waitFor(() => expect(stopChat).toHaveBeenCalledTimes(1));
    expect(loadedScripts()).not.toContain(scripts.helpChat);
  });
});

describe("the staff back office (/staff, decision 031)", () => {
  const withErrorReports: BrowserSettings = {
    ...everyThirdParty,
    errorReporting: { dsn: "https://key@errors.example.test/1", release: "test" },
  };
  const extrasOnly = () => <PageExtras />;

  it("asks nothing about cookies there, and still reports errors", async () => {
    navigation.pathname = "/staff/sign-in";
    serveSettings(withErrorReports);
    render(extrasOnly());

    await waitFor(() => expect(loadErrorReporting).toHaveBeenCalledWith(withErrorReports.errorReporting));
    // With the settings in hand the extras render nothing at all (elsewhere, at least their status line).
    expect(document.body.innerHTML).toBe("<div></div>");
  });

  it("loads no third party there, even for a visitor who accepted them all on the site", async () => {
    window.localStorage.setItem(
      cookieConsentKey,
      JSON.stringify({ version: "3", analytics: true, functional: true, savedAt: "2026-11-01T09:00:00Z" }),
    );
    navigation.pathname = "/staff";
    serveSettings(withErrorReports);
    render(extrasOnly());

    await waitFor(() => expect(loadErrorReporting).toHaveBeenCalledWith(withErrorReports.errorReporting));
    expect(document.body.innerHTML).toBe("<div></div>");
    expect(loadedScripts()).toEqual([]);
    expect(window.kindredThirdParties).toBeUndefined();
  });
});
