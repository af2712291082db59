// @vitest-environment node
import { readFileSync } from "node:fs";
import path from "node:path";
import { refundDeadlineInWords, whenTheTimeComesExplained } from "@kindred/domain";
import { describe, expect, it } from "vitest";

const { contentDirectory } = await import("./information-pages.server");
const { legalPagePaths, loadLegalPage } = await import("./legal-pages.server");
const { blocksAsPlainText } = await import("../../components/page-markdown");

const { moratoriumMonths } = JSON.parse(
  readFileSync(path.join(contentDirectory(), "catalogue", "payment-terms.json"), "utf8"),
) as { moratoriumMonths: number };

describe("the fixed documents as pages (/terms)", () => {
  it("reads each from content/legal, with its title, its version and its PDF", () => {
    for (const reference of Object.keys(legalPagePaths) as (keyof typeof legalPagePaths)[]) {
      const page = loadLegalPage(reference);
      const frontMatter = readFileSync(path.join(contentDirectory(), "legal", `${reference}.md`), "utf8");
      expect(frontMatter).toContain(`title: ${page.title}`);
      expect(frontMatter).toContain(`version: "${page.version}"`);
      expect(page.pdfPath).toMatch(/^\/public-documents\/[a-z-]+\.pdf$/);
      expect(blocksAsPlainText(page.blocks)).not.toMatch(/\{\{|\}\}/);
      // The file's own title is the page's heading, not repeated in its text.
      expect(page.blocks[0]).not.toMatchObject({ kind: "heading", text: page.title });
    }
    expect(loadLegalPage("terms-and-conditions").pdfPath).toBe("/public-documents/terms.pdf");
  });

  it("says in the terms what happens when the person covered dies, in the rule's words, and when a refund is paid", () => {
    const terms = blocksAsPlainText(loadLegalPage("terms-and-conditions").blocks);
    for (const payingBy of [{ option: "full" as const }, { option: "deposit" as const }]) {
      for (const { text } of whenTheTimeComesExplained(payingBy, moratoriumMonths))
        expect(terms).toContain(text);
    }
    expect(terms).toContain(refundDeadlineInWords);
  });
});
