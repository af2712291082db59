import type { QueryClient } from "@tanstack/react-query";
import type { PlanResponse } from "@kindred/contracts";
import { hasJourneyStarted, type JourneyCatalogue, type StepFlags } from "@kindred/domain";
import { isUserLoggedIn } from "../../lib/customer-session";
import { readLocal, removeLocal, writeLocal } from "../../lib/storage";
import { getJourneySnapshot, loadSavedJourney } from "./journey-store";
import { rememberPlanVersion } from "./plan-autosave";
import { planQueries } from "../../lib/plan-queries";
import { tellPriceChange } from "./price-change-notice-store";

/**
 * SPEC.md section 4, Startup: a signed-in person whose browser holds no journey (a new device, a
 * closed window) gets their plan back from the server. The plan chosen is the one whose id is
 * stored (`planId`), or their first; its id is then stored. Runs once per page load: the plans
 * are read through the query cache, and the restore itself is a query that never goes stale, so
 * a journey started again afterwards ("Start a new plan") is not refilled from the server.
 */

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
async function guestPlan(queryClient: QueryClient): Promise<PlanResponse | null> {
  const storedId = readLocal("planId");
  if (typeof storedId !== "string") return null;
  const plan = await queryClient.fetchQuery(planQueries.one(storedId)).catch(() => null);
  if (plan === "gone") removeLocal("planId");
  return plan === "gone" ? null : plan;
}

async function customerPlan(queryClient: QueryClient): Promise<PlanResponse | null> {
  const plans = await queryClient.fetchQuery(planQueries.saved()).catch((error: unknown) => {
    console.warn("Your saved plans could not be fetched", error);
    return null;
  });
  if (!plans) return null;
  const storedId = readLocal("planId");
  return plans.find((candidate) => candidate.id === storedId) ?? plans[0] ?? null;
}

async function restore(queryClient: QueryClient, catalogue: JourneyCatalogue): Promise<true> {
  if (hasJourneyStarted(getJourneySnapshot())) return true;
  const plan = isUserLoggedIn() ? await customerPlan(queryClient) : await guestPlan(queryClient);
  if (!plan) return true;
  writeLocal("planId", plan.id);
  rememberPlanVersion(plan.version);
  if (hasJourneyStarted(getJourneySnapshot())) return true;
  loadSavedJourney(catalogue, plan.journey, savedStepFlags(plan.planningJourneyData));
  if (plan.priceChange) {
    tellPriceChange({
      was: plan.priceChange.savedTotal,
      now: plan.price.total,
      savedAt: plan.priceChange.savedAt,
    });
  }
  return true;
}

export async function restoreSavedPlan(queryClient: QueryClient, catalogue: JourneyCatalogue): Promise<void> {
  await queryClient.fetchQuery({
    queryKey: ["saved-plan-restored"],
    queryFn: () => restore(queryClient, catalogue),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
