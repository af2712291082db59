import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adviceArticlesResponseSchema,
  adviceArticleDetailsResponseSchema,
  violationsResponseSchema,
  type AdviceArticlesResponse,
  type AdviceArticleDetailsResponse,
} from "@kindred/contracts";
import { adviceMessages, supportPhone } from "@kindred/domain";
import { seedAdviceArticles } from "../src/modules/advice-articles/seed";
import {
  parseAdviceArticleFile,
  readAdviceArticleFiles,
  type AdviceArticleFile,
} from "../src/modules/advice-articles/article-files";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
let articleFiles: AdviceArticleFile[];
beforeAll(async () => {
  testApp = await createTestApp();
  articleFiles = await readAdviceArticleFiles(testApp.config.CONTENT_DIR);
});
afterAll(() => testApp.close());

/** No token: the articles are public. */
function get(url: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: "GET", url, headers });
}

async function list(query = ""): Promise<AdviceArticlesResponse> {
  const response = await get(`/api/stories${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return adviceArticlesResponseSchema.parse(response.json());
}

async function details(id: string | number): Promise<AdviceArticleDetailsResponse> {
  const response = await get(`/api/stories/details/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return adviceArticleDetailsResponseSchema.parse(response.json());
}

const slugsOf = (answer: AdviceArticlesResponse) => answer.data.map((article) => article.slug);

describe("GET /api/stories", () => {
  it("lists every article in content/advice, newest first, to anyone, for public caches", async () => {
    const response = await get("/api/stories");

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    const answer = adviceArticlesResponseSchema.parse(response.json());
    expect(answer.data.length).toBeGreaterThanOrEqual(8);
    expect(slugsOf(answer).sort()).toEqual(articleFiles.map((file) => file.slug).sort());
    const published = answer.data.map((article) => article.publishedOn);
    expect(published).toEqual([...published].sort().reverse());
    expect(answer.seo).toEqual({
      title: "Funeral advice",
      description: expect.stringContaining("arranging a funeral"),
      path: "/funeral-advice",
      type: "website",
    });
    const registering = answer.data.find((article) => article.slug === "registering-a-death");
    expect(registering).toMatchObject({
      title: "Registering a death",
      category: { slug: "after-a-death", name: "After a death" },
      path: "/funeral-advice/registering-a-death",
    });
    expect(registering?.readingMinutes).toBeGreaterThanOrEqual(3);
    expect(registering).not.toHaveProperty("body");
  });

  it("answers the same with a visitor's token as without one", async () => {
    const token = await testApp.requestApplicationToken();
    const response = await get("/api/stories", { authorization: `Bearer ${token}` });

    expect(response.statusCode).toBe(200);
    expect(slugsOf(adviceArticlesResponseSchema.parse(response.json()))).toEqual(slugsOf(await list()));
  });

  it("finds articles by a word in their text, in any capitals", async () => {
    const lower = await list("?search=moratorium");
    const upper = await list("?search=MORATORIUM");

    expect(slugsOf(lower)).toEqual(["funeral-plans-and-the-fca"]);
    expect(slugsOf(upper)).toEqual(slugsOf(lower));
  });

  it("needs every word of a search, anywhere in the article, and puts title matches first", async () => {
    const greenForm = await list(`?search=${encodeURIComponent("  green   FORM registrar ")}`);
    const cremation = await list("?search=cremation");

    expect(slugsOf(greenForm)).toEqual(["registering-a-death"]);
    expect(cremation.data.length).toBeGreaterThan(2);
    const titleMatches = cremation.data.map((article) => /cremation/i.test(article.title));
    expect(titleMatches.slice(0, 2)).toEqual([true, true]);
    expect(titleMatches.indexOf(false)).toBeGreaterThan(titleMatches.lastIndexOf(true));
  });

  it("reads LIKE wildcards, quotes and SQL in a search as plain text", async () => {
    // As wildcards, "o_e" would match "one" and "f%l" "funeral", which every article holds.
    for (const search of ["%", "o_e", "f%l", "100%", "\\", "'; drop table stories; --", '"moratorium"']) {
      expect(slugsOf(await list(`?search=${encodeURIComponent(search)}`)), search).toEqual([]);
    }
    expect((await list()).data.length).toBe(articleFiles.length);
  });

  it("treats an empty search or category as all articles", async () => {
    expect(slugsOf(await list("?search=&category="))).toEqual(slugsOf(await list()));
    expect(slugsOf(await list("?search=%20%20"))).toEqual(slugsOf(await list()));
  });

  it("filters by category, alone or with a search", async () => {
    const afterADeath = await list("?category=after-a-death");
    const searched = await list("?category=after-a-death&search=probate");

    expect(afterADeath.data.length).toBeGreaterThanOrEqual(2);
    expect(afterADeath.data.every((article) => article.category.slug === "after-a-death")).toBe(true);
    expect(slugsOf(afterADeath).sort()).toEqual(
      articleFiles
        .filter((file) => file.category === "after-a-death")
        .map((file) => file.slug)
        .sort(),
    );
    expect(slugsOf(searched)).toEqual(["the-first-days-after-a-death"]);
    expect(slugsOf(await list("?category=grief-and-support&search=moratorium"))).toEqual([]);
  });

  it("gives the newest few with a limit, for the home page", async () => {
    const latest = await list("?limit=3");

    expect(slugsOf(latest)).toEqual(slugsOf(await list()).slice(0, 3));
  });

  it("refuses bad input with violations, and keeps no refusal", async () => {
    const cases: [string, string, string][] = [
      [`?search=${"a".repeat(101)}`, "search", adviceMessages.searchTooLong],
      ["?search=one&search=two", "search", adviceMessages.searchTooLong],
      ["?category=recipes", "category", adviceMessages.unknownCategory],
      ["?category=After%20a%20death", "category", adviceMessages.unknownCategory],
      ["?limit=0", "limit", ""],
      ["?limit=lots", "limit", ""],
      ["?limit=51", "limit", ""],
    ];
    for (const [query, propertyPath, title] of cases) {
      const response = await get(`/api/stories${query}`);

      expect(response.statusCode, query).toBe(400);
      expect(response.headers["cache-control"], query).toBe("no-store");
      const { violations } = violationsResponseSchema.parse(response.json());
      expect(violations[0]?.propertyPath, query).toBe(propertyPath);
      if (title) expect(violations[0]?.title, query).toBe(title);
    }
    const unstorable = await get("/api/stories?search=a%00b");
    expect(unstorable.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(unstorable.json()).violations[0]?.propertyPath).toBe("search");
  });

  it("accepts a search of exactly the longest length", async () => {
    expect((await list(`?search=${"a".repeat(100)}`)).data).toEqual([]);
  });
});

describe("GET /api/stories/details/{id}", () => {
  it("answers a whole article by its slug, with related articles and its page's seo", async () => {
    const response = await get("/api/stories/details/registering-a-death");

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    const { data, related, seo } = adviceArticleDetailsResponseSchema.parse(response.json());
    expect(data).toMatchObject({
      slug: "registering-a-death",
      title: "Registering a death",
      category: { slug: "after-a-death", name: "After a death" },
      author: "The Kindred Funeral Plans team",
      path: "/funeral-advice/registering-a-death",
    });
    expect(data.body).toContain("## Where to register");
    expect(data.body).not.toMatch(/^---/);
    expect(seo).toEqual({
      title: "Registering a death",
      description: data.description,
      path: "/funeral-advice/registering-a-death",
      type: "article",
    });
    expect(related).toHaveLength(3);
    expect(related.map((article) => article.slug)).not.toContain("registering-a-death");
    expect(related[0]?.category.slug).toBe("after-a-death");
  });

  it("answers the same article by its numeric id", async () => {
    const bySlug = await details("direct-cremation-explained");
    const byId = await details(bySlug.data.id);

    expect(byId).toEqual(bySlug);
  });

  it("fills in the support phone number written once elsewhere", async () => {
    const { data } = await details("funeral-plans-and-the-fca");

    expect(data.body).toContain(supportPhone.display);
    expect(data.body).not.toContain("{{");
  });

  it("answers 404 with violations for an id that names no article, whatever it looks like", async () => {
    const ids = [
      "no-such-article",
      "Registering-A-Death",
      "0",
      "999999",
      "2147483648",
      "99999999999999999999",
      "-1",
      "1.5",
      "registering-a-death.md",
      "%00",
      "%E2%80%94",
      "..%2F..%2Fetc%2Fpasswd",
      "a".repeat(100),
      "%27%20or%201%3D1%20--",
    ];
    for (const id of ids) {
      const response = await get(`/api/stories/details/${id}`);

      expect(response.statusCode, id).toBe(404);
      expect(response.headers["cache-control"], id).toBe("no-store");
      expect(violationsResponseSchema.parse(response.json()).violations, id).toEqual([
        { propertyPath: "id", title: adviceMessages.noSuchArticle },
      ]);
    }
  });

  it("answers an id longer than any address part as too long (414), still with violations", async () => {
    const response = await get(`/api/stories/details/${"a".repeat(101)}`);

    expect(response.statusCode).toBe(414);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "Request", title: "This address is too long." },
    ]);
  });
});

