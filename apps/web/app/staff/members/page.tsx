import type { Metadata } from "next";
import { StaffMembersScreen } from "@/features/staff/staff-members-screen";

export const metadata: Metadata = { title: "Members of staff" };

export default function Page() {
  return <StaffMembersScreen />;
}
