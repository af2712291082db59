import type { PlanResponse } from "@kindred/contracts";
import { hasJourneyStarted, type JourneyCatalogue, type StepFlags } from "@kindred/domain";
import { apiRequest } from "../../lib/api-client";
import { isUserLoggedIn } from "../../lib/customer-session";
import { readLocal, removeLocal, writeLocal } from "../../lib/storage";
import { getJourneySnapshot, loadSavedJourney } from "./journey-store";
import { rememberPlanVersion } from "./plan-autosave";
import { tellPriceChange } from "./price-change-notice-store";

/**
 * SPEC.md section 4, Startup: a signed-in person whose browser holds no journey (a new device, a
 * closed window) gets their plan back from the server. The plan chosen is the one whose id is
 * stored (`planId`), or their first; its id is then stored. A guest's plan comes back the same
 * way in a new tab or window of this browser, while the guest's token (kept with `planId`) lasts.
 * Runs once per page load.
 */
let restoring: Promise<void> | null = null;

function savedStepFlags(planningJourneyData: string | null): Record<string, Partial<StepFlags>> | null {
  if (!planningJourneyData) return null;
  try {
    const parsed = JSON.parse(planningJourneyData) as { stepsData?: Record<string, Partial<StepFlags>> };
    return parsed.stepsData ?? null;
  } catch {
    return null;
  }
}

/** The guest's own plan by its stored id; null if there is none or it has gone with an old token. */
async function guestPlan(): Promise<PlanResponse | null> {
  const storedId = readLocal("planId");
  if (typeof storedId !== "string") return null;
  const plan = await apiRequest<PlanResponse>(`/api/plan/${encodeURIComponent(storedId)}`);
  if (plan.ok) return plan.data;
  if (plan.status === 404) removeLocal("planId");
  return null;
}

async function customerPlan(): Promise<PlanResponse | null> {
  const plans = await apiRequest<PlanResponse[]>("/api/plan");
  if (!plans.ok) {
    console.warn("Your saved plans could not be fetched", plans.status);
    return null;
  }
  const storedId = readLocal("planId");
  return plans.data.find((candidate) => candidate.id === storedId) ?? plans.data[0] ?? null;
}

async function restore(catalogue: JourneyCatalogue): Promise<void> {
  if (hasJourneyStarted(getJourneySnapshot())) return;
  const plan = isUserLoggedIn() ? await customerPlan() : await guestPlan();
  if (!plan) return;
  writeLocal("planId", plan.id);
  rememberPlanVersion(plan.version);
  if (hasJourneyStarted(getJourneySnapshot())) return;
  loadSavedJourney(catalogue, plan.journey, savedStepFlags(plan.planningJourneyData));
  if (plan.priceChange) {
    tellPriceChange({
      was: plan.priceChange.savedTotal,
      now: plan.price.total,
      savedAt: plan.priceChange.savedAt,
    });
  }
}

export function restoreSavedPlan(catalogue: JourneyCatalogue): Promise<void> {
  restoring ??= restore(catalogue);
  return restoring;
}
