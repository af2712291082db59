import type { Metadata } from "next";
import { PlanningStart } from "@/features/planning/planning-start";

export const metadata: Metadata = {
  title: "Plan your funeral",
  description:
    "Plan a prepaid funeral one question at a time, with the price shown as you go. It takes about 10 minutes and there is nothing to pay today.",
};

export default function Page() {
  return <PlanningStart />;
}
