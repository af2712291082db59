/**
 * Funeral advice (SPEC.md section 2: `/funeral-advice` and `/funeral-advice/{slug}`; section 3
 * "Stories"): the articles' categories, how long one takes to read, and what the site says about
 * them. The articles themselves are Markdown in `content/advice/`
 * (docs/decisions/018-advice-content.md).
 */

/** Where the articles live on the site. */
export const adviceListPath = "/funeral-advice";

/** The categories an article can be in, in the order the filter offers them. */
export const adviceCategories = [
  { slug: "arranging-a-funeral", name: "Arranging a funeral" },
  { slug: "costs-and-planning", name: "Costs and planning" },
  { slug: "after-a-death", name: "After a death" },
  { slug: "grief-and-support", name: "Grief and support" },
] as const;

export type AdviceCategory = (typeof adviceCategories)[number];
export type AdviceCategorySlug = AdviceCategory["slug"];

export const adviceCategorySlugs = adviceCategories.map((category) => category.slug) as [
  AdviceCategorySlug,
  ...AdviceCategorySlug[],
];

/** The category with this slug, or undefined for anything else (a hand-typed address, say). */
export function adviceCategoryOf(slug: string | null | undefined): AdviceCategory | undefined {
  return adviceCategories.find((category) => category.slug === slug);
}

/**
 * An article's address part: lower-case words joined by single hyphens ("direct-cremation-explained").
 * A numeric id is never a slug, so one path segment can name an article either way.
 */
export const adviceSlugPattern = /^(?=.*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const longestAdviceSlug = 100;

/** The longest search the articles list takes; longer text is refused, not cut. */
export const longestAdviceSearch = 100;

/**
 * About 200 words a minute: a little slower than the usual adult estimate, since many of our
 * readers are older or reading at a hard time. Never less than one minute.
 */
const adviceWordsPerMinute = 200;

/** How many words an article's Markdown holds, not counting its punctuation and markup. */
function adviceWordCount(markdown: string): number {
  const text = markdown
    // A link counts as its words, not its address.
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#*_>|`~-]+/g, " ");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Whole minutes to read an article, rounded up. */
export function adviceReadingMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(adviceWordCount(markdown) / adviceWordsPerMinute));
}

/** What the site says about the articles, in the web and the API alike. */
export const adviceMessages = {
  noSuchArticle:
    "We could not find this article. It may have moved: please look in the list of funeral advice.",
  unknownCategory: "Choose one of the advice categories.",
  searchTooLong: `Please search for ${longestAdviceSearch} characters or fewer.`,
  /** The results count, read out politely after each search. */
  resultsCount: (count: number, search: string, categoryName: string | undefined) => {
    const articles = count === 1 ? "1 article" : `${count === 0 ? "No" : count} articles`;
    const about = search ? ` about “${search}”` : "";
    const inCategory = categoryName ? ` in ${categoryName}` : "";
    return `${articles}${about}${inCategory}.`;
  },
} as const;
