import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import {
  adviceArticlesResponseSchema,
  adviceArticleDetailsResponseSchema,
  type AdviceArticlesResponse,
  type AdviceArticleDetailsResponse,
  type AdviceArticleSummary,
} from "@kindred/contracts";
import type { AdviceCategorySlug } from "@kindred/domain";
import { getServerConfig } from "./server-config.server";

/**
 * The funeral advice articles, read from the API on the server when a page is rendered
 * (`GET /api/stories`, SPEC.md section 7 item 7). The articles are public, so no token is sent;
 * the visitor's address is, so the API's per-address limit counts visitors, not this server.
 * Each function is wrapped in React's `cache`, so a page and its metadata share one request.
 */

/** Long enough for a slow database, short enough that a page never hangs. */
const adviceArticlesTimeoutMs = 10_000;

async function getFromApi(pathAndQuery: string): Promise<Response> {
  const visitorAddress = (await headers()).get("x-forwarded-for");
  return fetch(`${getServerConfig().API_URL}${pathAndQuery}`, {
    headers: { accept: "application/json", ...(visitorAddress ? { "x-forwarded-for": visitorAddress } : {}) },
    cache: "no-store",
    signal: AbortSignal.timeout(adviceArticlesTimeoutMs),
  });
}

async function failed(response: Response, what: string): Promise<never> {
  throw new Error(
    `The API answered ${response.status} for ${what}: ${(await response.text()).slice(0, 200)}`,
  );
}

/**
 * The articles matching a search ("" for all) and category (none for all), newest first, those
 * with every word in their title first when searching; at most `limit` of them.
 */
export const fetchAdviceArticles = cache(
  async (search = "", category?: AdviceCategorySlug, limit?: number): Promise<AdviceArticlesResponse> => {
    const query = new URLSearchParams();
    if (search) query.set("search", search);
    if (category) query.set("category", category);
    if (limit !== undefined) query.set("limit", String(limit));
    const response = await getFromApi(`/api/stories${query.size > 0 ? `?${query}` : ""}`);
    if (!response.ok) return failed(response, "the articles");
    return adviceArticlesResponseSchema.parse(await response.json());
  },
);

/** One article by its slug (or numeric id), with related articles; null when there is no such article. */
export const fetchAdviceArticle = cache(
  async (slugOrId: string): Promise<AdviceArticleDetailsResponse | null> => {
    const response = await getFromApi(`/api/stories/details/${encodeURIComponent(slugOrId)}`);
    if (response.status === 404 || response.status === 414) return null;
    if (!response.ok) return failed(response, `the article ${slugOrId}`);
    return adviceArticleDetailsResponseSchema.parse(await response.json());
  },
);

/**
 * The newest `count` articles, for a "latest advice" section (the home page's). A server
 * function: call it from a server component and pass the summaries down.
 */
export async function fetchLatestAdviceArticles(count = 3): Promise<AdviceArticleSummary[]> {
  return (await fetchAdviceArticles("", undefined, count)).data;
}
