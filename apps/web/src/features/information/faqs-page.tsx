import type { Metadata } from "next";
import { JsonLd } from "../../components/json-ld";
import { faqPageJsonLd } from "./faq";
import { FaqGroups } from "./faq-groups";
import { informationPageMetadata } from "./information-metadata";
import { InformationPageShell, RatherTalk } from "./information-page-shell";
import { loadFaqs } from "./information-pages.server";
import { PageBlocksView } from "../../components/page-blocks-view";
import { ContentsList } from "./contents-list";

const faqsPath = "/faqs";

export function faqsMetadata(): Metadata {
  return informationPageMetadata(loadFaqs(), faqsPath);
}

/** `/faqs`: questions and answers in groups, with a list of the groups to jump to. */
export function FaqsPage() {
  const faqs = loadFaqs();
  return (
    <InformationPageShell title={faqs.title}>
      <PageBlocksView blocks={faqs.introduction} />
      <ContentsList
        title="Topics"
        items={faqs.groups.map((group) => ({ id: group.id, text: group.title }))}
      />
      <FaqGroups groups={faqs.groups} />
      <RatherTalk heading="Still have a question?" />
      <JsonLd data={faqPageJsonLd(faqs)} />
    </InformationPageShell>
  );
}
