import { test, expect } from "./fixtures";

// Screens: desktop: prefetching does not change with the size.

/**
 * SPEC.md section 1: local links are fetched ahead when they come into view, with a 200px margin.
 * Next.js's <Link> does this itself (its one IntersectionObserver has rootMargin "200px"); this
 * checks it stays so. Fetching ahead happens in production builds only, which these tests run.
 */
test("a local link is fetched ahead once it comes within 200px of the window, not before", async ({
  page,
}) => {
  const windowHeight = 400;
  await page.setViewportSize({ width: page.viewportSize()!.width, height: windowHeight });
  const fetchedAhead: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["next-router-prefetch"]) fetchedAhead.push(new URL(request.url()).pathname);
  });
  await page.goto("/forgotten-password");
  await page.waitForLoadState("networkidle");

  // The footer's link into the journey, which this page has nowhere else.
  const link = page.getByRole("contentinfo").getByRole("link", { name: "Start planning your funeral" });
  const linkTop = await link.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  expect(linkTop).toBeGreaterThan(windowHeight + 300);
  expect(fetchedAhead.filter((path) => path.startsWith("/planning/attendance"))).toEqual([]);

  // 300px below the bottom of the window: not yet.
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), linkTop - windowHeight - 300);
  await page.waitForLoadState("networkidle");
  expect(fetchedAhead.filter((path) => path.startsWith("/planning/attendance"))).toEqual([]);

  // 150px below: fetched ahead, before the person can see it.
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), linkTop - windowHeight - 150);
  await expect.poll(() => fetchedAhead.some((path) => path.startsWith("/planning/attendance"))).toBe(true);
});
