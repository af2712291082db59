import type { Metadata } from "next";
import { StaffHomeScreen } from "@/features/staff/staff-home-screen";

export const metadata: Metadata = { title: "Find a plan" };

export default function Page() {
  return <StaffHomeScreen />;
}
