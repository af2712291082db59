import type { Metadata } from "next";
import { DocumentsScreen } from "@/features/planning/documents-screen";

export const metadata: Metadata = {
  title: "Your plan documents",
  description: "Read, download and accept the six documents of your prepaid funeral plan before you buy it.",
};

export default function Page() {
  return <DocumentsScreen />;
}
