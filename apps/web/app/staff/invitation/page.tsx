import type { Metadata } from "next";
import { StaffInvitationScreen } from "@/features/staff/staff-invitation-screen";
import { firstQueryValue, type SearchParams } from "@/lib/query-string";

// The link carries a one-time secret (the layout already sends no referrer).
export const metadata: Metadata = { title: "Set up your account" };

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  return <StaffInvitationScreen token={firstQueryValue(query.token)} />;
}
