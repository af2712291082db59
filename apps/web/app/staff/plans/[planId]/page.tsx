import type { Metadata } from "next";
import { StaffPlanScreen } from "@/features/staff/staff-plan-screen";

export const metadata: Metadata = { title: "Plan" };

type Params = Promise<{ planId: string }>;

export default async function Page({ params }: { params: Params }) {
  const { planId } = await params;
  return <StaffPlanScreen planId={planId} />;
}
