import type { PriceChange } from "@kindred/domain";
import { readSession, removeSession, writeSession } from "../../lib/storage";

/**
 * A change in the plan's price that the person did not make (the catalogue's prices moved) and
 * has not yet said they understand: found when a saved plan is restored, or when the journey
 * kept in this tab is priced again from a newer catalogue. Kept in session storage under
 * `priceChange`, so it is still shown after a reload, until the person acknowledges it.
 */
let current: PriceChange | null | undefined;
const listeners = new Set<() => void>();

function isPriceChange(value: unknown): value is PriceChange {
  if (typeof value !== "object" || value === null) return false;
  const { was, now, savedAt } = value as Record<string, unknown>;
  return Number.isInteger(was) && Number.isInteger(now) && (savedAt === null || typeof savedAt === "string");
}

export function getPriceChange(): PriceChange | null {
  if (current === undefined) {
    const stored = readSession("priceChange");
    current = isPriceChange(stored) ? stored : null;
  }
  return current;
}

export function subscribeToPriceChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function commit(next: PriceChange | null): void {
  current = next;
  if (next) writeSession("priceChange", next);
  else removeSession("priceChange");
  for (const listener of listeners) listener();
}

/**
 * Records a change to tell the person about. A change on top of one not yet acknowledged keeps
 * the price they last saw (`was`) and the earlier save date.
 */
export function tellPriceChange(change: PriceChange): void {
  const untold = getPriceChange();
  const merged = untold ? { ...change, was: untold.was, savedAt: untold.savedAt } : change;
  commit(merged.was === merged.now ? null : merged);
}

/** The person has read it ("I understand"), or has started again: nothing left to tell. */
export function forgetPriceChange(): void {
  commit(null);
}
