import { Lexer, type Token, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";

/**
 * The information pages (questions and answers, extra support, the privacy policy) are Markdown
 * files in `content/pages/`, read when the site is built. This turns one into blocks the page
 * renders as plain React elements: headings, paragraphs, lists and tables, with bold, italic,
 * code and links inside them. Anything else (HTML, images, code blocks, nested lists) is refused,
 * so what is written is exactly what is shown.
 */

/** A run of text, and how it is marked. */
export interface PageInline {
  text: string;
  strong?: true;
  emphasis?: true;
  code?: true;
  href?: string;
}

/** A place in a page's Markdown where something other than text goes: `{{displaySettings}}` alone. */
const pageSlotNames = ["displaySettings"] as const;
export type PageSlotName = (typeof pageSlotNames)[number];

export type PageBlock =
  | { kind: "heading"; level: 2 | 3; text: string; id: string }
  | { kind: "paragraph"; content: PageInline[] }
  | { kind: "list"; ordered: boolean; items: PageInline[][] }
  | { kind: "table"; caption: string | null; header: PageInline[][]; rows: PageInline[][][] }
  | { kind: "slot"; name: PageSlotName };

/** What a page's front matter holds. */
const frontMatterSchema = z.strictObject({
  /** The page's `<h1>`, and its title in search results and when shared. */
  title: z.string().min(2).max(70),
  /** The description search engines and shared links show. */
  description: z.string().min(50).max(200),
  /** When the text last changed in substance, as an ISO date ("2026-11-23"). */
  lastUpdated: z.iso.date().optional(),
});
export type PageFrontMatter = z.infer<typeof frontMatterSchema>;

export interface InformationPage extends PageFrontMatter {
  blocks: PageBlock[];
}

/** A heading's fragment identifier: "Paying for your plan" is "paying-for-your-plan". */
function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Fills in `{{name}}` from `placeholders`; a slot on a line of its own is left for the page.
 * A name nobody defined stops the build, so no page can go out with `{{…}}` in it.
 */
function fillPlaceholders(
  markdown: string,
  placeholders: Readonly<Record<string, string>>,
  source: string,
): string {
  return markdown.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = placeholders[name];
    if (value !== undefined) return value;
    if ((pageSlotNames as readonly string[]).includes(name)) return whole;
    throw new Error(`${source}: unknown placeholder {{${name}}}`);
  });
}

function refused(source: string, what: string): Error {
  return new Error(`${source}: information pages use plain Markdown; ${what} is not supported`);
}

function inlineOf(
  tokens: readonly Token[] | undefined,
  source: string,
  marks: Omit<PageInline, "text"> = {},
) {
  const spans: PageInline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        spans.push(...inlineOf((token as Tokens.Strong).tokens, source, { ...marks, strong: true }));
        break;
      case "em":
        spans.push(...inlineOf((token as Tokens.Em).tokens, source, { ...marks, emphasis: true }));
        break;
      case "codespan":
        spans.push({ text: (token as Tokens.Codespan).text, ...marks, code: true });
        break;
      case "link": {
        const link = token as Tokens.Link;
        if (!/^(\/|#|https:\/\/|mailto:|tel:)/.test(link.href)) {
          throw new Error(
            `${source}: the link "${link.href}" is neither a page here nor https, mailto or tel`,
          );
        }
        spans.push(...inlineOf(link.tokens, source, { ...marks, href: link.href }));
        break;
      }
      case "text": {
        const text = token as Tokens.Text;
        if (text.tokens && text.tokens.length > 0) spans.push(...inlineOf(text.tokens, source, marks));
        else spans.push({ text: text.text, ...marks });
        break;
      }
      case "escape":
        spans.push({ text: (token as Tokens.Escape).text, ...marks });
        break;
      case "paragraph":
        spans.push(...inlineOf((token as Tokens.Paragraph).tokens, source, marks));
        break;
      default:
        throw refused(source, `"${token.type}"`);
    }
  }
  // Markdown's entities (&amp;) are already decoded by marked; what is left is plain text.
  return spans;
}

