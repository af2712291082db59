import type { AdviceArticleSummary } from "@kindred/contracts";
import Link from "next/link";
import { formatLongDate } from "@kindred/domain";
import styles from "./advice-article-card.module.css";

/** A list of articles as cards: two or three to a row on wider screens. */
export function AdviceArticleCards({
  articles,
  headingLevel,
  label,
}: {
  articles: readonly AdviceArticleSummary[];
  headingLevel: 2 | 3;
  label?: string;
}) {
  return (
    <ul className={styles.cardList} aria-label={label}>
      {articles.map((article) => (
        <li key={article.id}>
          <AdviceArticleCard article={article} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** One article in a list: its category, title (the link), description, reading time and date. */
function AdviceArticleCard({
  article,
  headingLevel,
}: {
  article: AdviceArticleSummary;
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={styles.card}>
      <p className={styles.category}>{article.category.name}</p>
      <Heading className={styles.cardTitle}>
        <Link href={article.path} className={styles.cardLink}>
          {article.title}
        </Link>
      </Heading>
      <p>{article.description}</p>
      <AdviceArticleMeta article={article} className={styles.meta} />
    </article>
  );
}

/**
 * An article's reading time and the date it was last updated, on its card and its own page; the
 * dot between them is not read out, a full stop is.
 */
export function AdviceArticleMeta({
  article,
  className,
}: {
  article: Pick<AdviceArticleSummary, "readingMinutes" | "updatedOn">;
  className: string | undefined;
}) {
  return (
    <p className={className}>
      {article.readingMinutes} minute read
      <span aria-hidden="true"> · </span>
      <span className="visually-hidden">. </span>
      Updated <time dateTime={article.updatedOn}>{formatLongDate(article.updatedOn)}</time>
    </p>
  );
}
