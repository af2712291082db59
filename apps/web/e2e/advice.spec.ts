import { adviceMessages } from "@kindred/domain";
import { webPort } from "../playwright.config";
import { test, expect } from "./fixtures";

// Screens: desktop: a search and an article read the same at any size; every-page.spec.ts looks at
// them at phone widths.

const origin = `http://localhost:${webPort}`;
const fcaTitle = "Funeral plans and the FCA: how your money is protected";
const fcaPath = "/funeral-advice/funeral-plans-and-the-fca";

test("a visitor searches the advice, opens an article and finds what search engines read", async ({
  page,
  checkAccessibility,
}) => {
  // A budget of its own: a search, an article and the pages search engines read, each scanned: 34 to 35 s on a
  // quiet 2-core machine and 43 s on a busy one (issue 29).
  test.setTimeout(90_000);
  await page.goto("/funeral-advice");
  await expect(page).toHaveTitle("Funeral advice | Kindred Funeral Plans");
  await expect(page.getByRole("heading", { level: 1, name: "Funeral advice" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/funeral-advice`);
  const count = page.getByRole("main").getByRole("status");
  await expect(count).toHaveText(/^\d+ articles\.$/);
  await checkAccessibility();

  await page.getByRole("searchbox", { name: "Search the advice" }).fill("moratorium");
  await page.getByRole("button", { name: "Search" }).click();

  await expect(page).toHaveURL(/\/funeral-advice\?search=moratorium/);
  await expect(count).toHaveText(adviceMessages.resultsCount(1, "moratorium", undefined));
  await expect(page.getByRole("searchbox", { name: "Search the advice" })).toHaveValue("moratorium");
  // The search is the same page: its title, which Next.js puts back once the search's page has
  // streamed in (it was missing for an instant in one CI run, and axe found no title).
  await expect(page).toHaveTitle("Funeral advice | Kindred Funeral Plans");
  await checkAccessibility();

  await page.getByRole("link", { name: fcaTitle }).click();

  await expect(page).toHaveURL(fcaPath);
  await expect(page.getByRole("heading", { level: 1, name: fcaTitle })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What is a moratorium?" })).toBeVisible();
  await expect(page).toHaveTitle(`${fcaTitle} | Kindred Funeral Plans`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}${fcaPath}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /regulated by the FCA/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin}${fcaPath}`);
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute("content", fcaTitle);
  const structuredData = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  );
  expect(structuredData).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Article",
    headline: fcaTitle,
    mainEntityOfPage: { "@id": `${origin}${fcaPath}` },
    publisher: { name: "Kindred Funeral Plans" },
  });
  const planningAhead = page.getByRole("complementary", { name: "Thinking about planning ahead?" });
  await expect(planningAhead.getByRole("link", { name: "Get our free guide" })).toHaveAttribute(
    "href",
    "/free-guide",
  );
  await expect(planningAhead.getByRole("link", { name: "Start planning" })).toHaveAttribute(
    "href",
    "/planning",
  );
  await expect(
    page.getByRole("region", { name: "More funeral advice" }).getByRole("heading", { level: 3 }),
  ).toHaveCount(3);
  await checkAccessibility();
});

test("a topic narrows the list, and an article's table is named by its columns", async ({
  page,
  checkAccessibility,
}) => {
  await page.goto("/funeral-advice");
  await page.getByRole("combobox", { name: "Topic" }).selectOption({ label: "Costs and planning" });
  await page.getByRole("button", { name: "Search" }).click();

  await expect(page).toHaveURL(/category=costs-and-planning/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("2 articles in Costs and planning.");
  await expect(page.getByRole("list", { name: "Articles" }).getByRole("listitem")).toHaveCount(2);

  await page.getByRole("link", { name: "What does a funeral cost in the UK?" }).click();
  const table = page.getByRole("table", { name: "Table: Cost, Typical range" });
  await expect(table.getByRole("rowheader", { name: /^Crematorium fee/ })).toBeVisible();
  await checkAccessibility();
});

test.describe("without JavaScript", () => {
  // Without JavaScript, Chromium also asks for /favicon.ico, which the site does not have.
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 404 .*\/favicon\.ico\)$/] });

  test("the search is an ordinary form with its own address", async ({ page }) => {
    await page.goto("/funeral-advice");
    await page.getByRole("searchbox", { name: "Search the advice" }).fill("green form");
    await page.getByRole("button", { name: "Search" }).click();

    await expect(page).toHaveURL(/search=green\+form/);
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      adviceMessages.resultsCount(1, "green form", undefined),
    );
    await expect(page.getByRole("link", { name: "Registering a death" })).toBeVisible();
  });
});

test("an article's number leads to its address, and an unknown one is not found", async ({
  page,
  request,
}) => {
  const listed = await request.get(`/api/stories?search=${encodeURIComponent("green form")}`);
  const [registering] = (await listed.json()).data as { id: number; path: string }[];

  await page.goto(`/funeral-advice/${registering?.id}`);
  await expect(page).toHaveURL(registering?.path ?? "");
  await expect(page.getByRole("heading", { level: 1, name: "Registering a death" })).toBeVisible();
});

test.describe("an article that does not exist", () => {
  test.use({ expectedConsoleErrors: [/status of 404 .*\/funeral-advice\/no-such-article\)$/] });

  test("shows the not-found page", async ({ page }) => {
    const response = await page.goto("/funeral-advice/no-such-article");

    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Sorry, we cannot find that page" }),
    ).toBeVisible();
  });
});

test("the sitemap lists the public pages and every article; robots.txt points to it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  for (const path of [
    "/",
    "/planning",
    "/free-guide",
    "/funeral-advice",
    "/faqs",
    "/notify-a-death",
    "/supportneeds",
    "/privacy-policy",
    "/cookie-policy",
    "/terms",
    "/complaints",
    "/accessibility",
  ]) {
    expect(listed).toContain(`${origin}${path}`);
  }
  expect(listed).toContain(`${origin}${fcaPath}`);
  expect(listed).not.toContain(`${origin}/free-guide/thank-you`);
  const articles = (await (await request.get("/api/stories")).json()).data as { path: string }[];
  expect(listed.filter((url) => url?.startsWith(`${origin}/funeral-advice/`))).toHaveLength(articles.length);

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain("User-Agent: *");
  expect(text).toContain("Allow: /");
  for (const path of ["/account", "/purchase", "/api", "/token"])
    expect(text).toContain(`Disallow: ${path}\n`);
  expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
});
