import type { Metadata } from "next";
import { DocumentsScreen } from "@/features/planning/documents-screen";
import { notForSearchEngines } from "@/lib/page-metadata";
import { QueryProvider } from "@/lib/query-provider";

export const metadata: Metadata = {
  title: "Your plan documents",
  description: "Read, download and accept the six documents of your prepaid funeral plan before you buy it.",
  robots: notForSearchEngines,
};

export default function Page() {
  return (
    <QueryProvider>
      <DocumentsScreen />
    </QueryProvider>
  );
}
