import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { LegalDocumentBlock } from "@kindred/contracts";
import { freeGuide } from "@kindred/domain";
import { fillPlaceholders } from "./legal-library";
import { markdownToBlocks } from "./markdown-blocks";
import { renderDocumentPdf } from "./pdf";

/** The guide as a file: its name and its bytes. */
interface RenderedGuide {
  fileName: string;
  pdf: Buffer;
}

export interface FreeGuide {
  /** The guide as a PDF, standard or large print (16 pt and over), made once each per process. */
  pdf(print: "standard" | "large"): Promise<RenderedGuide>;
}

/** A chapter's file: `01-welcome.md`. Anything else in the folder (its README) is not part of it. */
const chapterFile = /^\d{2}-[a-z0-9-]+\.md$/;

/**
 * Reads the free guide from `content/guide` (docs/decisions/019-free-guide.md): one Markdown file
 * per chapter, in the order of their names, each starting with its title (`# ...`), which starts
 * a new page. `{{supportPhone}}` and the other placeholders of the legal texts are filled in from
 * their one definition, so the guide cannot give another number than the rest of the site. A
 * chapter that cannot be read stops start-up.
 */
export async function loadFreeGuide(contentDirectory: string): Promise<FreeGuide> {
  const folder = path.join(contentDirectory, "guide");
  const files = (await readdir(folder)).filter((file) => chapterFile.test(file)).sort();
  if (files.length === 0) throw new Error("content/guide has no chapters (01-title.md and on)");
  const blocks: LegalDocumentBlock[] = [];
  for (const file of files) {
    const chapter = markdownToBlocks(fillPlaceholders(await readFile(path.join(folder, file), "utf8"), file));
    const [title] = chapter;
    if (title?.kind !== "heading" || title.level !== 1) {
      throw new Error(`content/guide/${file}: a chapter starts with its title, "# ..."`);
    }
    for (const block of chapter) {
      if (block.kind === "slot") throw new Error(`content/guide/${file}: the guide has no plan's figures`);
      blocks.push(block);
    }
  }

  // The guide never changes while the process runs: each print is made the first time it is asked for.
  const made = new Map<"standard" | "large", Promise<RenderedGuide>>();
  return {
    pdf(print) {
      let rendered = made.get(print);
      if (!rendered) {
        rendered = renderDocumentPdf({ title: freeGuide.title, blocks, scale: print, chapters: true }).then(
          (pdf) => ({ fileName: print === "large" ? freeGuide.largePrintFileName : freeGuide.fileName, pdf }),
        );
        made.set(print, rendered);
        rendered.catch(() => made.delete(print));
      }
      return rendered;
    },
  };
}
