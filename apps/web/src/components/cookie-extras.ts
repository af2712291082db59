import type { BrowserSettings } from "../lib/browser-settings";

/** What the visitor is asked to allow, in plain words, for what is configured here. */
export function describeExtras(settings: BrowserSettings) {
  const { thirdParties, errorReporting } = settings;
  const functional = [
    thirdParties.helpChat ? "a help chat on our home page" : null,
    thirdParties.reviews ? "reviews from our customers" : null,
    thirdParties.feedback ? "a button to tell us about a problem with the site" : null,
  ].filter((item): item is string => item !== null);
  const analytics = [
    thirdParties.visitorTracking
      ? "counting visits and which pages are used, so we can make them clearer"
      : null,
    errorReporting
      ? "measuring how quickly pages load, and recording a small share of visits, with all your words and pictures hidden, to see where a page goes wrong"
      : null,
  ].filter((item): item is string => item !== null);
  return { functional, analytics };
}

/** "a, b and c". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
