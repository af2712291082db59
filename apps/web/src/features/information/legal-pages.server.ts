import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { legalDocumentFrontMatterSchema } from "@kindred/contracts";
import { publicDocumentFiles, publicDocumentsPath } from "@kindred/domain";
import type { PageBlock } from "../../components/page-markdown";
import { parsePageFile } from "./information-page-file";
import { contentDirectory, informationPagePlaceholders } from "./information-pages.server";

/**
 * The fixed documents anyone may read before buying (the terms, the initial disclosure document,
 * guaranteed costs and contributions explained; issue 23 item 6), as pages of the site as well as
 * the PDFs the API makes: the same files in `content/legal`, the same placeholders.
 */
export type PublicDocumentReference = keyof typeof publicDocumentFiles;

/** Where each is a page: the terms at /terms, the others beneath it. */
export const legalPagePaths = {
  "terms-and-conditions": "/terms",
  "initial-disclosure-document": "/terms/initial-disclosure-document",
  "guaranteed-costs-and-contributions-explained": "/terms/guaranteed-costs-and-contributions-explained",
} as const satisfies Record<PublicDocumentReference, string>;

export interface LegalPage {
  reference: PublicDocumentReference;
  title: string;
  version: string;
  /** The same document as a PDF, served by the API through the web server. */
  pdfPath: string;
  blocks: PageBlock[];
}

const loadedPages = new Map<PublicDocumentReference, LegalPage>();

/** One fixed document as a page, read once per process; a file that breaks a rule stops the build. */
export function loadLegalPage(reference: PublicDocumentReference, directory?: string): LegalPage {
  if (directory !== undefined) return readLegalPage(reference, directory);
  let page = loadedPages.get(reference);
  if (!page) {
    page = readLegalPage(reference, contentDirectory());
    loadedPages.set(reference, page);
  }
  return page;
}

function readLegalPage(reference: PublicDocumentReference, directory: string): LegalPage {
  const source = `content/legal/${reference}.md`;
  // The file's own title heading ("# Terms and conditions") is the page's h1, written by the page.
  const text = readFileSync(path.join(directory, "legal", `${reference}.md`), "utf8").replace(
    /^(---\r?\n[\s\S]*?\r?\n---\r?\n)\s*# [^\n]*\n/,
    "$1",
  );
  const { docReference, title, version, blocks } = parsePageFile(
    text,
    source,
    informationPagePlaceholders(directory),
    legalDocumentFrontMatterSchema,
  );
  if (docReference !== reference) throw new Error(`${source}: its docReference is ${docReference}`);
  return {
    reference,
    title,
    version,
    pdfPath: `${publicDocumentsPath}/${publicDocumentFiles[reference]}`,
    blocks,
  };
}
