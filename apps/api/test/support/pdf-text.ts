import { extractText, getDocumentProxy } from "unpdf";

export interface PdfContent {
  pages: number;
  /** Every page's text, with each run of white space (line ends too) as one space. */
  text: string;
  /** The size in points of every piece of text that shows something. */
  fontSizes: number[];
  /** Every piece of text that shows something, in the order it is drawn, with its size in points. */
  pieces: { text: string; points: number }[];
  /** Width and height of each page in points. */
  pageSizes: [number, number][];
  /** Every piece of text placed outside its page, where no reader can see it. */
  offPage: string[];
}

/** Reads a PDF as a person's PDF reader would: its pages, its text and the size of that text. */
export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  const fontSizes: number[] = [];
  const pieces: PdfContent["pieces"] = [];
  const pageSizes: [number, number][] = [];
  const offPage: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const [, , width = 0, height = 0] = page.view;
    pageSizes.push([width, height]);
    for (const item of (await page.getTextContent()).items) {
      if (!("str" in item) || item.str.trim() === "") continue;
      const [a = 0, b = 0, , , x = 0, y = 0] = item.transform as number[];
      fontSizes.push(Math.hypot(a, b));
      pieces.push({ text: item.str, points: Math.hypot(a, b) });
      if (x < 0 || x > width || y < 0 || y > height) offPage.push(item.str);
    }
  }
  return {
    pages: pdf.numPages,
    text: text.replace(/\s+/g, " ").trim(),
    fontSizes,
    pieces,
    pageSizes,
    offPage,
  };
}

/** Large print, as RNIB's clear print guidance sets it: no text under 16 pt. */
export const largePrintPoints = 16;

/** The size of the smallest text in a PDF, in points. */
export function smallestTextPoints(pdf: PdfContent): number {
  if (pdf.fontSizes.length === 0) throw new Error("The PDF shows no text");
  return Math.min(...pdf.fontSizes);
}
