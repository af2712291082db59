import { and, asc, desc, eq, ilike, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/database";
import { stories } from "../../db/schema";

export type StoryRow = typeof stories.$inferSelect;
export type StorySummaryRow = Omit<StoryRow, "body" | "author" | "reviewer">;

const summaryColumns = {
  id: stories.id,
  slug: stories.slug,
  title: stories.title,
  description: stories.description,
  category: stories.category,
  publishedOn: stories.publishedOn,
  updatedOn: stories.updatedOn,
  readingMinutes: stories.readingMinutes,
};

/** `%`, `_` and `\` stand for themselves in a search, not for LIKE's wildcards. */
function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface StoryFilter {
  /** Each word must appear somewhere in the title, description or text, in any capitals. */
  words: readonly string[];
  category?: string;
  limit?: number;
}

/**
 * The articles that match, as summaries: those whose title holds every word first, then newest
 * first (by first publication, then id, so the order is stable).
 */
export async function selectStorySummaries(db: Database, filter: StoryFilter): Promise<StorySummaryRow[]> {
  const searchable = sql`${stories.title} || ' ' || ${stories.description} || ' ' || ${stories.body}`;
  const conditions: SQL[] = filter.words.map((word) => ilike(searchable, containing(word)));
  if (filter.category) conditions.push(eq(stories.category, filter.category));
  const order: SQL[] = [desc(stories.publishedOn), desc(stories.id)];
  if (filter.words.length > 0) {
    const titleHoldsEveryWord = and(...filter.words.map((word) => ilike(stories.title, containing(word))));
    order.unshift(asc(sql`case when ${titleHoldsEveryWord} then 0 else 1 end`));
  }
  const query = db
    .select(summaryColumns)
    .from(stories)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...order);
  return filter.limit === undefined ? query : query.limit(filter.limit);
}

export async function selectStoryById(db: Database, id: number): Promise<StoryRow | undefined> {
  const [story] = await db.select().from(stories).where(eq(stories.id, id));
  return story;
}

export async function selectStoryBySlug(db: Database, slug: string): Promise<StoryRow | undefined> {
  const [story] = await db.select().from(stories).where(eq(stories.slug, slug));
  return story;
}

/** Other articles to read after this one: the same category first, then the newest. */
export async function selectRelatedStories(
  db: Database,
  story: Pick<StoryRow, "id" | "category">,
  count: number,
): Promise<StorySummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(stories)
    .where(ne(stories.id, story.id))
    .orderBy(
      asc(sql`case when ${stories.category} = ${story.category} then 0 else 1 end`),
      desc(stories.publishedOn),
      desc(stories.id),
    )
    .limit(count);
}
