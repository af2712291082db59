import type { StorySummary } from "@kindred/contracts";
import Link from "next/link";
import { formatLongDate } from "../lib/long-date";
import styles from "./story-card.module.css";

/** A list of articles as cards: two or three to a row on wider screens. */
export function StoryCards({
  stories,
  headingLevel,
  label,
}: {
  stories: readonly StorySummary[];
  headingLevel: 2 | 3;
  label?: string;
}) {
  return (
    <ul className={styles.cardList} aria-label={label}>
      {stories.map((story) => (
        <li key={story.id}>
          <StoryCard story={story} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** One article in a list: its category, title (the link), description, reading time and date. */
function StoryCard({ story, headingLevel }: { story: StorySummary; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={styles.card}>
      <p className={styles.category}>{story.category.name}</p>
      <Heading className={styles.cardTitle}>
        <Link href={story.path} className={styles.cardLink}>
          {story.title}
        </Link>
      </Heading>
      <p>{story.description}</p>
      <p className={styles.meta}>
        {story.readingMinutes} minute read
        <span aria-hidden="true"> · </span>
        <span className="visually-hidden">. </span>
        Updated <time dateTime={story.updatedOn}>{formatLongDate(story.updatedOn)}</time>
      </p>
    </article>
  );
}
