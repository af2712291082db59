import { useCallback } from "react";
import { useRouter } from "next/navigation";
import {
  endJourneyStepHandle,
  journeyStepPath,
  nextStep,
  previousStep,
  type JourneyStepHandle,
} from "@kindred/domain";
import { finishEdit, getJourneySnapshot } from "./journey-store";
import { useJourney } from "./use-journey";

/**
 * Back and Continue follow the person's current path and skip prefilled steps. In edit mode
 * (changing an answer from the summary) both lead back to the summary, which applies the change.
 */
export function useStepNavigation(handle: JourneyStepHandle) {
  const router = useRouter();
  const journey = useJourney();
  const isPrefilled = (candidate: JourneyStepHandle) => journey.steps[candidate].prefilled;
  const summaryPath = journeyStepPath(endJourneyStepHandle);

  const previous = previousStep(journey.journeyData, handle, isPrefilled);
  const backHref = journey.edit ? summaryPath : previous ? journeyStepPath(previous) : "/planning";

  const goOn = useCallback(() => {
    const latest = getJourneySnapshot();
    if (latest.edit) {
      finishEdit();
      router.push(summaryPath);
      return;
    }
    const next = nextStep(latest.journeyData, handle, (candidate) => latest.steps[candidate].prefilled);
    router.push(journeyStepPath(next ?? endJourneyStepHandle));
  }, [handle, router, summaryPath]);

  return { backHref, goOn, isEditing: journey.edit !== null };
}
