import { useSyncExternalStore } from "react";
import { getJourneySnapshot, getServerJourneySnapshot, subscribeToJourney } from "./journey-store";

/** The journey (answers, step flags, running price); re-renders when it changes. */
export function useJourney() {
  return useSyncExternalStore(subscribeToJourney, getJourneySnapshot, getServerJourneySnapshot);
}
