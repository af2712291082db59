import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False while the page is rendered on the server and while it hydrates (the server cannot know
 * the journey kept in this browser), true after. The same pattern as the step page's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
