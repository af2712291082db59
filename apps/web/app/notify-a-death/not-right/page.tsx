import {
  DeathReportLinkPage,
  deathReportLinkMetadata,
} from "@/features/notify-a-death/death-report-link-page";
import type { SearchParams } from "@/lib/query-string";

export const metadata = deathReportLinkMetadata("not-right");

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <DeathReportLinkPage action="not-right" searchParams={searchParams} />;
}
