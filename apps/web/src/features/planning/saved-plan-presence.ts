import { isUserLoggedIn } from "../../lib/customer-session";
import { readLocal } from "../../lib/storage";

/**
 * Whether this browser may have a saved plan to restore (or a bought one to leave): a signed-in
 * person's plans, or a guest's plan whose id is stored. With neither (a new visitor), there is
 * nothing to look for, so the code that looks (`saved-plan.ts`, with TanStack Query) is not
 * loaded at all (decision 033).
 */
export function mayHaveSavedPlan(): boolean {
  return isUserLoggedIn() || readLocal("planId") !== null;
}
