import type { Metadata } from "next";
import { StaffCatalogueChangesScreen } from "@/features/staff/staff-catalogue-changes-screen";

export const metadata: Metadata = { title: "Catalogue and branch changes" };

export default function Page() {
  return <StaffCatalogueChangesScreen />;
}
