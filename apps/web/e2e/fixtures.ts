import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every test page fails its test on an unexpected console.error or page error, and offers
 * `checkAccessibility()`, an axe scan (WCAG 2.2 AA) that must find no violations. Each test
 * also scans the page it ends on.
 */
export const test = base.extend<{
  checkAccessibility: () => Promise<void>;
  /** Console errors the test expects (a 404 page's own status, say), by text or address. */
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
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await use(page);
    expect(problems, "the browser reported errors").toEqual([]);
  },
  checkAccessibility: async ({ page }, use, testInfo) => {
    let scans = 0;
    // Each scanned screen is also kept as a screenshot, for people to look at.
    const check = async () => {
      await scanForViolations(page);
      scans += 1;
      await page.screenshot({ path: testInfo.outputPath(`screen-${scans}.png`), fullPage: true });
    };
    await use(check);
    await check();
  },
});

async function scanForViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
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
