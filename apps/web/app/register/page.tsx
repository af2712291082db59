import type { Metadata } from "next";
import { notForSearchEngines } from "@/lib/page-metadata";
import { RegisterScreen } from "@/features/account/register-screen";

export const metadata: Metadata = {
  title: "Create an account",
  description: "Create an account to save your funeral plan and come back to it on any device.",
  robots: notForSearchEngines,
};

export default function Page() {
  return <RegisterScreen />;
}
