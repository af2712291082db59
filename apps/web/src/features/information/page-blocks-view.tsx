import type { ReactNode } from "react";
import Link from "next/link";
import type { PageBlock, PageInline, PageSlotName } from "./page-markdown";
import styles from "./information.module.css";

/**
 * A name such as `isUserLoggedIn`: on a narrow screen it may break between its words
 * ("isUserLogged", "In") rather than at any letter; elsewhere it stays whole.
 */
function CodeName({ text }: { text: string }) {
  const words = text.split(/(?<=[a-z])(?=[A-Z])/);
  return (
    <code className={styles.code}>
      {words.map((word, index) => (
        <span key={index}>
          {index > 0 ? <wbr /> : null}
          {word}
        </span>
      ))}
    </code>
  );
}

function Inline({ content }: { content: readonly PageInline[] }) {
  return content.map((span, index) => {
    let node: ReactNode = span.text;
    if (span.code) node = <CodeName text={span.text} />;
    if (span.emphasis) node = <em>{node}</em>;
    if (span.strong) node = <strong>{node}</strong>;
    if (span.href?.startsWith("/")) node = <Link href={span.href}>{node}</Link>;
    else if (span.href?.startsWith("tel:")) {
      node = (
        <a className="phone-link" href={span.href}>
          {node}
        </a>
      );
    } else if (span.href) node = <a href={span.href}>{node}</a>;
    return <span key={index}>{node}</span>;
  });
}

/**
 * A page's blocks as plain HTML: headings with their fragment ids (for the contents list),
 * paragraphs, lists and tables whose first column names each row. `slots` fills the places
 * where something other than text goes.
 */
export function PageBlocksView({
  blocks,
  slots = {},
}: {
  blocks: readonly PageBlock[];
  slots?: Partial<Record<PageSlotName, ReactNode>>;
}) {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case "heading": {
        const Heading = block.level === 2 ? "h2" : "h3";
        return (
          <Heading key={index} id={block.id} className={styles.heading}>
            {block.text}
          </Heading>
        );
      }
      case "paragraph":
        return (
          <p key={index}>
            <Inline content={block.content} />
          </p>
        );
      case "list": {
        const List = block.ordered ? "ol" : "ul";
        return (
          <List key={index}>
            {block.items.map((item, position) => (
              <li key={position}>
                <Inline content={item} />
              </li>
            ))}
          </List>
        );
      }
      case "table":
        return (
          // Explicit roles: on narrow screens the rows are shown as blocks, and some browsers
          // drop a table's meaning when its display changes.
          <table key={index} className={styles.table} role="table">
            {block.caption ? <caption className={styles.caption}>{block.caption}</caption> : null}
            <thead role="rowgroup">
              <tr role="row">
                {block.header.map((cell, column) => (
                  <th key={column} scope="col" role="columnheader">
                    <Inline content={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex} role="row">
                  {row.map((cell, column) =>
                    column === 0 ? (
                      <th key={column} scope="row" role="rowheader">
                        <Inline content={cell} />
                      </th>
                    ) : (
                      <td key={column} role="cell">
                        <Inline content={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        );
      case "slot": {
        const slot = slots[block.name];
        if (slot === undefined) throw new Error(`Nothing was given for the slot {{${block.name}}}`);
        return <div key={index}>{slot}</div>;
      }
    }
  });
}

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
