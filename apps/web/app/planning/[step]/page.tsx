import type { Metadata } from "next";
import { notFound, unstable_rethrow } from "next/navigation";
import { isJourneyStepHandle, journeyStepHandles, journeyStepLabels } from "@kindred/domain";
import { StepPage } from "@/features/planning/step-page";
import { stepScreens } from "@/features/planning/step-screens";
import { fetchPlanOptions } from "@/lib/plan-options.server";

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

/**
 * The step's question and options are in the first HTML, from the catalogue the web server keeps
 * (five minutes): without the API the browser fetches them itself, as before.
 */
export default async function Page({ params }: { params: Promise<{ step: string }> }) {
  const { step } = await params;
  if (!isJourneyStepHandle(step)) notFound();
  const planOptions = await fetchPlanOptions().catch((error: unknown) => {
    unstable_rethrow(error); // Next.js's own signals (this page is rendered per request) go on.
    console.warn(
      "A journey step is rendered without its options:",
      error instanceof Error ? error.message : error,
    );
    return null;
  });
  const Screen = stepScreens[step];
  return (
    <StepPage handle={step} initialPlanOptions={planOptions}>
      <Screen />
    </StepPage>
  );
}
