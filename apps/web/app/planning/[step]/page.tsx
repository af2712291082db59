import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isJourneyStepHandle, journeyStepHandles, journeyStepLabels } from "@kindred/domain";
import { StepPage } from "@/features/planning/step-page";

export const dynamicParams = false;

export function generateStaticParams() {
  return journeyStepHandles.map((step) => ({ step }));
}

export async function generateMetadata({ params }: { params: Promise<{ step: string }> }): Promise<Metadata> {
  const { step } = await params;
  return isJourneyStepHandle(step)
    ? {
        title: `${journeyStepLabels[step]}: plan your funeral`,
        description: "Plan a prepaid funeral one question at a time, with the price shown as you go.",
      }
    : {};
}

export default async function Page({ params }: { params: Promise<{ step: string }> }) {
  const { step } = await params;
  if (!isJourneyStepHandle(step)) notFound();
  return <StepPage handle={step} />;
}
