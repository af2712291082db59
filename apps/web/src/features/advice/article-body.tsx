import { PageBlocksView } from "../../components/page-blocks-view";
import { markdownToPageBlocks } from "../../components/page-markdown";
import styles from "./advice.module.css";

/**
 * An article's Markdown as plain, safe HTML, read as the information pages are. The API refuses
 * HTML, images, code, a level 1 heading and unsafe links when it loads the articles; here they
 * are left out with their text kept (`unsupported: "drop"`), the second of two locks
 * (docs/decisions/018-advice-content.md), so an article page always renders.
 */
export function ArticleBody({ markdown }: { markdown: string }) {
  const blocks = markdownToPageBlocks(markdown, "an advice article", { unsupported: "drop" });
  return (
    <div className={styles.articleBody}>
      <PageBlocksView blocks={blocks} />
    </div>
  );
}
