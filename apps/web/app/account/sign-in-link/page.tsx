import type { Metadata } from "next";
import { SignInLinkScreen } from "@/features/account/sign-in-link-screen";
import { firstQueryValue, type SearchParams } from "@/lib/query-string";

// The link carries a one-time token: never indexed, never sent on as a referrer.
export const metadata: Metadata = {
  title: "Sign in to your account",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  return <SignInLinkScreen id={firstQueryValue(query.id)} token={firstQueryValue(query.token)} />;
}
