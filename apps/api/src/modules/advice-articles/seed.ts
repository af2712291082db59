import { notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { adviceArticles } from "../../db/schema";
import type { AdviceArticleFile } from "./article-files";

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Loads the articles into the database in one transaction. Rows are matched by slug, so running it
 * again updates what was edited and keeps every id; an article whose file was removed is removed.
 */
export async function seedAdviceArticles(db: Database, files: readonly AdviceArticleFile[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (files.length === 0) {
      await tx.delete(adviceArticles);
      return;
    }
    await tx.delete(adviceArticles).where(
      notInArray(
        adviceArticles.slug,
        files.map((file) => file.slug),
      ),
    );
    await tx
      .insert(adviceArticles)
      .values([...files])
      .onConflictDoUpdate({
        target: adviceArticles.slug,
        set: {
          title: excluded("title"),
          description: excluded("description"),
          category: excluded("category"),
          body: excluded("body"),
          author: excluded("author"),
          reviewer: excluded("reviewer"),
          publishedOn: excluded("published_on"),
          updatedOn: excluded("updated_on"),
          readingMinutes: excluded("reading_minutes"),
        },
      });
  });
}
