import type { Metadata } from "next";
import { CustomerScreen } from "@/features/purchase/customer-screen";

export const metadata: Metadata = {
  title: "Your details: buying your funeral plan",
  description: "Your name, contact details and address, and how you would like your documents.",
  robots: { index: false },
};

export default function Page() {
  return <CustomerScreen />;
}
