import {
  DeathReportLinkPage,
  deathReportLinkMetadata,
} from "@/features/notify-a-death/death-report-link-page";
import type { SearchParams } from "@/lib/query-string";

export const metadata = deathReportLinkMetadata("confirm");

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <DeathReportLinkPage action="confirm" searchParams={searchParams} />;
}
