import type { LegalDocumentBlock, LegalDocumentInline } from "@kindred/contracts";
import { firmDetails, supportPhone } from "@kindred/domain";
import { Document, Font, Link, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { createElement as h, type ReactElement, type ReactNode } from "react";

/** Whole words only: a hyphen that splits a word makes it harder to read. */
Font.registerHyphenationCallback((word) => [word]);

/**
 * Type sizes in points, the space above and below the text of a table row, the page's margin, the
 * space after a paragraph, list or table and above a heading (as a share of the text's size), and
 * the room kept for the foot of the page (in lines of its text). Large print (RNIB's clear print
 * guidance) starts at 16 pt.
 */
const typeScales = {
  standard: {
    body: 11,
    small: 9,
    h1: 20,
    h2: 14,
    h3: 12,
    rowPadding: 2,
    leading: 1.35,
    margin: 42,
    gap: 0.6,
    headingGap: 0.7,
    footerSpace: 2.5,
  },
  /** The plan summary, kept to one A4 page. */
  compact: {
    body: 10,
    small: 8.5,
    h1: 18,
    h2: 12.5,
    h3: 11,
    rowPadding: 1,
    leading: 1.25,
    margin: 34,
    gap: 0.6,
    headingGap: 0.7,
    footerSpace: 2.5,
  },
  /**
   * One side of A4 (the plan statement, FPCOB 9 Annex 3) in characters of a readable size: every
   * piece of text, the foot of the page too, at 11 pt or more, and headings larger. What does not
   * fit is written shorter, never set smaller (docs/decisions/043-plan-statement-on-one-side.md).
   */
  sheet: {
    body: 11,
    small: 11,
    h1: 17,
    h2: 12.5,
    h3: 12,
    rowPadding: 0.5,
    leading: 1.2,
    margin: 28,
    gap: 0.3,
    headingGap: 0.4,
    footerSpace: 1.8,
  },
  large: {
    body: 16,
    small: 16,
    h1: 26,
    h2: 20,
    h3: 18,
    rowPadding: 2,
    leading: 1.35,
    margin: 42,
    gap: 0.6,
    headingGap: 0.7,
    footerSpace: 2.5,
  },
} as const;
type Scale = (typeof typeScales)[TypeScale];

/**
 * The distance between lines of text of `size` points, in points. Given in points ("14.85pt"),
 * as @react-pdf/renderer multiplies a bare number by the font size of the element's own style,
 * or 18 when the size is inherited.
 */
function leading(scale: Scale, size: number = scale.body): string {
  return `${size * scale.leading}pt`;
}
export type TypeScale = keyof typeof typeScales;

const ink = "#1f2a30";
const accent = "#0b4f5c";
const rule = "#b8c4c8";

function spans(content: readonly LegalDocumentInline[]): ReactNode[] {
  return content.map((span, index) => {
    const style = {
      fontFamily: span.strong ? "Helvetica-Bold" : span.emphasis ? "Helvetica-Oblique" : "Helvetica",
    };
    return span.href
      ? h(Link, { key: index, src: span.href, style: { ...style, color: accent } }, span.text)
      : h(Text, { key: index, style }, span.text);
  });
}

/**
 * Column widths in per cent: a choice table gives the answer the most room; two columns, the label,
 * except in large print, where a value (an address, a long answer) needs most of the line.
 */
function columnWidths(columns: number, scale: Scale): number[] {
  if (columns === 3) return [30, 50, 20];
  if (columns === 2) return scale.body >= 16 ? [35, 65] : [50, 50];
  return Array.from({ length: columns }, () => 100 / columns);
}

/**
 * A cell longer than this (a note of up to 2,000 characters) could make its row taller than a page,
 * and a row is kept in one piece: such a cell goes beneath its row's first line, in its own column,
 * as text that runs on to the next page like a paragraph. Nothing is ever cut short.
 */
const longCellLength = 300;

/** A table of this many rows or fewer is kept on one page, its header and footer with it. */
const shortTableRows = 5;

function tableCell(
  cell: string,
  index: number,
  cells: readonly string[],
  width: number,
  kind: RowKind,
  scale: Scale,
) {
  return h(
    Text,
    {
      key: index,
      style: {
        width: `${width}%`,
        lineHeight: leading(scale),
        paddingRight: 6,
        fontFamily: kind !== "body" || (index === 0 && cells.length > 1) ? "Helvetica-Bold" : "Helvetica",
        textAlign: index === cells.length - 1 && index > 0 ? "right" : "left",
      },
    },
    cell,
  );
}

type RowKind = "head" | "body" | "foot";

function tableRow(cells: readonly string[], widths: readonly number[], kind: RowKind, scale: Scale) {
  const frame = {
    borderBottomWidth: kind === "head" ? 1 : 0.5,
    borderBottomColor: kind === "head" ? ink : rule,
    borderTopWidth: kind === "foot" ? 1 : 0,
    borderTopColor: ink,
    paddingVertical: scale.rowPadding,
  };
  const isLong = (cell: string) => kind === "body" && cell.length > longCellLength;
  const line = h(
    View,
    { wrap: false, style: { flexDirection: "row", ...(cells.some(isLong) ? {} : frame) } },
    cells.map((cell, index) =>
      tableCell(isLong(cell) ? "" : cell, index, cells, widths[index] ?? 0, kind, scale),
    ),
  );
  if (!cells.some(isLong)) return line;
  return h(
    View,
    { style: frame },
    line,
    cells.map((cell, index) =>
      isLong(cell)
        ? h(
            Text,
            {
              key: index,
              style: {
                marginLeft: `${widths.slice(0, index).reduce((sum, width) => sum + width, 0)}%`,
                width: `${widths[index] ?? 0}%`,
                lineHeight: leading(scale),
                paddingRight: 6,
              },
            },
            cell,
          )
        : null,
    ),
  );
}

function block(item: LegalDocumentBlock, index: number, scale: Scale, chapters: boolean): ReactElement {
  switch (item.kind) {
    case "heading": {
      const size = item.level === 1 ? scale.h1 : item.level === 2 ? scale.h2 : scale.h3;
      return h(
        Text,
        {
          key: index,
          // In a document of chapters, each chapter's title starts a page.
          break: chapters && item.level === 1 && index > 0,
          // Never alone at the foot of a page: room for three lines of what follows, or it moves on.
          minPresenceAhead: scale.body * (scale.leading * 3 + 1),
          wrap: false,
          style: {
            fontFamily: "Helvetica-Bold",
            fontSize: size,
            lineHeight: leading(scale, size),
            color: accent,
            marginTop: item.level === 1 ? 0 : size * scale.headingGap,
            marginBottom: size * scale.headingGap * 0.5,
          },
        },
        item.text,
      );
    }
    case "paragraph":
      return h(
        Text,
        { key: index, style: { lineHeight: leading(scale), marginBottom: scale.body * scale.gap } },
        spans(item.content),
      );
    case "list":
      return h(
        View,
        { key: index, style: { marginBottom: scale.body * scale.gap } },
        item.items.map((content, position) =>
          h(
            View,
            { key: position, wrap: false, style: { flexDirection: "row", marginBottom: 2 } },
            h(
              Text,
              { style: { width: scale.body * 1.6, lineHeight: leading(scale) } },
              item.ordered ? `${position + 1}.` : "•",
            ),
            h(Text, { style: { flex: 1, lineHeight: leading(scale) } }, spans(content)),
          ),
        ),
      );
    case "table": {
      const columns = item.header.length || item.rows[0]?.length || 1;
      const widths = columnWidths(columns, scale);
      return h(
        View,
        {
          key: index,
          // A short table (a price and its parts, a plan's facts) is never split across a page
          // break: a total on one page and what it adds up on another reads as two prices. One
          // with a long cell may be taller than a page, so it runs on.
          wrap:
            item.rows.length > shortTableRows ||
            item.rows.some((row) => row.some((cell) => cell.length > longCellLength)),
          style: { marginBottom: scale.body * scale.gap * (4 / 3) },
        },
        item.header.length > 0 ? tableRow(item.header, widths, "head", scale) : null,
        item.rows.map((row, position) => h(View, { key: position }, tableRow(row, widths, "body", scale))),
        item.footer ? tableRow(item.footer, widths, "foot", scale) : null,
      );
    }
  }
}

export interface PdfDocumentOptions {
  title: string;
  blocks: readonly LegalDocumentBlock[];
  scale: TypeScale;
  /** Each first-level heading after the first starts a new page (the free guide's chapters). */
  chapters?: boolean;
}

/** A document's blocks as a PDF on A4, with who we are and how to reach us at the foot of every page. */
export function renderDocumentPdf({
  title,
  blocks,
  scale: scaleName,
  chapters = false,
}: PdfDocumentOptions): Promise<Buffer> {
  const scale = typeScales[scaleName];
  const { margin } = scale;
  const footerSize = scale.small;
  const document = h(
    Document,
    {
      title,
      author: firmDetails.tradingName,
      creator: firmDetails.tradingName,
      producer: firmDetails.tradingName,
      language: "en-GB",
    },
    h(
      Page,
      {
        size: "A4",
        style: {
          fontFamily: "Helvetica",
          fontSize: scale.body,
          color: ink,
          paddingTop: margin,
          paddingHorizontal: margin,
          paddingBottom: margin + footerSize * scale.footerSpace,
        },
      },
      // Each block of text sets its own line height; none is set on the page. @react-pdf/renderer
      // 4.9 resolves a line height the footer inherits from the page again on every page,
      // multiplying it by the font size each time: the footer was laid out far above the page,
      // unseen, and in a long large-print document the numbers overflowed and the render failed.
      blocks.map((item, index) => block(item, index, scale, chapters)),
      h(Text, {
        fixed: true,
        style: {
          position: "absolute",
          bottom: margin * 0.6,
          left: margin,
          right: margin,
          fontSize: footerSize,
          color: ink,
        },
        render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
          `${firmDetails.tradingName} · ${title} · Call us free on ${supportPhone.display} · Page ${pageNumber} of ${totalPages}`,
      }),
    ),
  );
  return renderToBuffer(document);
}
