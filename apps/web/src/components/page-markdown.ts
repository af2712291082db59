import { Lexer, type Token, type Tokens } from "marked";

/**
 * The web's one Markdown reader, for the information pages (read from `content/pages/` when the
 * site is built) and the advice articles (from the API). marked's lexer turns the Markdown into
 * blocks that `PageBlocksView` renders as plain React elements: headings from level 2, paragraphs,
 * lists (one inside another too), block quotes, rules and tables, with bold, italic, struck-out
 * text, code, line breaks and links inside them. Anything else (HTML, images, code blocks, a
 * second level 1 heading, a link to anywhere unsafe) is refused, or for an article left out with
 * its text kept, so what is written is exactly what is shown.
 */

/** A run of text, and how it is marked. */
export interface PageInline {
  text: string;
  strong?: true;
  emphasis?: true;
  deleted?: true;
  code?: true;
  /** A hard line break (two spaces or a backslash at the end of a line); its text is "\n". */
  lineBreak?: true;
  href?: string;
}

/** A place in a page's Markdown where something other than text goes: `{{displaySettings}}` alone. */
export const pageSlotNames = ["displaySettings"] as const;
export type PageSlotName = (typeof pageSlotNames)[number];

interface PageListItem {
  content: PageInline[];
  /** A list inside this item. */
  lists: PageListBlock[];
}

export interface PageListBlock {
  kind: "list";
  ordered: boolean;
  items: PageListItem[];
}

export type PageBlock =
  | { kind: "heading"; level: 2 | 3 | 4 | 5 | 6; text: string; id: string }
  | { kind: "paragraph"; content: PageInline[] }
  | PageListBlock
  | { kind: "quote"; blocks: PageBlock[] }
  | { kind: "rule" }
  | { kind: "table"; caption: string | null; header: PageInline[][]; rows: PageInline[][][] }
  | { kind: "slot"; name: PageSlotName };

export interface PageMarkdownOptions {
  /**
   * What becomes of Markdown the blocks cannot hold. "refuse" throws, naming the file: a page
   * built from our own files stops the build. "drop" leaves it out and keeps its text: an
   * article comes from the API, which has already refused all of it (the first of two locks,
   * docs/decisions/018-advice-content.md), and its page must never fail to render.
   * A `{{name}}` alone on a line is a slot only under "refuse"; under "drop" it is plain text.
   */
  unsupported?: "refuse" | "drop";
}

