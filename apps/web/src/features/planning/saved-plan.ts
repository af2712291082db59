import type { QueryClient } from "@tanstack/react-query";
import type { PlanResponse } from "@kindred/contracts";
import { hasJourneyStarted, type JourneyCatalogue, type StepFlags } from "@kindred/domain";
import { isUserLoggedIn } from "../../lib/customer-session";
import { readLocal, removeLocal, writeLocal } from "../../lib/storage";
import { isPlanUnfinished } from "../../lib/plan-progress";
import { getJourneySnapshot, loadSavedJourney, resetJourney } from "./journey-store";
import { forgetSavedPlan, rememberPlanVersion } from "./plan-autosave";
import { planQueries } from "../../lib/plan-queries";
import { queryClientForPage } from "../../lib/query-provider";
import { tellPriceChange } from "./price-change-notice-store";

/**
 * SPEC.md section 4, Startup: a signed-in person whose browser holds no journey (a new device, a
 * closed window) gets their plan back from the server. The plan chosen is the one whose id is
 * stored (`planId`), or their first plan not yet bought; its id is then stored. Runs once per page
 * load: the plans are read through the query cache, and the restore itself is a query that never
 * goes stale, so a journey started again afterwards ("Start a new plan") is not refilled from the
 * server.
 *
 * A plan bought, cancelled or whose funeral was requested is never the journey's plan (issue 25
 * item 2): the journey's pages leave it first (`restoreJourneyPlan`), so "Start planning" after
 * buying starts a new plan rather than reopening the bought one, whose changes would be refused.
 * The purchase screens keep it (`restoreSavedPlan`): they show a bought plan's payments.
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

/**
 * Whether a plan may still be planned. Its payments are read once per page load unless something
 * changes them (paying invalidates them); if they cannot be read, it is taken as unfinished, as
 * before there was a way to tell.
 */
async function isStillOpen(queryClient: QueryClient, planId: string): Promise<boolean> {
  const payments = await queryClient
    .fetchQuery({ ...planQueries.payments(planId), staleTime: Infinity })
    .catch(() => null);
  return payments === null || isPlanUnfinished(payments);
}

async function customerPlan(queryClient: QueryClient): Promise<PlanResponse | null> {
  const plans = await queryClient.fetchQuery(planQueries.saved()).catch((error: unknown) => {
    console.warn("Your saved plans could not be fetched", error);
    return null;
  });
  if (!plans) return null;
  const storedId = readLocal("planId");
  const stored = plans.find((candidate) => candidate.id === storedId);
  if (stored) return stored;
  // A new browser: the first plan still being planned or paid for, never a bought one.
  const open = await Promise.all(plans.map((candidate) => isStillOpen(queryClient, candidate.id)));
  return plans.find((_, index) => open[index]) ?? null;
}

/**
 * The journey's pages only: if this browser's plan is bought, cancelled or its funeral requested,
 * its answers leave this tab and its id this browser, so the next answer starts a new plan. Only a
 * customer can have bought a plan; a guest's plans are all unfinished.
 */
async function leaveClosedPlan(queryClient: QueryClient): Promise<void> {
  const storedId = readLocal("planId");
  if (typeof storedId !== "string" || !isUserLoggedIn()) return;
  if (await isStillOpen(queryClient, storedId)) return;
  if (readLocal("planId") !== storedId) return;
  resetJourney();
  forgetSavedPlan();
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

/** For the purchase screens: the stored plan, even one bought (its complete page, its payments). */
export async function restoreSavedPlan(queryClient: QueryClient, catalogue: JourneyCatalogue): Promise<void> {
  await queryClient.fetchQuery({
    queryKey: ["saved-plan-restored"],
    queryFn: () => restore(queryClient, catalogue),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** For the journey's pages: the plan to carry on with, never one bought or cancelled. */
export async function restoreJourneyPlan(
  queryClient: QueryClient,
  catalogue: JourneyCatalogue,
): Promise<void> {
  await leaveClosedPlan(queryClient);
  await restoreSavedPlan(queryClient, catalogue);
}

/**
 * `restoreJourneyPlan` with the page's query client, for a journey step: the step loads this
 * module (and Query with it) once the page is up, so Query is not part of a step's first load
 * (decision 033).
 */
export function restoreJourneyPlanInPage(catalogue: JourneyCatalogue): Promise<void> {
  return restoreJourneyPlan(queryClientForPage(), catalogue);
}