const slotPattern = /^\{\{(\w+)\}\}$/;
const captionPattern = /^Table: (.+)$/;

/** The Markdown body of a page as blocks. A paragraph "Table: …" just above a table is its caption. */
export function markdownToPageBlocks(markdown: string, source: string): PageBlock[] {
  const blocks: PageBlock[] = [];
  const ids = new Set<string>();
  let caption: string | null = null;
  for (const token of new Lexer({ gfm: true }).lex(markdown)) {
    if (caption !== null && token.type !== "space" && token.type !== "table") {
      throw new Error(`${source}: "Table: ${caption}" must come straight before a table`);
    }
    switch (token.type) {
      case "space":
        break;
      case "heading": {
        const heading = token as Tokens.Heading;
        if (heading.depth !== 2 && heading.depth !== 3) {
          throw new Error(
            `${source}: "${heading.text}" is a level ${heading.depth} heading; use ## or ### (the title is the page's only level 1 heading)`,
          );
        }
        const text = inlineOf(heading.tokens, source)
          .map((span) => span.text)
          .join("");
        const id = slugOf(text);
        if (ids.has(id)) throw new Error(`${source}: two headings are both "${text}"`);
        ids.add(id);
        blocks.push({ kind: "heading", level: heading.depth, text, id });
        break;
      }
      case "paragraph": {
        const paragraph = token as Tokens.Paragraph;
        const slot = slotPattern.exec(paragraph.text.trim());
        const tableCaption = captionPattern.exec(paragraph.text.trim());
        if (slot) {
          const name = slot[1] as PageSlotName;
          if (!pageSlotNames.includes(name)) throw new Error(`${source}: unknown slot {{${slot[1]}}}`);
          blocks.push({ kind: "slot", name });
        } else if (tableCaption) {
          caption = tableCaption[1] ?? "";
        } else {
          blocks.push({ kind: "paragraph", content: inlineOf(paragraph.tokens, source) });
        }
        break;
      }
      case "list": {
        const list = token as Tokens.List;
        blocks.push({
          kind: "list",
          ordered: list.ordered,
          items: list.items.map((item) => {
            if (item.tokens.some((inner) => inner.type === "list"))
              throw refused(source, "a list inside a list");
            return inlineOf(item.tokens, source);
          }),
        });
        break;
      }
      case "table": {
        const table = token as Tokens.Table;
        blocks.push({
          kind: "table",
          caption,
          header: table.header.map((cell) => inlineOf(cell.tokens, source)),
          rows: table.rows.map((row) => row.map((cell) => inlineOf(cell.tokens, source))),
        });
        caption = null;
        break;
      }
      default:
        throw refused(source, `"${token.type}"`);
    }
  }
  if (caption !== null) throw new Error(`${source}: "Table: ${caption}" must come straight before a table`);
  return blocks;
}

/** One page's file: front matter between `---` lines, then the Markdown. */
export function parseInformationPage(
  text: string,
  source: string,
  placeholders: Readonly<Record<string, string>>,
): InformationPage {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${source}: no front matter`);
  const frontMatter = frontMatterSchema.safeParse(parseYaml(match[1] ?? ""));
  if (!frontMatter.success) throw new Error(`${source}: ${z.prettifyError(frontMatter.error)}`);
  return {
    ...frontMatter.data,
    blocks: markdownToPageBlocks(fillPlaceholders(match[2] ?? "", placeholders, source), source),
  };
}

/** A run of inline content as plain text, marks and links dropped. */
function plainTextOf(content: readonly PageInline[]): string {
  return content.map((span) => span.text).join("");
}

/** Blocks as plain text: paragraphs apart by a blank line, one list item or table row a line. */
export function blocksAsPlainText(blocks: readonly PageBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case "heading":
          return block.text;
        case "paragraph":
          return plainTextOf(block.content);
        case "list":
          return block.items.map((item) => plainTextOf(item)).join("\n");
        case "table":
          return [block.header, ...block.rows].map((row) => row.map(plainTextOf).join(": ")).join("\n");
        case "slot":
          return "";
      }
    })
    .filter((text) => text !== "")
    .join("\n\n");
}
