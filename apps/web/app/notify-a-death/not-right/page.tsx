import type { Metadata } from "next";
import { DeathReportLinkScreen } from "@/features/notify-a-death/death-report-link-screen";
import { firstQueryValue, type SearchParams } from "@/lib/query-string";

// The link is signed for one case and one person on the plan: never indexed, never sent on as a referrer.
export const metadata: Metadata = {
  title: "Tell us this is not right",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  return (
    <DeathReportLinkScreen
      link={{
        action: "not-right",
        caseId: firstQueryValue(query.case),
        who: firstQueryValue(query.who),
        signature: firstQueryValue(query.signature),
      }}
    />
  );
}
