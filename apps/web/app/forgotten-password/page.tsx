import type { Metadata } from "next";
import { notForSearchEngines } from "@/lib/page-metadata";
import { ForgottenPasswordScreen } from "@/features/account/forgotten-password-screen";

export const metadata: Metadata = {
  title: "Forgotten your password?",
  description: "Get a link to choose a new password for your Kindred Funeral Plans account.",
  robots: notForSearchEngines,
};

export default function Page() {
  return <ForgottenPasswordScreen />;
}
