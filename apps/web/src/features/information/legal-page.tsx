import type { Metadata } from "next";
import Link from "next/link";
import { PageBlocksView } from "../../components/page-blocks-view";
import { ContentsList, mainHeadingsOf } from "./contents-list";
import { informationPageMetadata } from "./information-metadata";
import { InformationPageShell, splitIntroduction } from "./information-page-shell";
import { legalPagePaths, loadLegalPage, type PublicDocumentReference } from "./legal-pages.server";
import styles from "./information.module.css";

/** What each fixed document is for, for search engines and shared links. */
const descriptions: Record<PublicDocumentReference, string> = {
  "terms-and-conditions":
    "The terms of a Kindred Funeral Plans prepaid funeral plan: what it provides, paying, cancelling, and what happens when the person covered dies.",
  "initial-disclosure-document":
    "Who Kindred Funeral Plans is, who regulates us, how your money is protected and how to complain, before you decide to buy a funeral plan.",
  "guaranteed-costs-and-contributions-explained":
    "Which costs in a Kindred Funeral Plans funeral plan are guaranteed, and how contributions towards other costs work.",
};

export function legalPageMetadata(reference: PublicDocumentReference): Metadata {
  const page = loadLegalPage(reference);
  return informationPageMetadata(
    { title: page.title, description: descriptions[reference] },
    legalPagePaths[reference],
  );
}

/**
 * `/terms` and the other fixed documents beneath it: the document as a page, with its version,
 * the same document as a PDF, and the other fixed documents.
 */
export function LegalPage({ reference }: { reference: PublicDocumentReference }) {
  const page = loadLegalPage(reference);
  const { introduction, rest } = splitIntroduction(page.blocks);
  const others = (Object.keys(legalPagePaths) as PublicDocumentReference[]).filter(
    (each) => each !== reference,
  );
  return (
    <InformationPageShell title={page.title}>
      <p className={styles.updated}>
        Version {page.version}. <a href={page.pdfPath}>Download it as a PDF</a>.
      </p>
      <PageBlocksView blocks={introduction} />
      <ContentsList title="Contents" items={mainHeadingsOf(rest)} />
      <PageBlocksView blocks={rest} />
      <section aria-labelledby="other-documents">
        <h2 id="other-documents">Our other documents</h2>
        <ul>
          {others.map((other) => (
            <li key={other}>
              <Link href={legalPagePaths[other]}>{loadLegalPage(other).title}</Link>
            </li>
          ))}
        </ul>
      </section>
    </InformationPageShell>
  );
}
