import type { Metadata } from "next";
import { AttendanceScreen } from "@/features/planning/attendance-screen";

export const metadata: Metadata = {
  title: "What kind of funeral would you like?",
  description:
    "Choose an attended funeral, an unattended cremation or a private farewell, and see the price of each.",
};

export default function Page() {
  return <AttendanceScreen />;
}
