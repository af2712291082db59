import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { legalDocumentFrontMatterSchema } from "@kindred/contracts";
import {
  fillTextPlaceholders,
  legalDocumentReferences,
  textPlaceholders,
  type LegalDocumentReference,
} from "@kindred/domain";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { readPaymentTermsFile } from "../catalogue";
import { markdownToBlocks, planSlotNames, type TemplateBlock } from "./markdown-blocks";

type LegalDocumentFrontMatter = z.infer<typeof legalDocumentFrontMatterSchema>;

export interface LegalDocumentTemplate extends LegalDocumentFrontMatter {
  blocks: TemplateBlock[];
}

export type LegalLibrary = ReadonlyMap<LegalDocumentReference, LegalDocumentTemplate>;

/** The catalogue's settings the legal texts quote. */
export interface LegalSettings {
  /** The plan's first months (FPCOB 7.2's moratorium), from `content/catalogue/payment-terms.json`. */
  moratoriumMonths: number;
}

/**
 * Fills in `{{name}}` with the domain's `textPlaceholders` (with what happens when the person
 * covered dies only given the catalogue's settings); a plan slot is left for the plan, an
 * unknown name stops the load.
 */
export function fillPlaceholders(markdown: string, source: string, settings?: LegalSettings): string {
  return fillTextPlaceholders(markdown, textPlaceholders(settings), source, planSlotNames);
}

/** One Markdown file: front matter between `---` lines, then the text. */
export function parseLegalDocument(
  text: string,
  source: string,
  settings?: LegalSettings,
): LegalDocumentTemplate {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${source}: no front matter`);
  const frontMatter = legalDocumentFrontMatterSchema.safeParse(parseYaml(match[1] ?? ""));
  if (!frontMatter.success) throw new Error(`${source}: ${z.prettifyError(frontMatter.error)}`);
  return {
    ...frontMatter.data,
    blocks: markdownToBlocks(fillPlaceholders(match[2] ?? "", source, settings)),
  };
}

/**
 * Reads content/legal: exactly one file for each of the six documents, or start-up stops. The
 * placeholders worded from the catalogue's settings read them from the same content directory.
 */
export async function loadLegalLibrary(contentDirectory: string): Promise<LegalLibrary> {
  const { moratoriumMonths } = await readPaymentTermsFile(contentDirectory);
  const folder = path.join(contentDirectory, "legal");
  const files = (await readdir(folder)).filter((file) => file.endsWith(".md")).sort();
  const library = new Map<LegalDocumentReference, LegalDocumentTemplate>();
  for (const file of files) {
    const document = parseLegalDocument(await readFile(path.join(folder, file), "utf8"), file, {
      moratoriumMonths,
    });
    if (library.has(document.docReference)) {
      throw new Error(`${file}: a second file for ${document.docReference}`);
    }
    library.set(document.docReference, document);
  }
  const missing = legalDocumentReferences.filter((reference) => !library.has(reference));
  if (missing.length > 0) throw new Error(`content/legal has no file for ${missing.join(", ")}`);
  return library;
}
