import { and, asc, desc, eq, ilike, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/database";
import { adviceArticles } from "../../db/schema";

export type AdviceArticleRow = typeof adviceArticles.$inferSelect;
export type AdviceArticleSummaryRow = Omit<AdviceArticleRow, "body" | "author" | "reviewer">;

const summaryColumns = {
  id: adviceArticles.id,
  slug: adviceArticles.slug,
  title: adviceArticles.title,
  description: adviceArticles.description,
  category: adviceArticles.category,
  publishedOn: adviceArticles.publishedOn,
  updatedOn: adviceArticles.updatedOn,
  readingMinutes: adviceArticles.readingMinutes,
};

/** `%`, `_` and `\` stand for themselves in a search, not for LIKE's wildcards. */
function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface AdviceArticleFilter {
  /** Each word must appear somewhere in the title, description or text, in any capitals. */
  words: readonly string[];
  category?: string;
  limit?: number;
}

/**
 * The articles that match, as summaries: those whose title holds every word first, then newest
 * first (by first publication, then id, so the order is stable).
 */
export async function selectArticleSummaries(
  db: Database,
  filter: AdviceArticleFilter,
): Promise<AdviceArticleSummaryRow[]> {
  const searchable = sql`${adviceArticles.title} || ' ' || ${adviceArticles.description} || ' ' || ${adviceArticles.body}`;
  const conditions: SQL[] = filter.words.map((word) => ilike(searchable, containing(word)));
  if (filter.category) conditions.push(eq(adviceArticles.category, filter.category));
  const order: SQL[] = [desc(adviceArticles.publishedOn), desc(adviceArticles.id)];
  if (filter.words.length > 0) {
    const titleHoldsEveryWord = and(
      ...filter.words.map((word) => ilike(adviceArticles.title, containing(word))),
    );
    order.unshift(asc(sql`case when ${titleHoldsEveryWord} then 0 else 1 end`));
  }
  const query = db
    .select(summaryColumns)
    .from(adviceArticles)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...order);
  return filter.limit === undefined ? query : query.limit(filter.limit);
}

export async function selectArticleById(db: Database, id: number): Promise<AdviceArticleRow | undefined> {
  const [article] = await db.select().from(adviceArticles).where(eq(adviceArticles.id, id));
  return article;
}

export async function selectArticleBySlug(db: Database, slug: string): Promise<AdviceArticleRow | undefined> {
  const [article] = await db.select().from(adviceArticles).where(eq(adviceArticles.slug, slug));
  return article;
}

/** Other articles to read after this one: the same category first, then the newest. */
export async function selectRelatedArticles(
  db: Database,
  article: Pick<AdviceArticleRow, "id" | "category">,
  count: number,
): Promise<AdviceArticleSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(adviceArticles)
    .where(ne(adviceArticles.id, article.id))
    .orderBy(
      asc(sql`case when ${adviceArticles.category} = ${article.category} then 0 else 1 end`),
      desc(adviceArticles.publishedOn),
      desc(adviceArticles.id),
    )
    .limit(count);
}
