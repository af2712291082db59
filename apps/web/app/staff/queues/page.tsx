import type { Metadata } from "next";
import { StaffQueuesScreen } from "@/features/staff/staff-queues-screen";

export const metadata: Metadata = { title: "Work queues" };

export default function Page() {
  return <StaffQueuesScreen />;
}