/** A heading's fragment identifier: "Paying for your plan" is "paying-for-your-plan". */
function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const safeLink = /^(\/(?!\/)|#|https:\/\/|mailto:|tel:)/;
const slotPattern = /^\{\{(\w+)\}\}$/;
const captionPattern = /^Table: (.+)$/;

class PageMarkdownReader {
  private readonly ids = new Set<string>();

  constructor(
    private readonly source: string,
    private readonly refuses: boolean,
  ) {}

  /** Throws when refusing; otherwise the caller leaves the thing out. */
  private refuse(what: string): void {
    if (this.refuses) {
      throw new Error(`${this.source}: pages use plain Markdown; ${what} is not supported`);
    }
  }

  inline(tokens: readonly Token[] | undefined, marks: Omit<PageInline, "text"> = {}): PageInline[] {
    const spans: PageInline[] = [];
    for (const token of tokens ?? []) {
      switch (token.type) {
        case "strong":
          spans.push(...this.inline((token as Tokens.Strong).tokens, { ...marks, strong: true }));
          break;
        case "em":
          spans.push(...this.inline((token as Tokens.Em).tokens, { ...marks, emphasis: true }));
          break;
        case "del":
          spans.push(...this.inline((token as Tokens.Del).tokens, { ...marks, deleted: true }));
          break;
        case "codespan":
          spans.push({ text: (token as Tokens.Codespan).text, ...marks, code: true });
          break;
        case "br":
          spans.push({ text: "\n", ...marks, lineBreak: true });
          break;
        case "link": {
          const link = token as Tokens.Link;
          if (safeLink.test(link.href)) {
            spans.push(...this.inline(link.tokens, { ...marks, href: link.href }));
          } else if (this.refuses) {
            throw new Error(
              `${this.source}: the link "${link.href}" is neither a page here nor https, mailto or tel`,
            );
          } else {
            spans.push(...this.inline(link.tokens, marks));
          }
          break;
        }
        case "text": {
          const text = token as Tokens.Text;
          if (text.tokens && text.tokens.length > 0) spans.push(...this.inline(text.tokens, marks));
          else spans.push({ text: text.text, ...marks });
          break;
        }
        case "escape":
          spans.push({ text: (token as Tokens.Escape).text, ...marks });
          break;
        case "paragraph":
          spans.push(...this.inline((token as Tokens.Paragraph).tokens, marks));
          break;
        case "space":
          break;
        default:
          // HTML and images are left out whole: neither has text a reader should see.
          this.refuse(`"${token.type}"`);
      }
    }
    // Markdown's entities (&amp;) are already decoded by marked; what is left is plain text.
    return spans;
  }

  private list(list: Tokens.List): PageListBlock {
    return {
      kind: "list",
      ordered: list.ordered,
      items: list.items.map((item) => {
        const inner = item.tokens.filter((token) => token.type !== "checkbox");
        if (item.task) this.refuse("a task list");
        return {
          content: this.inline(inner.filter((token) => token.type !== "list")),
          lists: inner.flatMap((token) => (token.type === "list" ? [this.list(token as Tokens.List)] : [])),
        };
      }),
    };
  }

  private heading(heading: Tokens.Heading): PageBlock {
    let level = heading.depth;
    if (level < 2) {
      if (this.refuses) {
        throw new Error(
          `${this.source}: "${heading.text}" is a level ${heading.depth} heading; use ## or deeper (the title is the page's only level 1 heading)`,
        );
      }
      level = 2;
    }
    const text = this.inline(heading.tokens)
      .map((span) => span.text)
      .join("");
    let id = slugOf(text);
    if (this.ids.has(id)) {
      if (this.refuses) throw new Error(`${this.source}: two headings are both "${text}"`);
      let count = 2;
      while (this.ids.has(`${id}-${count}`)) count += 1;
      id = `${id}-${count}`;
    }
    this.ids.add(id);
    return { kind: "heading", level: level as 2 | 3 | 4 | 5 | 6, text, id };
  }

  /** Blocks of Markdown. A paragraph "Table: …" just above a table is its caption. */
  blocks(tokens: readonly Token[]): PageBlock[] {
    const blocks: PageBlock[] = [];
    let caption: string | null = null;
    const captionMisplaced = () =>
      new Error(`${this.source}: "Table: ${caption}" must come straight before a table`);
    for (const token of tokens) {
      if (caption !== null && token.type !== "space" && token.type !== "table") {
        if (this.refuses) throw captionMisplaced();
        blocks.push({ kind: "paragraph", content: [{ text: `Table: ${caption}` }] });
        caption = null;
      }
      switch (token.type) {
        case "space":
        case "def":
          break;
        case "heading":
          blocks.push(this.heading(token as Tokens.Heading));
          break;
        case "paragraph": {
          const paragraph = token as Tokens.Paragraph;
          const slot = slotPattern.exec(paragraph.text.trim());
          const tableCaption = captionPattern.exec(paragraph.text.trim());
          if (slot && this.refuses) {
            const name = slot[1] as PageSlotName;
            if (!pageSlotNames.includes(name)) throw new Error(`${this.source}: unknown slot {{${slot[1]}}}`);
            blocks.push({ kind: "slot", name });
          } else if (tableCaption) {
            caption = tableCaption[1] ?? "";
          } else {
            const content = this.inline(paragraph.tokens);
            if (content.length > 0) blocks.push({ kind: "paragraph", content });
          }
          break;
        }
        case "list":
          blocks.push(this.list(token as Tokens.List));
          break;
        case "blockquote":
          blocks.push({ kind: "quote", blocks: this.blocks((token as Tokens.Blockquote).tokens) });
          break;
        case "hr":
          blocks.push({ kind: "rule" });
          break;
        case "table": {
          const table = token as Tokens.Table;
          blocks.push({
            kind: "table",
            caption,
            header: table.header.map((cell) => this.inline(cell.tokens)),
            rows: table.rows.map((row) => row.map((cell) => this.inline(cell.tokens))),
          });
          caption = null;
          break;
        }
        case "code":
          // Left as a paragraph of its text, never as code to run or copy.
          this.refuse('"code"');
          blocks.push({ kind: "paragraph", content: [{ text: (token as Tokens.Code).text }] });
          break;
        default:
          // Raw HTML, and whatever else marked may one day add, is left out.
          this.refuse(`"${token.type}"`);
      }
    }
    if (caption !== null) {
      if (this.refuses) throw captionMisplaced();
      blocks.push({ kind: "paragraph", content: [{ text: `Table: ${caption}` }] });
    }
    return blocks;
  }
}

/** Markdown as the blocks a page is made of; `source` names it in what is refused. */
export function markdownToPageBlocks(
  markdown: string,
  source: string,
  { unsupported = "refuse" }: PageMarkdownOptions = {},
): PageBlock[] {
  const reader = new PageMarkdownReader(source, unsupported === "refuse");
  return reader.blocks(new Lexer({ gfm: true }).lex(markdown));
}

/** A run of inline content as plain text, marks and links dropped. */
function plainTextOf(content: readonly PageInline[]): string {
  return content.map((span) => span.text).join("");
}

function listAsPlainText(list: PageListBlock): string {
  return list.items
    .map((item) => [plainTextOf(item.content), ...item.lists.map(listAsPlainText)].join("\n"))
    .join("\n");
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
          return listAsPlainText(block);
        case "quote":
          return blocksAsPlainText(block.blocks);
        case "table":
          return [block.header, ...block.rows].map((row) => row.map(plainTextOf).join(": ")).join("\n");
        case "rule":
        case "slot":
          return "";
      }
    })
    .filter((text) => text !== "")
    .join("\n\n");
}
