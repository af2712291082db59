import { markdownToPageBlocks, pageSlotNames, type PageBlock } from "../../components/page-markdown";
import { fillTextPlaceholders } from "@kindred/domain";
import { parse as parseYaml } from "yaml";
import { z } from "zod";

/**
 * The information pages (questions and answers, extra support, the privacy, cookie and
 * accessibility statements, making a complaint) are Markdown files in `content/pages/`, read
 * when the site is built: front matter, then Markdown that becomes the blocks of
 * `components/page-markdown.ts`; the fixed legal documents are read the same way as pages
 * (legal-pages.server.ts). Anything the blocks cannot hold stops the build, so what is written is
 * exactly what is shown.
 */

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

/**
 * A Markdown file as a page: its front matter (between `---` lines, read by `schema`), then the
 * Markdown, placeholders filled in, as blocks.
 */
export function parsePageFile<Schema extends z.ZodType<object>>(
  text: string,
  source: string,
  placeholders: Readonly<Record<string, string>>,
  schema: Schema,
): z.infer<Schema> & { blocks: PageBlock[] } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${source}: no front matter`);
  const frontMatter = schema.safeParse(parseYaml(match[1] ?? ""));
  if (!frontMatter.success) throw new Error(`${source}: ${z.prettifyError(frontMatter.error)}`);
  return {
    ...frontMatter.data,
    blocks: markdownToPageBlocks(
      fillTextPlaceholders(match[2] ?? "", placeholders, source, pageSlotNames),
      source,
    ),
  };
}

/** One information page's file. */
export function parseInformationPage(
  text: string,
  source: string,
  placeholders: Readonly<Record<string, string>>,
): InformationPage {
  return parsePageFile(text, source, placeholders, frontMatterSchema);
}
