import type { Metadata } from "next";
import { StaffAuditScreen } from "@/features/staff/staff-audit-screen";

export const metadata: Metadata = { title: "Audit log" };

export default function Page() {
  return <StaffAuditScreen />;
}
