import type { Metadata } from "next";
import { ResetPasswordScreen } from "@/features/account/reset-password-screen";
import { firstQueryValue, type SearchParams } from "@/lib/query-string";

// The link carries a one-time token: never indexed, never sent on as a referrer.
export const metadata: Metadata = {
  title: "Choose a new password",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  return <ResetPasswordScreen id={firstQueryValue(query.id)} token={firstQueryValue(query.token)} />;
}
