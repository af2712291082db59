import type { Metadata } from "next";
import { ReadyToPayScreen } from "@/features/purchase/ready-to-pay-screen";

export const metadata: Metadata = {
  title: "Paying for your plan",
  description: "Your funeral plan is ready to pay for.",
  robots: { index: false },
};

export default function Page() {
  return <ReadyToPayScreen />;
}
