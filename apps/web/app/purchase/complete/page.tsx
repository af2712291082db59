import type { Metadata } from "next";
import { PurchaseCompleteScreen } from "@/features/purchase/purchase-complete-screen";
import { firstQueryValue, type SearchParams } from "@/lib/query-string";

export const metadata: Metadata = {
  title: "Thank you: your plan is bought",
  description: "Your funeral plan is paid for. Here is what happens next.",
  robots: { index: false },
};

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  return <PurchaseCompleteScreen planId={firstQueryValue(query.plan)} />;
}
