import { useCallback } from "react";
import { useRouter } from "next/navigation";
import {
  endJourneyStepHandle,
  journeyStepPath,
  nextStep,
  nextStepToAnswer,
  previousStep,
  type JourneyStepHandle,
} from "@kindred/domain";
import { finishEdit, getJourneySnapshot, startEdit } from "./journey-store";
import { useJourney } from "./use-journey";

/**
 * Back and Continue follow the person's current path and skip prefilled steps. In edit mode
 * (changing an answer from the summary) Continue leads through any step the change opened that
 * still needs an answer (a burial become a cremation needs its crematorium and ashes), then back
 * to the summary, which applies the change; Back returns to the summary at once.
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
      const opened = nextStepToAnswer(latest.journeyData, handle, latest.steps);
      if (opened) {
        startEdit(opened);
        router.push(journeyStepPath(opened));
        return;
      }
      finishEdit();
      router.push(summaryPath);
      return;
    }
    const next = nextStep(latest.journeyData, handle, (candidate) => latest.steps[candidate].prefilled);
    router.push(journeyStepPath(next ?? endJourneyStepHandle));
  }, [handle, router, summaryPath]);

  const leadsOn = journey.edit === null || nextStepToAnswer(journey.journeyData, handle, journey.steps);
  const continueLabel = leadsOn ? "Continue" : "Save and go back to summary";

  return { backHref, goOn, continueLabel, isEditing: journey.edit !== null };
}
