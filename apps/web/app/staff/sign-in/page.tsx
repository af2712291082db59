import type { Metadata } from "next";
import { StaffSignInScreen } from "@/features/staff/staff-sign-in-screen";
import { firstQueryValue, type SearchParams } from "@/lib/query-string";

export const metadata: Metadata = { title: "Sign in" };

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  return <StaffSignInScreen signedOut={firstQueryValue(query["signed-out"]) === "1"} />;
}
