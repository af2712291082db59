import type { Metadata } from "next";
import { firmDetails } from "@kindred/domain";
import type { PageFrontMatter } from "./information-page-file";

/**
 * A page's own title, description, canonical address and sharing tags, from its front matter.
 * Open Graph and Twitter tags are given whole: Next.js replaces the layout's, it does not merge.
 */
export function informationPageMetadata(page: PageFrontMatter, path: string): Metadata {
  const fullTitle = `${page.title} | ${firmDetails.tradingName}`;
  return {
    title: page.title,
    description: page.description,
    alternates: { canonical: path },
    openGraph: {
      type: "website",
      locale: "en_GB",
      siteName: firmDetails.tradingName,
      title: fullTitle,
      description: page.description,
      url: path,
    },
    twitter: { card: "summary", title: fullTitle, description: page.description },
  };
}
