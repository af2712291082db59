import type { Metadata } from "next";
import { formatLongDate } from "../../lib/long-date";
import { informationPageMetadata } from "./information-metadata";
import { InformationPageShell, splitIntroduction } from "./information-page-shell";
import { loadInformationPage } from "./information-pages.server";
import { PageBlocksView } from "../../components/page-blocks-view";
import { ContentsList, mainHeadingsOf } from "./contents-list";
import styles from "./information.module.css";

const privacyPolicyPath = "/privacy-policy";

export function privacyPolicyMetadata(): Metadata {
  return informationPageMetadata(loadInformationPage("privacy-policy"), privacyPolicyPath);
}

/** `/privacy-policy`: what we hold and why, under UK GDPR, with a table of contents. */
export function PrivacyPolicyPage() {
  const page = loadInformationPage("privacy-policy");
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
