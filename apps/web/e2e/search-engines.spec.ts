import type { APIRequestContext } from "@playwright/test";
import { firmDetails } from "@kindred/domain";
import { webPort } from "../playwright.config";
import { expect, keepScreenshot, test } from "./fixtures";

// Screens: desktop: what search engines read does not change with the size.

// What search engines and shared links find (issue 25 item 11): each listed page names itself as
// canonical and shares a picture, private pages and later journey steps are noindex, the home page
// says who the regulated firm is, and the old our-stories address reaches home in one hop.

const origin = `http://localhost:${webPort}`;

/** The pages that must never be listed: behind a plan, a sign-in or an emailed link, or a later step. */
const notListed = [
  "/planning/funeral-director",
  "/planning/coffin",
  "/planning/summary",
  "/planning/documents",
  "/purchase",
  "/purchase/customer",
  "/purchase/complete",
  "/account",
  "/account/confirm-email",
  "/reset-password",
  "/notify-a-death/confirm",
  "/notify-a-death/not-right",
  "/account/sign-in-link",
  "/register",
  "/forgotten-password",
  "/free-guide/thank-you",
];

/** An address as a search engine compares it: the home page's with or without its "/" is one. */
const absolute = (address: string | undefined) => (address ? new URL(address).href : address);

/** What a search engine reads in a page's head, from the HTML the server sends. */
async function headOf(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const tagsOf = (name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, "g")) ?? [];
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll("&amp;", "&");
  const meta = (key: string) =>
    tagsOf("meta")
      .filter((tag) => attribute(tag, "name") === key || attribute(tag, "property") === key)
      .map((tag) => attribute(tag, "content"));
  return {
    html,
    canonical: tagsOf("link")
      .filter((tag) => attribute(tag, "rel") === "canonical")
      .map((tag) => absolute(attribute(tag, "href"))),
    robots: meta("robots"),
    meta,
  };
}

test("every page in the sitemap names itself as canonical, may be listed, and shares the site's picture", async ({
  request,
}) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
  expect(listed).toContain(`${origin}/`);
  expect(listed).toContain(`${origin}/planning`);
  expect(listed).toContain(`${origin}/planning/attendance`);
  expect(listed).toContain(`${origin}/free-guide`);
  for (const path of notListed) expect(listed).not.toContain(`${origin}${path}`);

  const pictures = new Set<string>();
  for (const url of listed) {
    const head = await headOf(request, url.slice(origin.length));
    expect(head.canonical, url).toEqual([url]);
    expect(head.robots, url).toEqual(["index, follow"]);
    expect(head.meta("og:url").map(absolute), url).toEqual([url]);
    expect(head.meta("og:locale"), url).toEqual(["en_GB"]);
    expect(head.meta("og:site_name"), url).toEqual([firmDetails.tradingName]);
    expect(head.meta("og:title")[0], url).toBeTruthy();
    expect(head.meta("og:description")[0], url).toBeTruthy();
    expect(head.meta("og:image:width"), url).toEqual(["1200"]);
    expect(head.meta("og:image:height"), url).toEqual(["630"]);
    expect(head.meta("twitter:card"), url).toEqual(["summary_large_image"]);
    for (const picture of [...head.meta("og:image"), ...head.meta("twitter:image")])
      pictures.add(picture ?? "");
  }
  // One picture for the whole site: a PNG of 1200 by 630 (the width and height in its header).
  expect([...pictures]).toEqual([`${origin}/opengraph-image`]);
  const picture = await request.get("/opengraph-image");
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/png");
  const png = await picture.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test("a link with UTM tags to the free guide gives the guide's own address as canonical", async ({
  request,
}) => {
  const head = await headOf(
    request,
    "/free-guide?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
  );
  expect(head.canonical).toEqual([`${origin}/free-guide`]);
  expect(head.meta("og:url")).toEqual([`${origin}/free-guide`]);
});

test("later journey steps, the summary, the documents and private pages are noindex, with no canonical", async ({
  request,
}) => {
  for (const path of notListed) {
    const head = await headOf(request, path);
    expect(head.robots.join(), path).toContain("noindex");
    expect(head.canonical, path).toEqual([]);
  }
  // The documents page has its main heading in the HTML the server sends, before the documents come.
  const documents = await headOf(request, "/planning/documents");
  expect(documents.html.match(/<h1\b/g)).toHaveLength(1);
});

test("the home page says who the regulated firm is, for search engines", async ({ request }) => {
  const { html } = await headOf(request, "/");
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "") as Record<string, unknown>,
  );
  const organizations = scripts.filter((data) => data["@type"] === "Organization");
  expect(organizations).toHaveLength(1);
  expect(organizations[0]).toMatchObject({
    name: firmDetails.tradingName,
    legalName: firmDetails.legalName,
    url: `${origin}/`,
    address: { "@type": "PostalAddress", addressCountry: "GB" },
    identifier: expect.arrayContaining([
      expect.objectContaining({
        propertyID: "FCA firm reference number",
        value: firmDetails.firmReferenceNumber,
      }),
    ]),
  });
  const logo = await request.get(String(organizations[0]?.logo));
  expect(logo.status()).toBe(200);
});

test("the old our-stories address reaches the home page in one hop, with or without a slash", async ({
  page,
  request,
}) => {
  for (const path of ["/our-stories", "/our-stories/"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect([301, 308], path).toContain(response.status());
    expect(response.headers().location, path).toBe("/");
  }
  // Any other address ending in "/" still goes to the same address without it, in one hop.
  const slashed = await request.get("/faqs/", { maxRedirects: 0 });
  expect(slashed.status()).toBe(308);
  expect(slashed.headers().location).toBe("/faqs");

  await page.goto("/our-stories/");
  await expect(page).toHaveURL(`${origin}/`);
});

test.describe("at a phone's size", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the documents page has one main heading", async ({ page }) => {
    await page.goto("/planning/documents");
    await expect(page.getByRole("heading", { level: 1, name: "Your plan documents" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await keepScreenshot(page, "documents-heading", { window: true });
  });
});
