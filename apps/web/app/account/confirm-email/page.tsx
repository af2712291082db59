import type { Metadata } from "next";
import { ConfirmEmailScreen } from "@/features/account/confirm-email-screen";
import { firstQueryValue, type SearchParams } from "@/lib/query-string";

// The link carries a one-time token: never indexed, never sent on as a referrer.
export const metadata: Metadata = {
  title: "Confirm your email address",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  return (
    <ConfirmEmailScreen
      id={firstQueryValue(query.id)}
      token={firstQueryValue(query.token)}
      signature={firstQueryValue(query.signature)}
    />
  );
}
