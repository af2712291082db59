import { expect, test } from "./fixtures";

// Screens: desktop: it sets each width itself (320 and 640 px reflow).

/**
 * Every public page, as a first-time visitor finds it (issue 11 item 7): the skip link is the
 * first thing the keyboard reaches and shows where focus is, axe finds no WCAG 2.2 AA violation,
 * and nothing scrolls sideways at 320 px wide (400% zoom) or 640 px (200% zoom of a laptop).
 * Pages with their own journeys have their own tests; this one sees that none is left out.
 */
const pages = [
  "/",
  "/planning/attendance",
  "/funeral-advice",
  "/funeral-advice/direct-cremation-explained",
  "/faqs",
  "/notify-a-death",
  "/supportneeds",
  "/privacy-policy",
  "/cookie-policy",
  "/terms",
  "/complaints",
  "/accessibility",
  "/free-guide",
  "/free-guide/thank-you",
  "/register",
  "/forgotten-password",
] as const;

for (const path of pages) {
  test(`${path}: skip link first and visible, no accessibility violations, fits 320 px and 200% zoom`, async ({
    page,
    checkAccessibility,
  }) => {
    // A budget of its own: the longest pages (the privacy policy) scanned at three sizes: up to 35 s on a quiet
    // 2-core machine and 49 s on a busy one (issue 29).
    test.setTimeout(90_000);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await page.keyboard.press("Tab");
    const skipLink = page.getByRole("link", { name: "Skip to main content" });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    expect(await skipLink.evaluate((link) => getComputedStyle(link).outlineStyle)).not.toBe("none");
    await checkAccessibility();

    const size = page.viewportSize();
    for (const width of [320, 640]) {
      await page.setViewportSize({ width, height: 900 });
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, `scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    }
    // Back to the size it was scanned at: the page is then as scanned, and is not scanned again.
    if (size) await page.setViewportSize(size);
  });
}
