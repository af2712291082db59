import type { Metadata } from "next";
import { StaffCatalogueScreen } from "@/features/staff/staff-catalogue-screen";

export const metadata: Metadata = { title: "Catalogue and prices" };

export default function Page() {
  return <StaffCatalogueScreen />;
}
