import type {
  AdviceArticlesQuery,
  AdviceArticlesResponse,
  AdviceArticleDetailsResponse,
  AdviceArticleSummary,
} from "@kindred/contracts";
import { largestRecordId } from "@kindred/contracts";
import {
  adviceCategoryOf,
  adviceListPath,
  adviceMessages,
  adviceSlugPattern,
  longestAdviceSlug,
} from "@kindred/domain";
import type { Database } from "../../db/database";
import { ViolationError } from "../../plugins/error-handler";
import {
  selectRelatedArticles,
  selectArticleById,
  selectArticleBySlug,
  selectArticleSummaries,
  type AdviceArticleRow,
  type AdviceArticleSummaryRow,
} from "./queries";

/** How many other articles an article suggests reading next. */
const relatedArticleCount = 3;

/** Any one search looks for at most this many words; the rest are ignored. */
const mostSearchWords = 10;

const listSeo = {
  title: "Funeral advice",
  description:
    "Plain, practical advice on arranging a funeral, what a funeral costs, registering a death and coping with grief, from the Kindred Funeral Plans team.",
  path: adviceListPath,
  type: "website",
} as const;

function toSummary(row: AdviceArticleSummaryRow): AdviceArticleSummary {
  const category = adviceCategoryOf(row.category);
  // The seed accepts only known categories, so this is a broken database, not bad input.
  if (!category) throw new Error(`Article ${row.slug} has an unknown category ${row.category}`);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: { slug: category.slug, name: category.name },
    publishedOn: row.publishedOn,
    updatedOn: row.updatedOn,
    readingMinutes: row.readingMinutes,
    path: `${adviceListPath}/${row.slug}`,
  };
}

/** The search's words, without repeats: "Direct  cremation direct" -> ["direct", "cremation"]. */
function searchWords(search: string | undefined): string[] {
  const words = (search ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, mostSearchWords);
}

const noSuchArticle = () =>
  new ViolationError([{ propertyPath: "id", title: adviceMessages.noSuchArticle }], 404);

export function createAdviceArticlesService(db: Database) {
  /**
   * One article by the one path segment that names it. An id made only of digits is the numeric
   * id (the SPEC's `/api/stories/details/{id}`); anything else is a slug, which is what the site's
   * addresses use. A slug always has a letter in it, so the two never collide. Anything that is
   * neither names no article: 404, as for an article that does not exist.
   */
  async function findArticle(id: string): Promise<AdviceArticleRow | undefined> {
    if (/^\d{1,10}$/.test(id)) {
      const numericId = Number(id);
      return numericId >= 1 && numericId <= largestRecordId ? selectArticleById(db, numericId) : undefined;
    }
    if (id.length <= longestAdviceSlug && adviceSlugPattern.test(id)) return selectArticleBySlug(db, id);
    return undefined;
  }

  return {
    async listArticles(query: AdviceArticlesQuery): Promise<AdviceArticlesResponse> {
      const rows = await selectArticleSummaries(db, {
        words: searchWords(query.search),
        ...(query.category ? { category: query.category } : {}),
        ...(query.limit === undefined ? {} : { limit: query.limit }),
      });
      return { data: rows.map(toSummary), seo: listSeo };
    },

    async getArticle(id: string): Promise<AdviceArticleDetailsResponse> {
      const article = await findArticle(id);
      if (!article) throw noSuchArticle();
      const related = await selectRelatedArticles(db, article, relatedArticleCount);
      const summary = toSummary(article);
      return {
        data: { ...summary, body: article.body, author: article.author, reviewer: article.reviewer },
        related: related.map(toSummary),
        seo: { title: article.title, description: article.description, path: summary.path, type: "article" },
      };
    },
  };
}

export type AdviceArticlesService = ReturnType<typeof createAdviceArticlesService>;
