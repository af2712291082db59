import type { Metadata } from "next";
import { unstable_rethrow } from "next/navigation";
import type { ReactNode } from "react";
import {
  firstJourneyStepHandle,
  journeyStepLabels,
  journeyStepPath,
  type JourneyStepHandle,
} from "@kindred/domain";
import { notForSearchEngines, publicPageMetadata } from "../../lib/page-metadata";
import { fetchPlanOptions } from "../../lib/plan-options.server";
import { StepPage } from "./step-page";

/**
 * A journey step's title and description. The first step is a way in that search engines may
 * list (at its own address); every later step depends on the answers before it, so they are not
 * listed (issue 25 item 11).
 */
export function stepMetadata(step: JourneyStepHandle): Metadata {
  const title = `${journeyStepLabels[step]}: plan your funeral`;
  const description = "Plan a prepaid funeral one question at a time, with the price shown as you go.";
  if (step === firstJourneyStepHandle) {
    return publicPageMetadata({ title, description, path: journeyStepPath(step) });
  }
  return { title, description, robots: notForSearchEngines };
}

/**
 * A journey step's route (a server component): each step has a route of its own
 * (`app/planning/<step>/page.tsx`) naming its own screen, so a step's page downloads only that
 * screen's code, not every step's. The step's question and options are in the first HTML, from
 * the catalogue the web server keeps (five minutes): without the API the browser fetches them
 * itself, as before.
 */
export async function StepRoute({ step, screen }: { step: JourneyStepHandle; screen: ReactNode }) {
  const planOptions = await fetchPlanOptions().catch((error: unknown) => {
    unstable_rethrow(error); // Next.js's own signals (this page is rendered per request) go on.
    console.warn(
      "A journey step is rendered without its options:",
      error instanceof Error ? error.message : error,
    );
    return null;
  });
  return (
    <StepPage handle={step} initialPlanOptions={planOptions}>
      {screen}
    </StepPage>
  );
}
