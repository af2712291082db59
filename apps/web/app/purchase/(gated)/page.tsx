import type { Metadata } from "next";
import { WhoForScreen } from "@/features/purchase/who-for-screen";

export const metadata: Metadata = {
  title: "Who is the plan for? Buying your funeral plan",
  description: "Tell us who your prepaid funeral plan is for.",
  robots: { index: false },
};

export default function Page() {
  return <WhoForScreen />;
}
