import type { ReactNode } from "react";
import type { LegalDocumentBlock, LegalDocumentInline } from "@kindred/contracts";
import styles from "./documents-screen.module.css";

function Inline({ content }: { content: readonly LegalDocumentInline[] }) {
  return content.map((span, index) => {
    let node: ReactNode = span.text;
    if (span.emphasis) node = <em>{node}</em>;
    if (span.strong) node = <strong>{node}</strong>;
    if (span.href) node = <a href={span.href}>{node}</a>;
    return <span key={index}>{node}</span>;
  });
}

/** A cell that is an amount of money ("£1,234", "−£50"): kept on one line and lined up on the right. */
const moneyCell = /^[−-]?£[\d,]+(\.\d\d)?$/;

/** A row whose first cell names it (a row header), as a screen reader reads tables. */
function TableRow({ cells }: { cells: readonly string[] }) {
  return (
    <tr>
      {cells.map((cell, column) =>
        column === 0 ? (
          <th key={column} scope="row">
            {cell}
          </th>
        ) : (
          <td key={column} className={moneyCell.test(cell.trim()) ? styles.money : undefined}>
            {cell}
          </td>
        ),
      )}
    </tr>
  );
}

const headingTags = { 1: "h2", 2: "h3", 3: "h4" } as const;

/**
 * A legal document on screen, as HTML, from the same blocks its PDF is drawn from. Its headings
 * sit one level below the page's own heading.
 */
export function LegalDocumentView({ blocks }: { blocks: readonly LegalDocumentBlock[] }) {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case "heading": {
        const Heading = headingTags[block.level];
        return <Heading key={index}>{block.text}</Heading>;
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
          // A table fits a phone's width: its cells wrap, so the page never scrolls sideways.
          <div key={index} className={styles.tableFit}>
            <table className={styles.table}>
              {block.caption ? <caption>{block.caption}</caption> : null}
              {block.header.length > 0 ? (
                <thead>
                  <tr>
                    {block.header.map((cell, column) => (
                      <th key={column} scope="col">
                        {cell}
                      </th>
                    ))}
                  </tr>
                </thead>
              ) : null}
              <tbody>
                {block.rows.map((row, position) => (
                  <TableRow key={position} cells={row} />
                ))}
              </tbody>
              {block.footer ? (
                <tfoot>
                  <TableRow cells={block.footer} />
                </tfoot>
              ) : null}
            </table>
          </div>
        );
    }
  });
}
