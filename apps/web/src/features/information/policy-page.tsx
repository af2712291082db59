import type { Metadata } from "next";
import { formatLongDate } from "@kindred/domain";
import { informationPageMetadata } from "./information-metadata";
import { InformationPageShell, splitIntroduction } from "./information-page-shell";
import { loadInformationPage, type InformationPageSlug } from "./information-pages.server";
import { PageBlocksView } from "../../components/page-blocks-view";
import { ContentsList, mainHeadingsOf } from "./contents-list";
import styles from "./information.module.css";

/** The pages read as policies: when they last changed, an introduction, contents, then the rest. */
type PolicySlug = Extract<
  InformationPageSlug,
  "privacy-policy" | "cookie-policy" | "complaints" | "accessibility"
>;

export function policyPageMetadata(slug: PolicySlug): Metadata {
  return informationPageMetadata(loadInformationPage(slug), `/${slug}`);
}

/**
 * `/privacy-policy` (what we hold and why, under UK GDPR), `/cookie-policy` (what the site keeps
 * in the browser and the cookies other services may set, PECR), `/complaints` (how to complain,
 * our deadlines and the Financial Ombudsman Service) and `/accessibility` (the accessibility
 * statement).
 */
export function PolicyPage({ slug }: { slug: PolicySlug }) {
  const page = loadInformationPage(slug);
  const { introduction, rest } = splitIntroduction(page.blocks);
  return (
    <InformationPageShell title={page.title}>
      {page.lastUpdated ? (
        <p className={styles.updated}>
          Last updated: <time dateTime={page.lastUpdated}>{formatLongDate(page.lastUpdated)}</time>
        </p>
      ) : null}
      <PageBlocksView blocks={introduction} />
      <ContentsList title="Contents" items={mainHeadingsOf(rest)} />
      <PageBlocksView blocks={rest} />
    </InformationPageShell>
  );
}
