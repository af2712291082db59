import {
  answer as answerStep,
  chooseAttendance as chooseAttendanceRule,
  choosePackage as choosePackageRule,
  chooseRemains as chooseRemainsRule,
  finishEdit as finishEditRule,
  initialJourneyState,
  journeyPath,
  priceChangeBetween,
  journeyStepHandles,
  refreshDerivedFlags,
  releasePackage as releasePackageRule,
  repriceJourney,
  startEdit as startEditRule,
  stepsClearedBy,
  visitStep as visitStepRule,
  type JourneyCatalogue,
  type JourneyData,
  type JourneyState,
  type JourneyStepHandle,
  type JourneyTopic,
  type StepFlags,
  type StepFlagsMap,
} from "@kindred/domain";
import { readSession, removeSession, writeSession } from "../../lib/storage";
import { forgetPriceChange, tellPriceChange } from "./price-change-notice-store";

/**
 * The planning journey in this browser tab: answers, step flags and running price. Every change
 * goes through a rule of packages/domain; the result is kept in session storage under SPEC.md's
 * keys (`journeyData`, `priceData`, `stepsData`, `enabledSteps`, `activeSteps`,
 * `completedSteps`) so a reload restores it. Components read it with `useJourney`.
 */

const flagNames = ["prefilled", "completed", "enabled", "visited", "edited"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readStepFlags(): StepFlagsMap | null {
  const stored = readSession("stepsData");
  if (!isRecord(stored)) return null;
  const steps = initialJourneyState().steps;
  for (const handle of journeyStepHandles) {
    const flags = stored[handle];
    if (!isRecord(flags)) continue;
    steps[handle] = Object.fromEntries(
      flagNames.map((name) => [name, flags[name] === true]),
    ) as unknown as StepFlags;
  }
  return steps;
}

function readStoredJourney(): JourneyState {
  const journeyData = readSession("journeyData");
  const steps = readStepFlags();
  if (!isRecord(journeyData) || !steps) return initialJourneyState();
  const priceData = readSession("priceData");
  return refreshDerivedFlags({
    journeyData: journeyData as JourneyData,
    steps,
    priceData: isRecord(priceData) ? (priceData as Record<string, number>) : {},
    edit: null,
  });
}

let current: JourneyState | null = null;
const listeners = new Set<() => void>();
const serverSnapshot = initialJourneyState();

/** The journey as it is now; the same object until something changes. */
export function getJourneySnapshot(): JourneyState {
  current ??= readStoredJourney();
  return current;
}

/** The server knows nothing of the browser's storage: it renders a journey not yet begun. */
export function getServerJourneySnapshot(): JourneyState {
  return serverSnapshot;
}

export function subscribeToJourney(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function persist(state: JourneyState): void {
  const handlesWhere = (flag: keyof StepFlags) =>
    journeyStepHandles.filter((handle) => state.steps[handle][flag]);
  writeSession("journeyData", state.journeyData);
  writeSession("priceData", state.priceData);
  writeSession("stepsData", state.steps);
  writeSession("enabledSteps", handlesWhere("enabled"));
  writeSession("activeSteps", journeyPath(state.journeyData));
  writeSession("completedSteps", handlesWhere("completed"));
  // What the page's first paint learns from lib/journey-answers-script.ts, kept up to date.
  document.documentElement.setAttribute(
    "data-journey-answers",
    Object.entries(state.journeyData)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([topic]) => topic)
      .join(" "),
  );
}

function commit(next: JourneyState): void {
  if (next === current) return;
  current = next;
  persist(next);
  for (const listener of listeners) listener();
}

function update(change: (state: JourneyState) => JourneyState): void {
  commit(change(getJourneySnapshot()));
}

/**
 * Takes in the catalogue's current prices once it has loaded. If they have changed since the
 * journey was last priced in this tab, the journey is priced again and the person is told
 * (docs/decisions/008-prices-over-time.md); a journey never priced has nothing to tell.
 */
export function repriceWith(catalogue: JourneyCatalogue): void {
  const state = getJourneySnapshot();
  const repriced = repriceJourney(state, catalogue);
  if (JSON.stringify(repriced.priceData) === JSON.stringify(state.priceData)) return;
  const change = priceChangeBetween(state.priceData, repriced.priceData);
  if (change && Object.keys(state.priceData).length > 0) tellPriceChange(change);
  const edit = state.edit && { ...state.edit, stored: repriceJourney(state.edit.stored, catalogue) };
  commit({ ...repriced, edit });
}

/**
 * The choices that can clear earlier answers, as the domain makes them; the same change is
 * previewed (to ask the person first, `stepsClearedByChoice`) and applied (`makeChoice`).
 */
export type ClearingChoice =
  { kind: "attendance"; id: number } | { kind: "package"; id: number } | { kind: "remains"; id: number };

function afterChoice(state: JourneyState, catalogue: JourneyCatalogue, choice: ClearingChoice): JourneyState {
  switch (choice.kind) {
    case "attendance":
      return state.journeyData.attendance?.option.id === choice.id && !state.journeyData.package
        ? state
        : chooseAttendanceRule(state, catalogue, choice.id);
    case "package":
      return state.journeyData.package?.id === choice.id
        ? state
        : choosePackageRule(state, catalogue, choice.id);
    case "remains":
      return chooseRemainsRule(state, catalogue, choice.id);
  }
}

/** The steps whose answers the choice would clear, in journey order: none means nothing is lost. */
export function stepsClearedByChoice(
  catalogue: JourneyCatalogue,
  choice: ClearingChoice,
): JourneyStepHandle[] {
  const state = getJourneySnapshot();
  return stepsClearedBy(state, afterChoice(state, catalogue, choice));
}

export function makeChoice(catalogue: JourneyCatalogue, choice: ClearingChoice): void {
  update((state) => afterChoice(state, catalogue, choice));
}

export const chooseAttendance = (catalogue: JourneyCatalogue, id: number) =>
  makeChoice(catalogue, { kind: "attendance", id });
export const chooseRemains = (catalogue: JourneyCatalogue, id: number) =>
  makeChoice(catalogue, { kind: "remains", id });

export function answer<Topic extends Exclude<JourneyTopic, "attendance" | "burialCremation" | "package">>(
  catalogue: JourneyCatalogue,
  topic: Topic,
  value: NonNullable<JourneyData[Topic]>,
): void {
  update((state) => answerStep(state, catalogue, topic, value));
}

export function releasePackage(catalogue: JourneyCatalogue): void {
  update((state) => releasePackageRule(state, catalogue));
}

export function visitStep(handle: JourneyStepHandle): void {
  update((state) => visitStepRule(state, handle));
}

export function startEdit(handle: JourneyStepHandle): void {
  update((state) => startEditRule(state, handle));
}

export function finishEdit(): void {
  update(finishEditRule);
}

/**
 * Takes in a plan saved on the server (signing in on another device): its answers, and the
 * step flags the web app saved with it; prices and derived flags are worked out afresh.
 */
export function loadSavedJourney(
  catalogue: JourneyCatalogue,
  journeyData: JourneyData,
  savedSteps: Partial<Record<string, Partial<StepFlags>>> | null,
): void {
  const steps = initialJourneyState().steps;
  for (const handle of journeyStepHandles) {
    const flags = savedSteps?.[handle];
    if (flags)
      steps[handle] = {
        ...steps[handle],
        prefilled: flags.prefilled === true,
        visited: flags.visited === true,
      };
  }
  commit(refreshDerivedFlags(repriceJourney({ journeyData, steps, priceData: {}, edit: null }, catalogue)));
}

/** Forgets every answer, flag and price (starting again, signing out). */
export function resetJourney(): void {
  for (const key of [
    "journeyData",
    "priceData",
    "stepsData",
    "enabledSteps",
    "activeSteps",
    "completedSteps",
  ] as const) {
    removeSession(key);
  }
  current = null;
  commit(initialJourneyState());
  forgetPriceChange();
}
