import { isOnPath, journeyPath } from "./journey-path";
import type { JourneyCatalogue } from "./journey-catalogue";
import type { JourneyData } from "./journey-data";
import { firstJourneyStepHandle, journeyStepHandles, type JourneyStepHandle } from "./journey-steps";
import { pendingPriceChanges, priceJourney, type PriceData } from "./price-data";
import { incompleteSteps } from "./step-completeness";

/** SPEC.md section 4, Step flags. */
export interface StepFlags {
  prefilled: boolean;
  completed: boolean;
  enabled: boolean;
  visited: boolean;
  edited: boolean;
}

export type StepFlagsMap = Record<JourneyStepHandle, StepFlags>;

/** What is stored and saved: answers, step flags and the price they make. */
export interface StoredJourney {
  journeyData: JourneyData;
  steps: StepFlagsMap;
  priceData: PriceData;
}

export interface JourneyState extends StoredJourney {
  /**
   * Edit mode (changing an answer from the summary): the journey as stored before the edit
   * began. The live fields above hold the changes; they are applied when the person leaves.
   */
  edit: { step: JourneyStepHandle; stored: StoredJourney } | null;
}

export const clearedStepFlags: StepFlags = Object.freeze({
  prefilled: false,
  completed: false,
  enabled: false,
  visited: false,
  edited: false,
});

function clearedSteps(): StepFlagsMap {
  return Object.fromEntries(
    journeyStepHandles.map((handle) => [handle, { ...clearedStepFlags }]),
  ) as StepFlagsMap;
}

export function initialJourneyState(): JourneyState {
  return refreshDerivedFlags({ journeyData: {}, steps: clearedSteps(), priceData: {}, edit: null });
}

/**
 * Recomputes what follows from the answers: a step on the path is completed when it has been
 * visited (or prefilled) and has what it needs; a step is enabled when it is the first, or
 * when every step before it on the path is completed. Steps off the path are neither.
 */
export function refreshDerivedFlags<State extends StoredJourney>(state: State): State {
  const path = journeyPath(state.journeyData);
  const incomplete = incompleteSteps(state.journeyData);
  const steps = clearedSteps();
  let everyEarlierStepCompleted = true;
  for (const handle of journeyStepHandles) {
    const previous = state.steps[handle];
    const onPath = path.includes(handle);
    const completed = onPath && (previous.visited || previous.prefilled) && !incomplete.has(handle);
    steps[handle] = {
      ...previous,
      completed,
      enabled: handle === firstJourneyStepHandle || (onPath && everyEarlierStepCompleted),
    };
    if (onPath) everyEarlierStepCompleted &&= completed;
  }
  return { ...state, steps };
}

/** Brings the price up to date with the answers, from the catalogue. */
export function repriceJourney<State extends StoredJourney>(
  state: State,
  catalogue: JourneyCatalogue,
): State {
  return { ...state, priceData: priceJourney(state.journeyData, catalogue) };
}

/** The journey as it should be stored and saved: in edit mode, as it was before the edit. */
export function storedJourney(state: JourneyState): StoredJourney {
  if (state.edit) return state.edit.stored;
  return { journeyData: state.journeyData, steps: state.steps, priceData: state.priceData };
}

/** In edit mode, the price changes the pending edit would make; otherwise none. */
export function pendingChanges(state: JourneyState): PriceData {
  return state.edit ? pendingPriceChanges(state.edit.stored.priceData, state.priceData) : {};
}

/** Prefilled steps are chosen for the person (by the kind of funeral or a package) and are skipped. */
export function isStepEditable(state: StoredJourney, handle: JourneyStepHandle): boolean {
  return !state.steps[handle].prefilled;
}

export function isStepReachable(state: StoredJourney, handle: JourneyStepHandle): boolean {
  return state.steps[handle].enabled && isOnPath(state.journeyData, handle);
}

/** The step to send someone to when they arrive at /planning: the furthest they can reach. */
export function currentStep(state: StoredJourney): JourneyStepHandle {
  const path = journeyPath(state.journeyData);
  const open = path.filter((handle) => state.steps[handle].enabled && !state.steps[handle].prefilled);
  return open.find((handle) => !state.steps[handle].completed) ?? open.at(-1) ?? firstJourneyStepHandle;
}

/** True once the person has made any choice at all. */
export function hasJourneyStarted(state: StoredJourney): boolean {
  return Object.keys(state.journeyData).length > 0;
}