describe("loading content/advice", () => {
  const frontMatter = [
    "---",
    'title: "A test article about funerals"',
    'description: "A description long enough to be a real meta description for a test article here."',
    "category: grief-and-support",
    'publishedOn: "2026-11-01"',
    'updatedOn: "2026-11-02"',
    'author: "The Kindred Funeral Plans team"',
    'reviewer: "Kindred\'s funeral arranging team"',
    "---",
  ].join("\n");
  const article = (body: string) => `${frontMatter}\n${body}\n`;

  it("works out the reading time from the words when the front matter does not give it", () => {
    const parsed = parseAdviceArticleFile(
      article(`## A heading\n\n${"word ".repeat(450)}`),
      "test-article.md",
    );

    expect(parsed.slug).toBe("test-article");
    expect(parsed.readingMinutes).toBe(3);
  });

  it("refuses HTML, images, code, a level 1 heading, a skipped level and unsafe links", () => {
    const refused: [string, RegExp][] = [
      ["<script>alert(1)</script>", /html is not allowed/],
      ["Some <b>bold</b> text", /html is not allowed/],
      ["![A picture](/picture.png)", /image is not allowed/],
      ["```\ncode\n```", /code is not allowed/],
      ["# A second title", /level 1 heading/],
      ["## Two\n\n#### Four", /no level may be skipped/],
      ["### Three first", /no level may be skipped/],
      ["[Click](javascript:alert(1))", /neither one of our pages nor https/],
      ["[Plain web](http://example.com)", /neither one of our pages nor https/],
      ["[Elsewhere](//example.com)", /neither one of our pages nor https/],
      ["Call {{unknownThing}}", /unknown placeholder/],
    ];
    for (const [body, problem] of refused) {
      expect(() => parseAdviceArticleFile(article(body), "test-article.md"), body).toThrow(problem);
    }
  });

  it("refuses a file named other than by a slug, bad front matter and an update before publication", () => {
    expect(() => parseAdviceArticleFile(article("Text."), "Test Article.md")).toThrow(/must be the slug/);
    expect(() =>
      parseAdviceArticleFile(article("Text.").replace("grief-and-support", "recipes"), "a.md"),
    ).toThrow(/category/);
    expect(() =>
      parseAdviceArticleFile(article("Text.").replace('"2026-11-02"', '"2026-10-01"'), "a.md"),
    ).toThrow(/before publishedOn/);
    expect(() => parseAdviceArticleFile("No front matter at all.", "a.md")).toThrow(/no front matter/);
  });

  it("updates the rows from edited files on the next seed, keeping their ids, and removes deleted ones", async () => {
    const before = await list();
    const [first, second, ...rest] = articleFiles;
    if (!first || !second) throw new Error("content/advice needs at least two articles");
    const firstId = before.data.find((listed) => listed.slug === first.slug)?.id;

    await seedAdviceArticles(testApp.db, [{ ...first, title: "An edited title for this article" }, ...rest]);
    const edited = await list();
    await seedAdviceArticles(testApp.db, articleFiles);
    const restored = await list();

    expect(edited.data.find((listed) => listed.slug === first.slug)).toMatchObject({
      id: firstId,
      title: "An edited title for this article",
    });
    expect(slugsOf(edited)).not.toContain(second.slug);
    expect(edited.data).toHaveLength(articleFiles.length - 1);
    expect(restored.data.find((listed) => listed.slug === first.slug)).toMatchObject({
      id: firstId,
      title: first.title,
    });
    expect(restored.data).toHaveLength(articleFiles.length);
  });
});
