import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { legalDocumentReferenceSchema } from "@kindred/contracts";
import {
  firmDetails,
  legalDocumentReferences,
  messages,
  refundDeadlineInWords,
  supportPhone,
  whenTheTimeComesMarkdown,
  type LegalDocumentReference,
} from "@kindred/domain";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { readPaymentTermsFile } from "../catalogue";
import { markdownToBlocks, planSlotNames, type TemplateBlock } from "./markdown-blocks";

/** The front matter every file in content/legal starts with. */
const frontMatterSchema = z.strictObject({
  docReference: legalDocumentReferenceSchema,
  title: z.string().min(2),
  version: z.string().min(1),
  fileName: z.string().regex(/^[a-z0-9-]+\.pdf$/),
});
type LegalDocumentFrontMatter = z.infer<typeof frontMatterSchema>;

export interface LegalDocumentTemplate extends LegalDocumentFrontMatter {
  blocks: TemplateBlock[];
}

export type LegalLibrary = ReadonlyMap<LegalDocumentReference, LegalDocumentTemplate>;

/**
 * What `{{name}}` in a legal text stands for. Each value is written once elsewhere (the phone
 * number in contact-details, the firm in firm-details, the continuity statement in messages) and
 * only quoted here, so the documents cannot drift from the rest of the site.
 */
const fixedPlaceholders: Readonly<Record<string, string>> = {
  supportPhone: supportPhone.display,
  supportHours: supportPhone.hours,
  cancellationStatement: messages.cancellationStatement(supportPhone.display),
  ...firmDetails,
};

/** The catalogue's settings the legal texts quote. */
export interface LegalSettings {
  /** The plan's first months (FPCOB 7.2's moratorium), from `content/catalogue/payment-terms.json`. */
  moratoriumMonths: number;
}

/**
 * Every placeholder of the legal texts: the fixed ones, and those worded from the catalogue's
 * settings: what happens when the person covered dies (the domain's one rule, issue 23 item 1)
 * and how soon a refund is paid (issue 23 item 2).
 */
export function legalPlaceholders(settings: LegalSettings): Readonly<Record<string, string>> {
  return {
    ...fixedPlaceholders,
    whenTheTimeComes: whenTheTimeComesMarkdown(settings.moratoriumMonths),
    refundDeadline: refundDeadlineInWords,
  };
}

/** Fills in `{{name}}`; a plan slot is left for the plan, an unknown name stops the load. */
export function fillPlaceholders(
  markdown: string,
  source: string,
  placeholders: Readonly<Record<string, string>> = fixedPlaceholders,
): string {
  return markdown.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = placeholders[name];
    if (value !== undefined) return value;
    if ((planSlotNames as readonly string[]).includes(name)) return whole;
    throw new Error(`${source}: unknown placeholder {{${name}}}`);
  });
}

/** One Markdown file: front matter between `---` lines, then the text. */
export function parseLegalDocument(
  text: string,
  source: string,
  placeholders: Readonly<Record<string, string>> = fixedPlaceholders,
): LegalDocumentTemplate {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${source}: no front matter`);
  const frontMatter = frontMatterSchema.safeParse(parseYaml(match[1] ?? ""));
  if (!frontMatter.success) throw new Error(`${source}: ${z.prettifyError(frontMatter.error)}`);
  return {
    ...frontMatter.data,
    blocks: markdownToBlocks(fillPlaceholders(match[2] ?? "", source, placeholders)),
  };
}

/**
 * Reads content/legal: exactly one file for each of the six documents, or start-up stops. The
 * placeholders worded from the catalogue's settings read them from the same content directory.
 */
export async function loadLegalLibrary(contentDirectory: string): Promise<LegalLibrary> {
  const { moratoriumMonths } = await readPaymentTermsFile(contentDirectory);
  const placeholders = legalPlaceholders({ moratoriumMonths });
  const folder = path.join(contentDirectory, "legal");
  const files = (await readdir(folder)).filter((file) => file.endsWith(".md")).sort();
  const library = new Map<LegalDocumentReference, LegalDocumentTemplate>();
  for (const file of files) {
    const document = parseLegalDocument(await readFile(path.join(folder, file), "utf8"), file, placeholders);
    if (library.has(document.docReference)) {
      throw new Error(`${file}: a second file for ${document.docReference}`);
    }
    library.set(document.docReference, document);
  }
  const missing = legalDocumentReferences.filter((reference) => !library.has(reference));
  if (missing.length > 0) throw new Error(`content/legal has no file for ${missing.join(", ")}`);
  return library;
}
