import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { LegalDocumentBlock, LegalDocumentInline } from "@kindred/contracts";
import {
  legalDocumentReferences,
  refundDeadlineInWords,
  whenTheTimeComesExplained,
  type PayingBy,
} from "@kindred/domain";
import { repositoryRoot } from "../src/config";
import { readPaymentTermsFile } from "../src/modules/catalogue/catalogue-files";
import { loadLegalLibrary, type LegalLibrary } from "../src/modules/documents/legal-library";
import type { TemplateBlock } from "../src/modules/documents/markdown-blocks";
import { renderDocumentPdf } from "../src/modules/documents/pdf";
import { renderPlanPaid } from "../src/modules/email/emails/plan-paid";
import { readPdf } from "./support/pdf-text";

/**
 * The API's texts say what the domain's one rule does when the person covered dies (issue 23
 * items 1 and 2): the terms and the plan details quote `whenTheTimeComesExplained` for every way
 * of paying, the confirmation email quotes it for the plan's own, no legal text says otherwise,
 * and a refund is promised `refundDeadlineInWords`, nowhere "within 14 days".
 */

const contentDirectory = path.join(repositoryRoot, "content");

/** Sentences that said the funeral waits on the last payment: the rule says otherwise. */
const contradictions = [
  /only guaranteed once/i,
  /pay what is still owed/i,
  /pay the rest/i,
  /what is still owed/i,
  /guaranteed once the plan is paid in full/i,
];

let library: LegalLibrary;
let moratoriumMonths: number;

beforeAll(async () => {
  library = await loadLegalLibrary(contentDirectory);
  ({ moratoriumMonths } = await readPaymentTermsFile(contentDirectory));
});

const sentences = (payingBy: PayingBy) =>
  whenTheTimeComesExplained(payingBy, moratoriumMonths).map((each) => each.text);

function template(reference: (typeof legalDocumentReferences)[number]) {
  const document = library.get(reference);
  if (!document) throw new Error(`No ${reference} in content/legal`);
  return document;
}

/** A document's blocks without the places a plan's own figures go (they say nothing of the rule). */
function withoutSlots(blocks: readonly TemplateBlock[]): LegalDocumentBlock[] {
  return blocks.filter((block): block is LegalDocumentBlock => block.kind !== "slot");
}

const inlineText = (content: readonly LegalDocumentInline[]) => content.map((span) => span.text).join("");

/** The words of a document's blocks, as the site shows them. */
function blocksText(blocks: readonly TemplateBlock[]): string {
  return withoutSlots(blocks)
    .map((block) => {
      switch (block.kind) {
        case "heading":
          return block.text;
        case "paragraph":
          return inlineText(block.content);
        case "list":
          return block.items.map(inlineText).join("\n");
        case "table":
          return [block.header, ...block.rows].map((row) => row.join(" ")).join("\n");
      }
    })
    .join("\n");
}

/** A document's words as its PDF's reader sees them. */
async function pdfText(reference: "terms-and-conditions" | "plan-details"): Promise<string> {
  const document = template(reference);
  const pdf = await renderDocumentPdf({
    title: document.title,
    blocks: withoutSlots(document.blocks),
    scale: "standard",
  });
  return (await readPdf(new Uint8Array(pdf))).text;
}

describe("the terms and the plan details", () => {
  it("read the moratorium from the catalogue, within what FPCOB 7.2 allows", () => {
    expect(moratoriumMonths).toBeGreaterThanOrEqual(1);
    expect(moratoriumMonths).toBeLessThanOrEqual(24);
  });

  for (const reference of ["terms-and-conditions", "plan-details"] as const) {
    it(`${reference}: the PDF says every sentence of the rule, paid in full and by instalments`, async () => {
      const text = await pdfText(reference);

      for (const sentence of [...sentences({ option: "full" }), ...sentences({ option: "deposit" })]) {
        expect(text, reference).toContain(sentence);
      }
    });

    it(`${reference}: each way of paying is a paragraph followed by its sentences as a bulleted list`, () => {
      const blocks = withoutSlots(template(reference).blocks);
      for (const [heading, payingBy] of [
        ["If you pay in full:", { option: "full" }],
        ["If you pay a deposit and the rest by monthly Direct Debit:", { option: "deposit" }],
      ] as const) {
        const at = blocks.findIndex(
          (block) => block.kind === "paragraph" && inlineText(block.content) === heading,
        );
        expect(at, heading).toBeGreaterThan(0);
        const list = blocks[at + 1];
        expect(list?.kind).toBe("list");
        if (list?.kind !== "list") return;
        expect(list.ordered).toBe(false);
        expect(list.items.map(inlineText)).toEqual(sentences(payingBy));
      }
    });
  }

  it("the terms promise a refund within the one setting's days, and never within 14", async () => {
    const terms = await pdfText("terms-and-conditions");

    expect(terms).toContain(`to the person who paid for the plan, ${refundDeadlineInWords} of your request.`);
    expect(terms).not.toMatch(/within 14 days/i);
  });
});

describe("every legal text", () => {
  it("says nowhere, as written or as filled in, that the funeral waits on what is still owed", async () => {
    const folder = path.join(contentDirectory, "legal");
    const files = (await readdir(folder)).filter((file) => file.endsWith(".md"));
    expect(files).toHaveLength(legalDocumentReferences.length);
    const written = await Promise.all(
      files.map(async (file) => ({ source: file, text: await readFile(path.join(folder, file), "utf8") })),
    );
    const filledIn = legalDocumentReferences.map((reference) => ({
      source: reference,
      text: blocksText(template(reference).blocks),
    }));

    for (const { source, text } of [...written, ...filledIn]) {
      for (const contradiction of contradictions) expect(text, source).not.toMatch(contradiction);
      expect(text, source).not.toMatch(/within 14 days/i);
    }
    for (const { source, text } of filledIn) expect(text, source).not.toMatch(/\{\{\w+\}\}/);
  });
});

describe("the email confirming a plan", () => {
  const email = {
    kind: "plan-paid" as const,
    to: { name: "Jane Smith", address: "jane@example.com" },
    firstName: "Jane",
    planReference: "KFP-7Q3M-2XK9",
    attachments: [],
  };

  it("says, for a plan paid in full, exactly the rule's sentences for paying in full", () => {
    const { text } = renderPlanPaid({ ...email, paymentOption: "full", amount: 395_000, moratoriumMonths });

    for (const sentence of sentences({ option: "full" })) expect(text).toContain(`- ${sentence}`);
    for (const sentence of sentences({ option: "deposit", months: 60 })) {
      expect(text).not.toContain(sentence);
    }
  });

  for (const months of [12, 60]) {
    it(`says, for a deposit and ${months} months of instalments, exactly the rule's sentences for that term`, () => {
      const { text } = renderPlanPaid({
        ...email,
        paymentOption: "deposit",
        amount: 25_000,
        months,
        moratoriumMonths,
      });

      for (const sentence of sentences({ option: "deposit", months }))
        expect(text).toContain(`- ${sentence}`);
      for (const sentence of sentences({ option: "full" })) expect(text).not.toContain(sentence);
      for (const contradiction of contradictions) expect(text).not.toMatch(contradiction);
    });
  }
});
