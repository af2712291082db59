import type { PageBlock } from "../../components/page-markdown";
import styles from "./information.module.css";

/** "On this page": links to each of the page's main headings. */
export function ContentsList({
  title = "On this page",
  items,
}: {
  title?: string;
  items: readonly { id: string; text: string }[];
}) {
  return (
    <nav className={styles.contents} aria-labelledby="contents-title">
      <h2 id="contents-title" className={styles.contentsTitle}>
        {title}
      </h2>
      <ul className={styles.contentsList}>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`}>{item.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The page's main headings, for its contents list. */
export function mainHeadingsOf(blocks: readonly PageBlock[]): { id: string; text: string }[] {
  return blocks.flatMap((block) =>
    block.kind === "heading" && block.level === 2 ? [{ id: block.id, text: block.text }] : [],
  );
}
