"use client";

import { useSyncExternalStore } from "react";
import { isUserLoggedIn } from "./customer-session";

// Signing in and out reload the page, so there is nothing to subscribe to.
const subscribeToNothing = () => () => {};

/** Whether a customer is signed in in this browser; false on the server and while hydrating. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeToNothing, isUserLoggedIn, () => false);
}
