import type { PlanResponse, SavedPlanResponse, Violation } from "@kindred/contracts";
import {
  findSaveProblems,
  hasJourneyData,
  journeyPath,
  journeyStepHandles,
  messages,
  storedJourney,
  summarisePrice,
  type JourneyData,
  type JourneyState,
} from "@kindred/domain";
import { apiRequest } from "../../lib/api-client";
import { finishBeforeSignIn, isSessionEnding } from "../../lib/customer-session";
import { readLocal, removeLocal, writeLocal } from "../../lib/storage";
import { getJourneySnapshot, subscribeToJourney } from "./journey-store";

/**
 * Saves the plan to the server as the person goes: a guest plan is created on the first answer
 * (its id kept in local storage as `planId`), then each settled change is sent a moment after
 * the last one (not on every keystroke). In edit mode the stored journey is saved, not the
 * change in progress. The server prices the plan itself.
 */
export type SaveStatus =
  | { state: "idle" }
  | { state: "saving" }
  | { state: "saved"; at: Date }
  | { state: "failed"; message: string };

const saveDelayMs = 1200;
const couldNotSave = "Your plan could not be saved just now. It is kept on this device.";

let status: SaveStatus = { state: "idle" };
const statusListeners = new Set<() => void>();
let started = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let lastSent = "";
/** What the status said when `lastSent` was saved, to say again when the journey returns to it. */
let lastSaved: SaveStatus = { state: "idle" };
let inFlight: Promise<void> | null = null;
let sending = false;
/** The version of the plan this window last saved or loaded; a save only goes over that one. */
let planVersion: number | undefined;

/** The saved plan was loaded into this window at this version (see saved-plan.ts). */
export function rememberPlanVersion(version: number): void {
  planVersion = version;
}

function setStatus(next: SaveStatus): void {
  status = next;
  for (const listener of statusListeners) listener();
}

export function getSaveStatus(): SaveStatus {
  return status;
}

export function subscribeToSaveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** The PATCH body of SPEC.md section 7: the journey payload, the flag and the web app's state. */
function planSaveBody(state: JourneyState) {
  const stored = storedJourney(state);
  const handlesWhere = (flag: "enabled" | "completed") =>
    journeyStepHandles.filter((handle) => stored.steps[handle][flag]);
  return {
    ...stored.journeyData,
    saveUnfinishedJourney: true,
    planningJourneyData: JSON.stringify({
      priceData: stored.priceData,
      pricePlan: summarisePrice(stored.priceData),
      enabledSteps: handlesWhere("enabled"),
      activeSteps: journeyPath(stored.journeyData),
      completedSteps: handlesWhere("completed"),
      stepsData: stored.steps,
    }),
  };
}

async function ensurePlanId(): Promise<string | null> {
  const known = readLocal("planId");
  if (typeof known === "string") return known;
  const created = await apiRequest<PlanResponse>("/api/guest/plan", { method: "POST", body: {} });
  if (!created.ok) return null;
  writeLocal("planId", created.data.id);
  planVersion = created.data.version;
  return created.data.id;
}

async function send(body: string): Promise<void> {
  if (isSessionEnding()) return;
  sending = true;
  try {
    await sendNow(body);
  } finally {
    sending = false;
  }
}

async function sendNow(body: string): Promise<void> {
  setStatus({ state: "saving" });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const planId = await ensurePlanId();
    if (!planId) break;
    const saved = await apiRequest<SavedPlanResponse>(`/api/plan/${planId}`, {
      method: "PATCH",
      body: JSON.parse(body) as unknown,
      ...(planVersion === undefined ? {} : { ifMatch: `"${planVersion}"` }),
    });
    if (saved.ok) {
      lastSent = body;
      planVersion = saved.data.plan.version;
      lastSaved = { state: "saved", at: new Date() };
      setStatus(lastSaved);
      return;
    }
    // A guest's plan belongs to the token that made it; once that token has been replaced the
    // plan cannot be reached, so the journey (still here in full) is saved as a new plan.
    if (saved.status === 404) {
      removeLocal("planId");
      planVersion = undefined;
      continue;
    }
    // Saved meanwhile from another window: nothing was stored here, and the person is told so
    // (the message says to reload) rather than either copy silently winning.
    setStatus({
      state: "failed",
      message: saved.data.violations.map((violation) => violation.title).join(" "),
    });
    return;
  }
  setStatus({ state: "failed", message: couldNotSave });
}

