import type { Metadata } from "next";
import { firmDetails } from "@kindred/domain";

/**
 * What search engines and shared links are told about a page, the one place it is written
 * (issue 25 item 11). Addresses are paths: the root layout's `metadataBase` (SITE_URL) makes them
 * absolute. Open Graph and X tags are always given whole, picture included: Next.js replaces a
 * parent's `openGraph` with a page's own, it does not merge them.
 */

export const siteTitle = `Prepaid funeral plans | ${firmDetails.tradingName}`;
export const siteDescription =
  `Arrange and pay for your funeral in advance with a prepaid funeral plan from ${firmDetails.tradingName}. ` +
  "See the price as you choose, with no pressure, and cancel at any time for a full refund.";

/** The picture a shared link shows (app/opengraph-image.tsx). */
const sharingImage = {
  url: "/opengraph-image",
  width: 1200,
  height: 630,
  alt: `${firmDetails.tradingName}: prepaid funeral plans`,
  type: "image/png",
};

/** Extra Open Graph facts about an article (the funeral advice). */
interface ArticleFacts {
  publishedTime: string;
  modifiedTime: string;
  section: string;
}

/**
 * The Open Graph and X tags for a shared link: title, description, picture, and the page's own
 * address when it has one worth sharing.
 */
export function sharingTags(
  title: string,
  description: string,
  path?: string,
  article?: ArticleFacts,
): Pick<Metadata, "openGraph" | "twitter"> {
  const common = {
    locale: "en_GB",
    siteName: firmDetails.tradingName,
    title,
    description,
    images: [sharingImage],
    ...(path === undefined ? {} : { url: path }),
  };
  return {
    openGraph: article ? { type: "article", ...common, ...article } : { type: "website", ...common },
    twitter: { card: "summary_large_image", title, description, images: [sharingImage] },
  };
}

/**
 * A page for search engines: its title, description, canonical address (its path, never with a
 * query string such as UTM tags) and sharing tags. `sharedTitle` is the title a shared link
 * shows; by default the page's own with the firm's name, as the browser tab reads.
 */
export function publicPageMetadata({
  title,
  description,
  path,
  sharedTitle = `${title} | ${firmDetails.tradingName}`,
  article,
}: {
  title: string;
  description: string;
  path: string;
  sharedTitle?: string;
  article?: ArticleFacts;
}): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    ...sharingTags(sharedTitle, description, path, article),
  };
}

/**
 * A page search engines should neither list nor follow: a journey step after the first, the plan
 * summary and documents, anything behind a plan, a sign-in or a link sent by email.
 */
export const notForSearchEngines = { index: false, follow: false } as const satisfies Metadata["robots"];
