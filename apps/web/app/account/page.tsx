import type { Metadata } from "next";
import { AccountScreen } from "@/features/account/account-screen";
import { firstQueryValue, type SearchParams } from "@/lib/query-string";

export const metadata: Metadata = {
  title: "Your account",
  description: "Your funeral plans, their payments and their documents.",
  robots: { index: false },
};

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  return <AccountScreen planId={firstQueryValue(query.plan)} />;
}
