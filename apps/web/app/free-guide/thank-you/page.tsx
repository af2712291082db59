import type { Metadata } from "next";
import { ThankYouScreen } from "@/features/free-guide/thank-you-screen";

export const metadata: Metadata = {
  title: "Thank you: your free guide is on its way",
  description: "Your free guide to planning a funeral is on its way by email, and you can download it now.",
  // A page for people who have just asked for the guide, not one to find by searching.
  robots: { index: false, follow: true },
};

export default function Page() {
  return <ThankYouScreen />;
}