/**
 * Whether the journey can be saved as it is: it holds an answer, and nothing the journey's
 * rules would refuse (the server refuses the same; the catalogue's own checks are the server's).
 */
function isReadyToSave(journeyData: JourneyData): boolean {
  return hasJourneyData(journeyData) && findSaveProblems(journeyData).length === 0;
}

function scheduleSave(): void {
  const state = getJourneySnapshot();
  const { journeyData } = storedJourney(state);
  // Nothing to save yet, or an answer half-typed (money with no notes): wait for the next change.
  if (!isReadyToSave(journeyData)) return;
  const body = JSON.stringify(planSaveBody(state));
  // A change still waiting is overtaken by this one, even when this one goes back to what was saved.
  clearTimeout(timer);
  if (body === lastSent) {
    if (!sending) setStatus(lastSaved);
    return;
  }
  // Said at once, not when the request goes: until then the last "Saved" is no longer the truth
  // (a window closed in the wait keeps the change only in this browser).
  setStatus({ state: "saving" });
  timer = setTimeout(() => {
    const run = async () => {
      await inFlight;
      await send(body);
      // A change made while that save was on its way is saved next; after a refusal (changed in
      // another window) nothing is sent again until the person changes something.
      if (status.state === "saved") scheduleSave();
    };
    inFlight = run();
  }, saveDelayMs);
}

/**
 * Saves the journey now (for "Save and continue later"), waiting for any save in progress.
 * Answers the plan's id, or null when it could not be saved.
 */
/** What "Save" did: saved (with the plan's id), nothing to save yet, or could not (and why). */
export type SaveOutcome =
  | { outcome: "saved"; planId: string }
  | { outcome: "nothing-to-save" }
  | { outcome: "failed"; message: string };

/** Saves the journey now, after any save on its way, and says how it went. */
export async function savePlanNow(): Promise<SaveOutcome> {
  clearTimeout(timer);
  await inFlight;
  const state = getJourneySnapshot();
  const { journeyData } = storedJourney(state);
  if (!hasJourneyData(journeyData)) return { outcome: "nothing-to-save" };
  const [unfinished] = findSaveProblems(journeyData);
  if (unfinished) return { outcome: "failed", message: `${unfinished.propertyPath}: ${unfinished.title}` };
  const body = JSON.stringify(planSaveBody(state));
  if (body !== lastSent) {
    inFlight = send(body);
    await inFlight;
  } else {
    setStatus(lastSaved);
  }
  const planId = readLocal("planId");
  if (status.state === "saved" && typeof planId === "string") return { outcome: "saved", planId };
  return { outcome: "failed", message: status.state === "failed" ? status.message : couldNotSave };
}

/**
 * Saves the journey so the server holds what the person is about to read or buy, answering its
 * id, or the violation to show when it could not be saved (SPEC.md's "no data" one included).
 */
export async function savePlanForReading(): Promise<
  { ok: true; planId: string } | { ok: false; violations: Violation[] }
> {
  const saved = await savePlanNow();
  if (saved.outcome === "saved") return { ok: true, planId: saved.planId };
  const title = saved.outcome === "failed" ? saved.message : messages.nothingToSave;
  return { ok: false, violations: [{ propertyPath: "Data", title }] };
}

/** Starts saving the journey as it changes; calling it again does nothing. */
export function startPlanAutosave(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  subscribeToJourney(scheduleSave);
  finishBeforeSignIn(savePlanNow);
  scheduleSave();
}

/** Starting a new plan: the next answer creates a new plan instead of overwriting this one. */
export function forgetSavedPlan(): void {
  clearTimeout(timer);
  lastSent = "";
  lastSaved = { state: "idle" };
  planVersion = undefined;
  removeLocal("planId");
  setStatus({ state: "idle" });
}
