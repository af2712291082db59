import type { CatalogueOption } from "@kindred/contracts";
import { attendanceCodes, basicPriceKey, type AttendanceCode, type PriceData } from "@kindred/domain";
import { readSession, writeSession } from "../../lib/storage";

/**
 * The planning journey's answers and running price, kept for this browser tab in session storage
 * (`journeyData`, `priceData`) so a reload keeps them. Components read it with `useJourney`
 * (React's useSyncExternalStore); only the functions here change it.
 *
 * It holds the attendance answer for now; the later steps add their topics beside it.
 */
export interface AttendanceAnswer {
  option: { id: number; code: AttendanceCode };
}

export interface JourneyData {
  attendance?: AttendanceAnswer;
}

export interface JourneyState {
  journeyData: JourneyData;
  priceData: PriceData;
}

const emptyJourney: JourneyState = Object.freeze({
  journeyData: Object.freeze({}),
  priceData: Object.freeze({}),
});

function isAttendanceAnswer(value: unknown): value is AttendanceAnswer {
  if (typeof value !== "object" || value === null) return false;
  const option = (value as { option?: unknown }).option;
  if (typeof option !== "object" || option === null) return false;
  const { id, code } = option as { id?: unknown; code?: unknown };
  return typeof id === "number" && (attendanceCodes as readonly unknown[]).includes(code);
}

function readJourneyData(): JourneyData {
  const stored = readSession("journeyData");
  if (typeof stored !== "object" || stored === null) return {};
  const attendance = (stored as { attendance?: unknown }).attendance;
  return isAttendanceAnswer(attendance) ? { attendance } : {};
}

function readPriceData(): PriceData {
  const stored = readSession("priceData");
  if (typeof stored !== "object" || stored === null) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(
      (entry): entry is [string, number] => Number.isInteger(entry[1]) && entry[1] >= 0,
    ),
  );
}

let current: JourneyState | null = null;
const listeners = new Set<() => void>();

/** The state as it is now; the same object until something changes. */
export function getJourneySnapshot(): JourneyState {
  current ??= { journeyData: readJourneyData(), priceData: readPriceData() };
  return current;
}

/** The server knows nothing of the browser's storage: it renders an empty journey. */
export function getServerJourneySnapshot(): JourneyState {
  return emptyJourney;
}

export function subscribeToJourney(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function commit(next: JourneyState): void {
  current = next;
  writeSession("journeyData", next.journeyData);
  writeSession("priceData", next.priceData);
  for (const listener of listeners) listener();
}

/**
 * Chooses the kind of funeral. A different choice starts the journey again (SPEC.md section 4:
 * choosing attendance resets all journey data); its price becomes the basic price.
 */
export function chooseAttendance(option: Pick<CatalogueOption, "id" | "code" | "price">): void {
  if (!(attendanceCodes as readonly string[]).includes(option.code)) {
    throw new Error(`Unknown attendance code "${option.code}"`);
  }
  const { journeyData, priceData } = getJourneySnapshot();
  if (journeyData.attendance?.option.code === option.code) {
    // The same choice again keeps every answer; only a changed catalogue price is taken in.
    if (priceData[basicPriceKey] !== option.price) {
      commit({ journeyData, priceData: { ...priceData, [basicPriceKey]: option.price } });
    }
    return;
  }
  commit({
    journeyData: { attendance: { option: { id: option.id, code: option.code as AttendanceCode } } },
    priceData: { [basicPriceKey]: option.price },
  });
}

/** Forgets every answer and price (leaving the journey, signing out). */
export function resetJourney(): void {
  commit({ journeyData: {}, priceData: {} });
}
