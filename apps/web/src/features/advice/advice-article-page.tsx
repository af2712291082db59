import type { AdviceArticleDetailsResponse } from "@kindred/contracts";
import { adviceListPath, firmDetails, formatLongDate } from "@kindred/domain";
import Link from "next/link";
import { JsonLd } from "../../components/json-ld";
import styles from "./advice.module.css";
import { ArticleBody } from "./article-body";
import { PlanningAhead } from "./planning-ahead";
import { AdviceArticleCards, AdviceArticleMeta } from "../../components/advice-article-card";

/** schema.org `Article` structured data for search engines. */
function articleJsonLd(article: AdviceArticleDetailsResponse["data"], origin: string) {
  const url = `${origin}${article.path}`;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    datePublished: article.publishedOn,
    dateModified: article.updatedOn,
    articleSection: article.category.name,
    inLanguage: "en-GB",
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    author: { "@type": "Organization", name: article.author, url: origin },
    publisher: { "@type": "Organization", name: firmDetails.tradingName, url: origin },
  };
}

/** One funeral advice article, with where it sits, what to read next and a calm way to plan ahead. */
export function AdviceArticlePage({
  details,
  origin,
}: {
  details: AdviceArticleDetailsResponse;
  origin: string;
}) {
  const { data: article, related } = details;
  return (
    <div className="page-width">
      <JsonLd data={articleJsonLd(article, origin)} />
      <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
        <ol>
          <li>
            <Link href="/">Home</Link>
          </li>
          <li>
            <Link href={adviceListPath}>Funeral advice</Link>
          </li>
          <li>
            <Link href={`${adviceListPath}?category=${article.category.slug}`}>{article.category.name}</Link>
          </li>
        </ol>
      </nav>

      <article className={styles.article} aria-labelledby="article-title">
        <header className={styles.articleHeader}>
          <h1 id="article-title">{article.title}</h1>
          <p className="lead">{article.description}</p>
          <AdviceArticleMeta article={article} className={styles.meta} />
        </header>
        <ArticleBody markdown={article.body} />
        <footer className={styles.byline}>
          <p>
            Written by {article.author} and checked by {article.reviewer}. First published{" "}
            <time dateTime={article.publishedOn}>{formatLongDate(article.publishedOn)}</time>. This is general
            information, not legal or financial advice.
          </p>
        </footer>
      </article>

      <PlanningAhead headingId="article-planning-ahead" />

      {related.length > 0 ? (
        <section className={styles.related} aria-labelledby="related-advice">
          <h2 id="related-advice">More funeral advice</h2>
          <AdviceArticleCards articles={related} headingLevel={3} />
          <p>
            <Link href={adviceListPath}>See all our funeral advice</Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
