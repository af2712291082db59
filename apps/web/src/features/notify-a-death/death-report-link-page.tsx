import type { Metadata } from "next";
import { firstQueryValue, type SearchParams } from "../../lib/query-string";
import { DeathReportLinkScreen, type DeathReportLink } from "./death-report-link-screen";
import { deathReportLinkTitles } from "./death-report-link-titles";

/**
 * The pages of the two links in the email to everyone on a plan when a death is reported
 * (decision 040), `/notify-a-death/confirm` and `/notify-a-death/not-right`: each signed for one
 * case and one person, so never indexed and never sent on as a referrer.
 */
export function deathReportLinkMetadata(action: DeathReportLink["action"]): Metadata {
  return {
    title: deathReportLinkTitles[action],
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

export async function DeathReportLinkPage({
  action,
  searchParams,
}: {
  action: DeathReportLink["action"];
  searchParams: Promise<SearchParams>;
}) {
  const query = await searchParams;
  return (
    <DeathReportLinkScreen
      link={{
        action,
        caseId: firstQueryValue(query.case),
        who: action === "confirm" ? "nominee" : firstQueryValue(query.who),
        signature: firstQueryValue(query.signature),
      }}
    />
  );
}
