import type { LegalDocumentBlock, LegalDocumentInline } from "@kindred/contracts";
import { Lexer, type Token, type Tokens } from "marked";

/** A place in a plan document's Markdown where the plan's own figures go: `{{planTotal}}` alone. */
export const planSlotNames = [
  "planFacts",
  "planCoveredPerson",
  "planGuaranteed",
  "planContributions",
  "planTotal",
  "planProvides",
  "planReferral",
  "planPayments",
  "planNextSteps",
] as const;
export type PlanSlotName = (typeof planSlotNames)[number];

/** A document as written: its blocks, with slots where a plan document's figures go. */
export type TemplateBlock = LegalDocumentBlock | { kind: "slot"; name: PlanSlotName };

const slotPattern = /^\{\{(\w+)\}\}$/;

function inlineOf(tokens: readonly Token[] | undefined, marks: Omit<LegalDocumentInline, "text"> = {}) {
  const spans: LegalDocumentInline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        spans.push(...inlineOf((token as Tokens.Strong).tokens, { ...marks, strong: true }));
        break;
      case "em":
        spans.push(...inlineOf((token as Tokens.Em).tokens, { ...marks, emphasis: true }));
        break;
      case "link": {
        const link = token as Tokens.Link;
        spans.push(...inlineOf(link.tokens, { ...marks, href: link.href }));
        break;
      }
      case "text": {
        const text = token as Tokens.Text;
        if (text.tokens && text.tokens.length > 0) spans.push(...inlineOf(text.tokens, marks));
        else spans.push({ text: text.text, ...marks });
        break;
      }
      case "br":
        spans.push({ text: "\n", ...marks });
        break;
      case "escape":
      case "codespan":
        spans.push({ text: (token as Tokens.Escape | Tokens.Codespan).text, ...marks });
        break;
      case "paragraph":
        spans.push(...inlineOf((token as Tokens.Paragraph).tokens, marks));
        break;
      default:
        throw new Error(`Legal documents use plain Markdown; "${token.type}" is not supported`);
    }
  }
  return spans;
}

const headingLevel = (depth: number): 1 | 2 | 3 => (depth <= 1 ? 1 : depth === 2 ? 2 : 3);

/**
 * Markdown as the blocks a legal document is made of (headings, paragraphs, lists, tables),
 * read with marked's lexer. Anything else (code, HTML, images) is refused, so what is written
 * is what is shown on screen and in the PDF.
 */
export function markdownToBlocks(markdown: string): TemplateBlock[] {
  const blocks: TemplateBlock[] = [];
  for (const token of new Lexer({ gfm: true }).lex(markdown)) {
    switch (token.type) {
      case "space":
        break;
      case "heading": {
        const heading = token as Tokens.Heading;
        blocks.push({ kind: "heading", level: headingLevel(heading.depth), text: heading.text });
        break;
      }
      case "paragraph": {
        const paragraph = token as Tokens.Paragraph;
        const slot = slotPattern.exec(paragraph.text.trim());
        if (slot) {
          const name = slot[1] as PlanSlotName;
          if (!planSlotNames.includes(name)) throw new Error(`Unknown plan slot {{${slot[1]}}}`);
          blocks.push({ kind: "slot", name });
        } else {
          blocks.push({ kind: "paragraph", content: inlineOf(paragraph.tokens) });
        }
        break;
      }
      case "list": {
        const list = token as Tokens.List;
        blocks.push({
          kind: "list",
          ordered: list.ordered,
          items: list.items.map((item) => inlineOf(item.tokens)),
        });
        break;
      }
      case "table": {
        const table = token as Tokens.Table;
        blocks.push({
          kind: "table",
          header: table.header.map((cell) => cell.text),
          rows: table.rows.map((row) => row.map((cell) => cell.text)),
        });
        break;
      }
      default:
        throw new Error(`Legal documents use plain Markdown; "${token.type}" is not supported`);
    }
  }
  return blocks;
}
