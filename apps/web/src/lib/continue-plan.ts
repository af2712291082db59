import { readLocal, removeSession, writeLocal, type SessionStorageKey } from "./storage";

/** What this tab holds of the plan it is working on: the journey, its documents, the purchase forms. */
const planInThisTab: readonly SessionStorageKey[] = [
  "journeyData",
  "priceData",
  "stepsData",
  "enabledSteps",
  "activeSteps",
  "completedSteps",
  "priceChange",
  "legalDocs",
  "purchase",
];

/**
 * Makes `planId` the plan this browser works on (SPEC.md's `planId`), for "Continue planning"
 * from the account. If the tab holds another plan's journey, that is forgotten first (it is
 * saved on the server), so the journey loads the chosen plan and never saves one over the other.
 * The caller then goes to the journey with a full page load, which starts it from the server.
 */
export function continuePlan(planId: string): void {
  if (readLocal("planId") !== planId) {
    for (const key of planInThisTab) removeSession(key);
  }
  writeLocal("planId", planId);
}
