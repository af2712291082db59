import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import {
  adviceCategorySlugs,
  adviceReadingMinutes,
  adviceSlugPattern,
  fillTextPlaceholders,
  longestAdviceSlug,
  textPlaceholders,
} from "@kindred/domain";
import { Lexer, walkTokens, type Token, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";

/**
 * The funeral advice articles: one Markdown file each in `content/advice/`, named by its slug
 * (`direct-cremation-explained.md`), with front matter. They are product data written by people,
 * so they are checked as strictly as any request before a row is written, and a bad one stops
 * start-up naming the file (docs/decisions/018-advice-content.md).
 */
const frontMatterSchema = z.strictObject({
  title: z.string().trim().min(10).max(120),
  /** The meta description: search engines show about 160 characters. */
  description: z.string().trim().min(50).max(160),
  category: z.enum(adviceCategorySlugs),
  publishedOn: z.iso.date(),
  updatedOn: z.iso.date(),
  /** Worked out from the text when not given. */
  readingMinutes: z.number().int().min(1).max(60).optional(),
  author: z.string().trim().min(2),
  reviewer: z.string().trim().min(2),
});

export interface AdviceArticleFile {
  slug: string;
  title: string;
  description: string;
  category: (typeof adviceCategorySlugs)[number];
  body: string;
  author: string;
  reviewer: string;
  publishedOn: string;
  updatedOn: string;
  readingMinutes: number;
}

/** Where an article may link: our own pages, or a web address. */
const allowedLink = /^(?:\/(?!\/)|#|https:\/\/|mailto:|tel:)/;

/**
 * The Markdown an article may use: headings from level 2 (the page's title is its only level 1)
 * without skipping a level, paragraphs, emphasis, lists, block quotes, tables and links. HTML,
 * images and code are refused, so what is written is what is shown.
 */
function findMarkdownProblems(markdown: string): string[] {
  const problems: string[] = [];
  const tokens = new Lexer({ gfm: true }).lex(markdown);
  let previousLevel = 1;
  for (const token of tokens) {
    if (token.type !== "heading") continue;
    const { depth, text } = token as Tokens.Heading;
    if (depth === 1) problems.push(`"${text}" is a level 1 heading; the title is the page's only one`);
    else if (depth > previousLevel + 1) {
      problems.push(
        `"${text}" is a level ${depth} heading after level ${previousLevel}; no level may be skipped`,
      );
    }
    previousLevel = depth;
  }
  walkTokens(tokens, (token: Token) => {
    switch (token.type) {
      case "html":
      case "image":
      case "code":
      case "codespan":
        problems.push(`${token.type} is not allowed: ${token.raw.trim().slice(0, 60)}`);
        break;
      case "link": {
        const { href } = token as Tokens.Link;
        if (!allowedLink.test(href))
          problems.push(`the link to "${href}" is neither one of our pages nor https`);
        break;
      }
    }
  });
  return problems;
}

/** One article file: its slug is its file name. */
export function parseAdviceArticleFile(text: string, fileName: string): AdviceArticleFile {
  const slug = fileName.replace(/\.md$/, "");
  if (!adviceSlugPattern.test(slug) || slug.length > longestAdviceSlug) {
    throw new Error(`${fileName}: the file name must be the slug: lower-case words joined by hyphens`);
  }
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${fileName}: no front matter`);
  const frontMatter = frontMatterSchema.safeParse(parseYaml(match[1] ?? ""));
  if (!frontMatter.success) throw new Error(`${fileName}: ${z.prettifyError(frontMatter.error)}`);
  const { readingMinutes, ...facts } = frontMatter.data;
  if (facts.updatedOn < facts.publishedOn) {
    throw new Error(`${fileName}: updatedOn ${facts.updatedOn} is before publishedOn ${facts.publishedOn}`);
  }
  const body = fillTextPlaceholders(match[2] ?? "", textPlaceholders(), fileName).trim();
  const problems = findMarkdownProblems(body);
  if (problems.length > 0) throw new Error(`${fileName}:\n  ${problems.join("\n  ")}`);
  return { slug, ...facts, body, readingMinutes: readingMinutes ?? adviceReadingMinutes(body) };
}

/** Every article in `content/advice/`, in file-name order. */
export async function readAdviceArticleFiles(contentDirectory: string): Promise<AdviceArticleFile[]> {
  const folder = path.join(contentDirectory, "advice");
  const files = (await readdir(folder)).filter((file) => file.endsWith(".md")).sort();
  return Promise.all(
    files.map(async (file) => parseAdviceArticleFile(await readFile(path.join(folder, file), "utf8"), file)),
  );
}
