import type { Page } from "@playwright/test";
import { purchaseMessages, supportPhone } from "@kindred/domain";
import { test, expect } from "./fixtures";

// Screens: desktop: the pages read the same at any size; the 320 px test sets its own width, and
// the header's folded controls are checked hidden or not.

const pages = [
  { path: "/faqs", title: "Questions and answers" },
  { path: "/supportneeds", title: "Extra help and support" },
  { path: "/privacy-policy", title: "Privacy policy" },
] as const;

/** Whether the page is wider than the window, so a reader would have to scroll sideways. */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

// Long pages: each accessibility scan of one ends with a full-page screenshot, which takes a while
// at a phone's width on a busy machine.
test.describe.configure({ timeout: 120_000 });

interface FaqPageJsonLd {
  "@type": string;
  mainEntity: { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[];
}

test("the questions and answers: groups to jump to, answers that open, and every question for search engines", async ({
  page,
  checkAccessibility,
}) => {
  await page.goto("/faqs");
  await expect(page).toHaveTitle("Questions and answers | Kindred Funeral Plans");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/faqs$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "Questions and answers | Kindred Funeral Plans",
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /funeral plans/);
  await expect(page.locator("main#main-content").getByRole("heading", { level: 1 })).toHaveText(
    "Questions and answers",
  );

  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "null",
  ) as FaqPageJsonLd;
  expect(jsonLd["@type"]).toBe("FAQPage");
  expect(jsonLd.mainEntity.length).toBeGreaterThanOrEqual(20);
  const questionsShown = await page.locator("main summary").allTextContents();
  expect(jsonLd.mainEntity.map((question) => question.name)).toEqual(questionsShown);
  for (const question of jsonLd.mainEntity) {
    expect(question["@type"]).toBe("Question");
    expect(question.acceptedAnswer.text.length).toBeGreaterThan(40);
  }
  await checkAccessibility();

  // The list of topics jumps to each group.
  const topics = page.getByRole("navigation", { name: "Topics" });
  await topics.getByRole("link", { name: "Changing or cancelling" }).click();
  await expect(page).toHaveURL(/#changing-or-cancelling$/);
  await expect(page.getByRole("heading", { level: 2, name: "Changing or cancelling" })).toBeInViewport();

  // An answer shows only once its question is opened.
  const cancelling = page.locator("details", {
    has: page.getByText("Can I cancel my plan?", { exact: true }),
  });
  const answer = cancelling.getByText(purchaseMessages.cancellationStatement(supportPhone.display));
  await expect(answer).toBeHidden();
  await cancelling.getByText("Can I cancel my plan?").click();
  await expect(answer).toBeVisible();

  await page.getByRole("link", { name: "Back to the list of topics" }).nth(3).click();
  await expect(topics).toBeInViewport();
});

test("extra help and support: what we offer, and the text size and contrast controls on the page itself", async ({
  page,
  checkAccessibility,
}) => {
  await page.goto("/supportneeds");
  await expect(page).toHaveTitle("Extra help and support | Kindred Funeral Plans");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/supportneeds$/);
  const main = page.locator("main#main-content");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Extra help and support");
  for (const heading of [
    "Your documents in a format that suits you",
    "If English is not your first language",
    "Help from someone you trust",
    "If you are going through a difficult time",
    "How to ask for help",
  ]) {
    await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(main.getByRole("link", { name: supportPhone.display }).first()).toHaveAttribute(
    "href",
    `tel:${supportPhone.dial}`,
  );
  await checkAccessibility();

  await page
    .getByRole("navigation", { name: "On this page" })
    .getByRole("link", { name: "Changing how this website looks" })
    .click();
  await expect(page).toHaveURL(/#changing-how-this-website-looks$/);

  // The controls on the page change the whole site, and the header's stay in step.
  await main.getByRole("button", { name: "150%" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-zoom", "150");
  await expect(main.getByRole("button", { name: "150%" })).toHaveAttribute("aria-pressed", "true");
  // On a phone the header's controls are folded away behind their own button, but still in step.
  await expect(
    page.locator("header").getByRole("button", { name: "150%", includeHidden: true }),
  ).toHaveAttribute("aria-pressed", "true");
  await main.getByRole("button", { name: "High contrast" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-contrast", "high");
  expect(await scrollsSideways(page)).toBe(false);
  // The fixture scans this last state (large text, high contrast) as the test ends.
});

test("the privacy policy: a table of contents, what we hold and keep, how to complain to the ICO, and the cookie policy", async ({
  page,
  checkAccessibility,
}) => {
  await page.goto("/privacy-policy");
  await expect(page).toHaveTitle("Privacy policy | Kindred Funeral Plans");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/privacy-policy$/);
  const main = page.locator("main#main-content");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
  await expect(main.getByText(/^Last updated: \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await checkAccessibility();

  const contents = page.getByRole("navigation", { name: "Contents" });
  await expect(contents.getByRole("link")).toHaveCount(
    (await main.getByRole("heading", { level: 2 }).count()) - 1, // every section but the contents' own heading
  );
  await contents.getByRole("link", { name: "How long we keep it" }).click();
  await expect(page).toHaveURL(/#how-long-we-keep-it$/);
  const retention = page.getByRole("table", { name: "How long we keep each kind of information" });
  await expect(retention).toBeInViewport();
  await expect(retention.getByRole("rowheader", { name: "Free guide requests" })).toBeVisible();

  await contents.getByRole("link", { name: "How to complain" }).click();
  await expect(main.getByRole("link", { name: "ico.org.uk" })).toHaveAttribute("href", "https://ico.org.uk");
  await expect(main.getByText("0303 123 1113")).toBeVisible();

  // What the site keeps in the browser is the cookie policy's, one link away.
  await main.getByRole("link", { name: "cookie policy" }).click();
  await expect(page).toHaveURL(/\/cookie-policy$/);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Cookie policy");
  const storage = page.getByRole("table", { name: /local storage/ });
  await expect(storage.getByRole("rowheader", { name: /zoom/ })).toBeVisible();
});

test("each information page fits a 320-pixel-wide screen, at the largest text size too", async ({
  page,
  checkAccessibility,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  for (const { path, title } of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(await scrollsSideways(page), `${path} scrolls sideways`).toBe(false);
  }
  await page.evaluate(() => localStorage.setItem("zoom", "150"));
  for (const { path, title } of pages) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-zoom", "150");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(await scrollsSideways(page), `${path} scrolls sideways at 150%`).toBe(false);
    // The last page is scanned by the fixture as the test ends.
    if (path !== pages.at(-1)?.path) await checkAccessibility();
  }
});
