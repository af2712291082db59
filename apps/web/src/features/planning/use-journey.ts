import { useSyncExternalStore } from "react";
import { getJourneySnapshot, getServerJourneySnapshot, subscribeToJourney } from "./journey-store";

/** The journey's answers and running price; re-renders when either changes. */
export function useJourney() {
  return useSyncExternalStore(subscribeToJourney, getJourneySnapshot, getServerJourneySnapshot);
}
