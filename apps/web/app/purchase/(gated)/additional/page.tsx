import type { Metadata } from "next";
import { AdditionalScreen } from "@/features/purchase/additional-screen";

export const metadata: Metadata = {
  title: "Other people: buying your funeral plan",
  description: "The person the plan is for, someone we can speak to, and who is paying.",
  robots: { index: false },
};

export default function Page() {
  return <AdditionalScreen />;
}
