import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every test page fails its test on an unexpected console.error or page error, and offers
 * `checkAccessibility()`, an axe scan (WCAG 2.2 AA) that must find no violations. Each test
 * also scans the page it ends on, unless it has just scanned it as it is.
 */
export const test = base.extend<{
  /** An axe scan; the screen is kept as a screenshot, named `name` if given (once a scan, not twice). */
  checkAccessibility: (name?: string) => Promise<void>;
  /**
   * Console errors the test expects (a 404 page's own status, say), by text or address, and page
   * errors ("page error: …") a test throws on purpose.
   */
  expectedConsoleErrors: RegExp[];
}>({
  expectedConsoleErrors: [[], { option: true }],
  page: async ({ page, expectedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = `console.error: ${message.text()} (${message.location().url})`;
      if (!expectedConsoleErrors.some((pattern) => pattern.test(text))) problems.push(text);
    });
    page.on("pageerror", (error) => {
      const text = `page error: ${error.message}`;
      if (!expectedConsoleErrors.some((pattern) => pattern.test(text))) problems.push(text);
    });
    await use(page);
    expect(problems, "the browser reported errors").toEqual([]);
  },
  checkAccessibility: async ({ page }, use) => {
    let scans = 0;
    /** The page as it was last scanned: its address, the window's size and its whole document. */
    let scanned: string | null = null;
    const state = () =>
      page
        .evaluate(
          () => `${location.href} ${innerWidth}x${innerHeight}\n${document.documentElement.outerHTML}`,
        )
        .catch(() => null);
    // Each scanned screen is also kept as a screenshot, for people to look at.
    const check = async (name?: string) => {
      await scanForViolations(page);
      scans += 1;
      scanned = await state();
      await keepScreenshot(page, name ?? `screen-${scans}`);
    };
    await use(check);
    // The page the test ends on, unless it is exactly as last scanned (the test ended on a scan).
    if (scanned === null || (await state()) !== scanned) await check();
  },
});

/**
 * Keeps a picture of the page in the test's output, for people to look at: the whole page, or
 * only the window with `{ window: true }`. One image pixel to a CSS pixel: a phone's own density
 * would make each picture about seven times the pixels, and seconds slower, with nothing more in
 * it that a person looking at it needs.
 */
export async function keepScreenshot(page: Page, name: string, { window = false } = {}): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: !window, scale: "css" });
}

/**
 * A slow phone: the page's scripts come only once the answer's function is called, so the test can
 * act on the server's HTML before the page has come to life.
 */
export async function holdBackScripts(page: Page): Promise<() => void> {
  let scriptsMayCome!: () => void;
  const held = new Promise<void>((resolve) => {
    scriptsMayCome = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js"),
    async (route) => {
      await held;
      // A script the page left behind by moving on is no longer wanted.
      await route.continue().catch(() => undefined);
    },
  );
  return scriptsMayCome;
}

async function scanForViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // Only the violations are read: axe then details no passes or inapplicable rules, which were
    // most of its work on each page.
    .options({ resultTypes: ["violations"] })
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}) on ${page.url()}: ${violation.help}\n    ${violation.nodes
        .map((node) => node.target.join(" "))
        .join("\n    ")}`,
  );
  expect(summary, "accessibility violations").toEqual([]);
}

export { expect };
