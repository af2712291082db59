import type { ReactNode } from "react";
import Link from "next/link";
import type { PageBlock, PageInline, PageListBlock, PageSlotName } from "./page-markdown";
import styles from "./page-blocks-view.module.css";

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
    if (span.lineBreak) return <br key={index} />;
    let node: ReactNode = span.text;
    if (span.code) node = <CodeName text={span.text} />;
    if (span.deleted) node = <del>{node}</del>;
    if (span.emphasis) node = <em>{node}</em>;
    if (span.strong) node = <strong>{node}</strong>;
    // Our own pages go through Next's Link (prefetched, no full reload); others are plain links.
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

function List({ list }: { list: PageListBlock }) {
  const Items = list.ordered ? "ol" : "ul";
  return (
    <Items>
      {list.items.map((item, position) => (
        <li key={position}>
          <Inline content={item.content} />
          {item.lists.map((inner, index) => (
            <List key={index} list={inner} />
          ))}
        </li>
      ))}
    </Items>
  );
}

/** "Table: Cost, Typical range": a table with no caption is named by its column headings. */
function tableName(header: readonly PageInline[][]): string {
  return `Table: ${header.map((cell) => cell.map((span) => span.text).join("")).join(", ")}`;
}

const headingElements = { 2: "h2", 3: "h3", 4: "h4", 5: "h5", 6: "h6" } as const;

/**
 * A page's blocks as plain HTML: headings with their fragment ids (for a contents list),
 * paragraphs, lists, quotes, rules and tables. A table is named by its caption, or else by its
 * column headings, and its first column names each row. `slots` fills the places where
 * something other than text goes.
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
        const Heading = headingElements[block.level];
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
      case "list":
        return <List key={index} list={block} />;
      case "quote":
        return (
          <blockquote key={index} className={styles.quote}>
            <PageBlocksView blocks={block.blocks} slots={slots} />
          </blockquote>
        );
      case "rule":
        return <hr key={index} className={styles.rule} />;
      case "table":
        return (
          // Explicit roles: on narrow screens the rows are shown as blocks, and some browsers
          // drop a table's meaning when its display changes.
          <table
            key={index}
            className={styles.table}
            role="table"
            aria-label={block.caption ? undefined : tableName(block.header)}
          >
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
