import type { Metadata } from "next";
import { DisplaySettingsControls } from "../../components/display-settings-controls";
import { informationPageMetadata } from "./information-metadata";
import { InformationPageShell, RatherTalk, splitIntroduction } from "./information-page-shell";
import { loadInformationPage } from "./information-pages.server";
import { PageBlocksView } from "../../components/page-blocks-view";
import { ContentsList, mainHeadingsOf } from "./contents-list";
import styles from "./information.module.css";

const supportNeedsPath = "/supportneeds";

export function supportNeedsMetadata(): Metadata {
  return informationPageMetadata(loadInformationPage("supportneeds"), supportNeedsPath);
}

/** `/supportneeds`: the help we offer, how we adapt, how to ask, and the site's own display settings. */
export function SupportNeedsPage() {
  const page = loadInformationPage("supportneeds");
  const { introduction, rest } = splitIntroduction(page.blocks);
  return (
    <InformationPageShell title={page.title}>
      <PageBlocksView blocks={introduction} />
      <ContentsList items={mainHeadingsOf(rest)} />
      <PageBlocksView
        blocks={rest}
        slots={{
          displaySettings: (
            <div className={styles.settings}>
              <DisplaySettingsControls variant="page" />
            </div>
          ),
        }}
      />
      <RatherTalk heading="Would you rather talk to someone?" />
    </InformationPageShell>
  );
}
