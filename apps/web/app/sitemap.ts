import type { MetadataRoute } from "next";
import { adviceListPath, firstJourneyStepHandle, journeyStepPath } from "@kindred/domain";
import { fetchAdviceArticles } from "@/lib/advice-articles.server";
import { getServerConfig } from "@/lib/server-config.server";

// Made for each request, from the articles in the database and the site's public address (both
// known only when the server runs, not when it is built).
export const dynamic = "force-dynamic";

/**
 * The public pages people arrive at from a search engine, each with its own canonical address;
 * pages behind sign-in or a plan, and journey steps after the first, are not (they are marked
 * noindex: src/lib/page-metadata.ts).
 */
const publicPages = [
  "/",
  "/planning",
  journeyStepPath(firstJourneyStepHandle),
  "/free-guide",
  adviceListPath,
  "/faqs",
  "/notify-a-death",
  "/supportneeds",
  "/privacy-policy",
  "/cookie-policy",
  "/terms",
  "/terms/initial-disclosure-document",
  "/terms/guaranteed-costs-and-contributions-explained",
  "/complaints",
  "/accessibility",
];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = getServerConfig().SITE_URL;
  const { data: articles } = await fetchAdviceArticles();
  return [
    ...publicPages.map((path) => ({ url: `${origin}${path}` })),
    ...articles.map((article) => ({ url: `${origin}${article.path}`, lastModified: article.updatedOn })),
  ];
}
