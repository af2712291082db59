import Link from "next/link";
import Markdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import styles from "./advice.module.css";

/**
 * The elements an article may become. Anything else in the Markdown (an image, say) is left out
 * and its text kept; raw HTML is dropped, never rendered (`skipHtml`); and react-markdown's
 * default `urlTransform` empties any link that is not http(s), mailto, tel or relative. The API
 * refuses all of these when it loads the articles, so this is the second of two locks
 * (docs/decisions/018-advice-content.md).
 */
const allowedElements = [
  "h2",
  "h3",
  "h4",
  "p",
  "ul",
  "ol",
  "li",
  "a",
  "strong",
  "em",
  "del",
  "blockquote",
  "hr",
  "br",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

// The syntax-tree types as react-markdown hands them over, so no undeclared hast import is needed.
type Element = NonNullable<ExtraProps["node"]>;
type ElementContent = Element["children"][number];

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  return node.type === "element" ? node.children.map(textOf).join("") : "";
}

/** "Table: Cost, What it is for, Typical range": a table named by its column headings. */
function tableName(table: Element | undefined): string {
  const headings: string[] = [];
  const visit = (node: ElementContent) => {
    if (node.type !== "element") return;
    if (node.tagName === "th") headings.push(textOf(node).trim());
    else node.children.forEach(visit);
  };
  table?.children.forEach(visit);
  return headings.length > 0 ? `Table: ${headings.join(", ")}` : "Table";
}

const components: Components = {
  // Our own pages go through Next's Link (prefetched, no full reload); others are plain links.
  a: ({ href = "", children }) =>
    href.startsWith("/") ? <Link href={href}>{children}</Link> : <a href={href}>{children}</a>,
  // A wide table scrolls on its own on a phone, and can be scrolled from the keyboard.
  table: ({ node, children }) => (
    <div className={styles.tableScroller} role="region" aria-label={tableName(node)} tabIndex={0}>
      <table>{children}</table>
    </div>
  ),
  th: ({ children }) => <th scope="col">{children}</th>,
};

/** An article's Markdown as plain, safe HTML: headings from level 2, as the API checked. */
export function ArticleBody({ markdown }: { markdown: string }) {
  return (
    <div className={styles.articleBody}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        allowedElements={allowedElements}
        unwrapDisallowed
        components={components}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
