import { adviceCategorySlugs, adviceMessages, longestAdviceSearch } from "@kindred/domain";
import { z } from "zod";

/**
 * Funeral advice articles ("stories": SPEC.md section 3, and section 7 item 7: `GET /api/stories`
 * returns data and seo). The articles are public: anyone may read them, with or without a token
 * (docs/decisions/018-advice-content.md).
 */

const adviceArticleCategorySchema = z.object({
  slug: z.enum(adviceCategorySlugs),
  name: z.string(),
});

/** One article in a list: enough to show it as a card and link to it. */
const adviceArticleSummarySchema = z.object({
  id: z.number().int(),
  /** The article's address part: `/funeral-advice/{slug}`. */
  slug: z.string(),
  title: z.string(),
  /** One or two sentences: the card's text and the page's meta description. */
  description: z.string(),
  category: adviceArticleCategorySchema,
  /** ISO dates, YYYY-MM-DD. */
  publishedOn: z.iso.date(),
  updatedOn: z.iso.date(),
  readingMinutes: z.number().int().positive(),
  /** The article's path on the site, `/funeral-advice/{slug}`. */
  path: z.string(),
});
export type AdviceArticleSummary = z.infer<typeof adviceArticleSummarySchema>;

/** A whole article. */
const adviceArticleSchema = adviceArticleSummarySchema.extend({
  /** The text as Markdown: headings from level 2 down, paragraphs, lists, tables and links; no HTML. */
  body: z.string(),
  /** Who wrote it and who checked it: teams, not people. */
  author: z.string(),
  reviewer: z.string(),
});

/** What a page showing the answer should say about itself to search engines and link previews. */
const adviceSeoSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** The canonical path of the page, on the site's own origin. */
  path: z.string(),
  type: z.enum(["website", "article"]),
});

/**
 * `GET /api/stories?search=&category=&limit=`. An empty `search` or `category` means "all", as a
 * form sends them when left blank.
 */
export const adviceArticlesQuerySchema = z.object({
  /** Words that must each appear in the title, description or text; any capitals. */
  search: z
    .string({ error: adviceMessages.searchTooLong })
    .trim()
    .max(longestAdviceSearch, adviceMessages.searchTooLong)
    .optional(),
  category: z.union([z.literal(""), z.enum(adviceCategorySlugs)], adviceMessages.unknownCategory).optional(),
  /** At most this many, newest first (the home page's latest advice). */
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type AdviceArticlesQuery = z.infer<typeof adviceArticlesQuerySchema>;

export const adviceArticlesResponseSchema = z.object({
  data: z.array(adviceArticleSummarySchema),
  seo: adviceSeoSchema,
});
export type AdviceArticlesResponse = z.infer<typeof adviceArticlesResponseSchema>;

/** `GET /api/stories/details/{id}`: `id` is the article's slug or its numeric id. */
export const adviceArticleDetailsParamsSchema = z.object({ id: z.string() });

export const adviceArticleDetailsResponseSchema = z.object({
  data: adviceArticleSchema,
  /** A few other articles to read next, from the same category first. */
  related: z.array(adviceArticleSummarySchema),
  seo: adviceSeoSchema,
});
export type AdviceArticleDetailsResponse = z.infer<typeof adviceArticleDetailsResponseSchema>;
