import type { Metadata } from "next";
import { adviceCategoryOf, adviceMessages, longestAdviceSearch } from "@kindred/domain";
import { AdviceListPage } from "@/features/advice/advice-list-page";
import { fetchAdviceArticles } from "@/lib/advice-articles.server";
import { publicPageMetadata } from "@/lib/page-metadata";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a query parameter, "" when absent. */
const first = (value: string | string[] | undefined) =>
  Array.isArray(value) ? (value[0] ?? "") : (value ?? "");

/** What the address asks for: a search too long is not used, an unknown category means all. */
async function readQuery(searchParams: SearchParams) {
  const params = await searchParams;
  const search = first(params.search);
  const searchProblem = search.length > longestAdviceSearch ? adviceMessages.searchTooLong : undefined;
  const category = adviceCategoryOf(first(params.category));
  return { search, searchProblem, category };
}

export async function generateMetadata(): Promise<Metadata> {
  const { seo } = await fetchAdviceArticles();
  // Every search and filter of the list is the same page to a search engine.
  return publicPageMetadata({
    title: seo.title,
    description: seo.description,
    path: seo.path,
    sharedTitle: seo.title,
  });
}

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { search, searchProblem, category } = await readQuery(searchParams);
  const { data } = await fetchAdviceArticles(searchProblem ? "" : search.trim(), category?.slug);
  return (
    <AdviceListPage
      articles={data}
      search={search}
      category={category?.slug ?? ""}
      {...(searchProblem ? { searchProblem } : {})}
    />
  );
}
