import type { FastifyBaseLogger } from "fastify";
import type { DataRightsService } from "./service";

/** How often each API process looks for what has been kept long enough. */
const sweepEverySeconds = 60 * 60;

/**
 * Deletes what has been kept as long as the privacy policy says, every hour in every API process
 * and a minute after it starts (as the anniversary statements look, decision 029); answers a
 * function that stops it. Each deletion's own conditions decide what goes, so two processes
 * sweeping at once delete nothing twice and nothing they should not.
 */
export function sweepRetentionEvery(dataRights: DataRightsService, log: FastifyBaseLogger): () => void {
  const sweep = () => {
    dataRights.sweepRetention().then(
      (swept) => {
        if (swept.plans + swept.freeGuideRequests + swept.circumstances + swept.deathReports > 0)
          log.info(swept, "deleted what was kept long enough");
      },
      (error: unknown) => {
        log.warn(
          { reason: (error as Error).name },
          "could not delete what was kept long enough; will try again",
        );
      },
    );
  };
  const first = setTimeout(sweep, 60_000).unref();
  const every = setInterval(sweep, sweepEverySeconds * 1000).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
