import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import type * as Navigation from "next/navigation";
import { forgetPriceChange } from "../features/planning/price-change-notice-store";
import { resetJourney } from "../features/planning/journey-store";
import { forgetStepShown } from "../features/planning/step-heading";
import { forgetStoppedSending } from "../lib/api-client";
import { forgetBrowserSettings } from "../lib/browser-settings";
import { closeCookieChoices, forgetConsentInMemory } from "../lib/cookie-consent";
import { forgetSessionEnding } from "../lib/customer-session";
import { forgetQueryClient } from "../lib/query-provider";
import { closeSignInPrompt } from "../lib/sign-in-prompt";
import { forgetNavigation } from "./fake-navigation";

// No router is mounted in jsdom: next/navigation's hooks answer from the fake (fake-navigation.ts).
// One replacement for every file, made before anything imports the module, so the files can share
// their worker's modules (vitest.config.ts).
vi.mock("next/navigation", async (importOriginal) => {
  const { router, navigation } = await import("./fake-navigation");
  return {
    ...(await importOriginal<typeof Navigation>()),
    useRouter: () => router,
    usePathname: () => navigation.pathname,
  };
});

// findBy… and waitFor wait for what the person would wait for; on a busy two-core machine jsdom
// can take more than the default second to get there. A ceiling, not a sleep.
configure({ asyncUtilTimeout: 5000 });

// Each test is a page load of its own: nothing read or held in one is known in the next, in its
// file or the next file the worker runs (the files share their modules and jsdom, vitest.config.ts).
afterEach(async () => {
  cleanup();
  forgetQueryClient();
  forgetBrowserSettings();
  forgetNavigation();
  // Server-side tests run in Node, where there is no browser.
  if (typeof window !== "undefined") {
    forgetStoppedSending();
    forgetSessionEnding();
    forgetConsentInMemory();
    closeCookieChoices();
    closeSignInPrompt();
    resetJourney();
    // As starting again does: a save of the journey still waiting (its timer) would otherwise go
    // in the next test, asking that test's fake API for a token. Imported here, not above, so a
    // file that replaces a module plan-autosave uses (its own test) gets the one it replaced.
    (await import("../features/planning/plan-autosave")).forgetSavedPlan();
    forgetPriceChange();
    forgetStepShown();
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.history.replaceState(null, "", "/");
    for (const cookie of document.cookie.split(";")) {
      const name = cookie.split("=")[0]?.trim();
      if (name) document.cookie = `${name}=; max-age=0; path=/`;
    }
  }
});
