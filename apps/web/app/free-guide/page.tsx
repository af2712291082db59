import type { Metadata } from "next";
import { FreeGuideScreen } from "@/features/free-guide/free-guide-screen";

export const metadata: Metadata = {
  title: "Your free guide to planning a funeral",
  description:
    "A free guide to the choices a funeral involves, what they typically cost, how prepaid funeral plans are protected, and a checklist to talk through with your family.",
};

export default function Page() {
  return <FreeGuideScreen />;
}
