// What the load scripts share: their settings, read from the environment, a pause, and stopping
// every process a run started however the run ends.

/** A setting of 0 or more from the environment, or its default; anything else stops the run. */
export function setting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds since a performance.now(), to a tenth. */
export const elapsed = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * The run's processes are stopped once, however it ends: by the cleanup this answers (at its
 * end), on Ctrl-C or a stop request (then this process exits 130), and by `kill -9` as a last
 * resort when this process exits any other way. `afterwards` runs once they have stopped.
 */
export function stoppedOnExit(
  processes: { stop(): Promise<void>; killNow(): void },
  afterwards: () => void,
): () => Promise<void> {
  let cleanedUp = false;
  const cleanUp = async () => {
    if (cleanedUp) return;
    cleanedUp = true;
    await processes.stop();
    afterwards();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping every process of the run…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  process.on("exit", () => processes.killNow());
  return cleanUp;
}

/** Runs `work` on every item, `size` at a time; answers the results in the items' order. */
export async function inPool<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(size, items.length)) }, worker));
  return results;
}
