// The load run's figures: requests by kind and answer, latency, failures in flight at a kill
// against failures anywhere else, and the saves acknowledged against what PostgreSQL holds.
import type { Outcome } from "./http";
import type { PlanLedger } from "./journey";

export interface Kill {
  name: string;
  /** performance.now() of the kill -9 signal, of the process's end, and of the restart answering ready. */
  at: number;
  diedAt: number;
  readyAt?: number;
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** A failure: no answer at all, or a 5xx. */
export const isFailure = (outcome: Outcome) => outcome.status === 0 || outcome.status >= 500;

/**
 * A request in flight at a kill: sent before the process was gone, answered (or failed) after the
 * signal. A process takes a moment to die after `kill -9` (its memory is freed first); a request
 * that reached it in that moment was as much in its hands as one sent before the signal.
 */
export function inFlightAt(outcome: Outcome, kills: Kill[]): Kill | undefined {
  return kills.find((kill) => outcome.start <= kill.diedAt && outcome.end >= kill.at);
}

function table(rows: string[][], rightAligned: (column: number) => boolean): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          rightAligned(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
        )
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

const ms = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(value < 10 ? 1 : 0));

function statusLabel(outcome: Outcome): string {
  return outcome.status === 0 ? `no answer (${outcome.error ?? "?"})` : String(outcome.status);
}

/** Requests of each kind: how many, answers by status class, p50 and p99 of the answered ones. */
export function requestTable(outcomes: Outcome[]): string {
  const kinds = [...new Set(outcomes.map((outcome) => outcome.kind))];
  const rows = [["call", "requests", "2xx", "3xx", "4xx", "5xx", "no answer", "p50 ms", "p99 ms"]];
  const row = (kind: string, of: Outcome[]) => {
    const latencies = of
      .filter((outcome) => outcome.status > 0)
      .map((outcome) => outcome.end - outcome.start)
      .sort((a, b) => a - b);
    const count = (test: (status: number) => boolean) => String(of.filter((o) => test(o.status)).length);
    return [
      kind,
      String(of.length),
      count((status) => status >= 200 && status < 300),
      count((status) => status >= 300 && status < 400),
      count((status) => status >= 400 && status < 500),
      count((status) => status >= 500),
      count((status) => status === 0),
      ms(percentile(latencies, 0.5)),
      ms(percentile(latencies, 0.99)),
    ];
  };
  for (const kind of kinds)
    rows.push(
      row(
        kind,
        outcomes.filter((outcome) => outcome.kind === kind),
      ),
    );
  rows.push(row("all", outcomes));
  return table(rows, (column) => column > 0);
}

/** Every answer that was not 2xx or 3xx, by kind and status. */
export function statusBreakdown(outcomes: Outcome[], kills: Kill[]): string {
  const groups = new Map<string, { count: number; atKill: number; raw: number }>();
  for (const outcome of outcomes) {
    if (outcome.status >= 200 && outcome.status < 400) continue;
    const key = `${statusLabel(outcome)} · ${outcome.kind}`;
    const group = groups.get(key) ?? { count: 0, atKill: 0, raw: 0 };
    group.count += 1;
    if (isFailure(outcome) && inFlightAt(outcome, kills)) group.atKill += 1;
    if (outcome.shownAs === "raw") group.raw += 1;
    groups.set(key, group);
  }
  if (groups.size === 0) return "  (none)";
  const rows = [["answer · call", "count", "in flight at a kill", "body not the site's message"]];
  for (const [key, group] of [...groups].sort()) {
    rows.push([
      key,
      String(group.count),
      group.atKill ? String(group.atKill) : "",
      group.raw ? String(group.raw) : "",
    ]);
  }
  return table(rows, (column) => column > 0)
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

export interface StoredPlan {
  id: string;
  version: number;
  notes: string | null;
}

export interface SaveCheck {
  acknowledged: number;
  plans: number;
  storedAsAcknowledged: number;
  storedLaterInDoubt: number;
  inDoubt: number;
  lost: { planId: string; expected: string; stored: string | null; version: number }[];
}

/**
 * Each plan must hold its last acknowledged save, or a save sent after it whose answer never came
 * (in doubt: it may have been stored before the process died). Anything else is a lost save.
 */
export function checkSaves(ledgers: PlanLedger[], stored: Map<string, StoredPlan>): SaveCheck {
  const result: SaveCheck = {
    acknowledged: 0,
    plans: 0,
    storedAsAcknowledged: 0,
    storedLaterInDoubt: 0,
    inDoubt: 0,
    lost: [],
  };
  for (const ledger of ledgers) {
    const acknowledgedSaves = ledger.saves.filter((save) => save.outcome === "acknowledged");
    result.acknowledged += acknowledgedSaves.length;
    result.inDoubt += ledger.saves.filter((save) => save.outcome === "in-doubt").length;
    const last = acknowledgedSaves.at(-1);
    if (!last) continue;
    result.plans += 1;
    const after = ledger.saves.slice(ledger.saves.indexOf(last) + 1);
    const plan = stored.get(ledger.planId);
    if (plan && plan.notes === last.marker && plan.version >= (last.version ?? 0)) {
      result.storedAsAcknowledged += 1;
    } else if (
      plan &&
      after.some((save) => save.outcome === "in-doubt" && save.marker === plan.notes) &&
      plan.version > (last.version ?? 0)
    ) {
      result.storedLaterInDoubt += 1;
    } else {
      result.lost.push({
        planId: ledger.planId,
        expected: last.marker,
        stored: plan?.notes ?? null,
        version: plan?.version ?? 0,
      });
    }
  }
  return result;
}

export { table };
