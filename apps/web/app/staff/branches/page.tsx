import type { Metadata } from "next";
import { StaffBranchesScreen } from "@/features/staff/staff-branches-screen";

export const metadata: Metadata = { title: "Branches" };

export default function Page() {
  return <StaffBranchesScreen />;
}
