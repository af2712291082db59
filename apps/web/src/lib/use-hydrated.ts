import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False while the page is rendered on the server and while it hydrates (the server cannot know
 * what this browser holds: the journey, whether someone is signed in), true after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
