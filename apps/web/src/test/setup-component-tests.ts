import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { forgetBrowserSettings } from "../lib/browser-settings";
import { forgetQueryClient } from "../lib/query-provider";

// findBy… and waitFor wait for what the person would wait for; on a busy two-core machine jsdom
// can take more than the default second to get there. A ceiling, not a sleep.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Each test is a page load of its own: nothing read in one is known in the next.
  forgetQueryClient();
  forgetBrowserSettings();
  // Server-side tests run in Node, where there is no browser storage.
  if (typeof window !== "undefined") {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
});
