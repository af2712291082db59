import type { Metadata } from "next";
import { PaymentScreen } from "@/features/purchase/payment-screen";

export const metadata: Metadata = {
  title: "Pay for your plan",
  description: "Pay for your funeral plan by card, or set up your Direct Debit and pay your deposit.",
  robots: { index: false },
};

export default function Page() {
  return <PaymentScreen />;
}
