import type { AdviceArticleSummary } from "@kindred/contracts";
import { adviceCategories, adviceListPath, adviceMessages, longestAdviceSearch } from "@kindred/domain";
import Form from "next/form";
import Link from "next/link";
import styles from "./advice.module.css";
import { PlanningAhead } from "./planning-ahead";
import { FormField } from "../../components/form-field";
import { AdviceArticleCards } from "../../components/advice-article-card";

export interface AdviceListPageProps {
  articles: readonly AdviceArticleSummary[];
  /** The search as the person typed it, to show in the box. */
  search: string;
  /** The chosen category's slug, or "" for all. */
  category: string;
  /** Why the search was not used (it was too long), if it was not. */
  searchProblem?: string;
}

/**
 * The funeral advice articles, with a search box and a category filter. The form is a plain GET
 * form (`next/form` moves between results without a full reload when JavaScript runs, and is an
 * ordinary form when it does not), so every search has its own address and works without JavaScript.
 */
export function AdviceListPage({ articles, search, category, searchProblem }: AdviceListPageProps) {
  const categoryName = adviceCategories.find((candidate) => candidate.slug === category)?.name;
  const searched = searchProblem ? "" : search.trim();
  const filtered = searched !== "" || categoryName !== undefined;
  return (
    <div className="page-width">
      <header className={styles.intro}>
        <h1>Funeral advice</h1>
        <p className="lead">
          Plain, practical guidance on arranging a funeral, what it costs and what to do after a death,
          checked by our funeral arranging team.
        </p>
      </header>

      <div className={styles.finder}>
        <Form action={adviceListPath} className={styles.finderForm} role="search" aria-label="Funeral advice">
          <FormField
            id="advice-search"
            label="Search the advice"
            error={searchProblem}
            errorPlacement="above"
          >
            {(describedBy, hasError) => (
              <input
                className={hasError ? "input input--error" : "input"}
                id="advice-search"
                name="search"
                type="search"
                defaultValue={search}
                maxLength={longestAdviceSearch}
                autoComplete="off"
                spellCheck
                aria-describedby={describedBy}
                aria-invalid={hasError ? true : undefined}
              />
            )}
          </FormField>
          <FormField id="advice-category" label="Topic">
            {() => (
              <select
                className="input"
                id="advice-category"
                name="category"
                defaultValue={categoryName ? category : ""}
              >
                <option value="">All topics</option>
                {adviceCategories.map((option) => (
                  <option key={option.slug} value={option.slug}>
                    {option.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <button type="submit" className={`button ${styles.finderButton}`}>
            Search
          </button>
        </Form>
      </div>

      <div className={styles.resultsBar}>
        <p role="status" className={styles.resultsCount}>
          {adviceMessages.resultsCount(articles.length, searched, categoryName)}
        </p>
        {filtered ? <Link href={adviceListPath}>Show all articles</Link> : null}
      </div>

      {articles.length > 0 ? (
        <AdviceArticleCards articles={articles} headingLevel={2} label="Articles" />
      ) : (
        <div className={styles.noResults}>
          <p>Try a different or shorter word, check the spelling, or choose “All topics”.</p>
          <p>
            <Link href={adviceListPath}>See all our funeral advice</Link>
          </p>
        </div>
      )}

      <PlanningAhead headingId="advice-planning-ahead" />
    </div>
  );
}
