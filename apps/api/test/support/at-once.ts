/**
 * Starts every call at the same moment and answers their results in order: two requests racing
 * (a double click, two tabs, two processes sweeping). On PostgreSQL they really overlap, each on a
 * connection of its own, so the locks and constraints that keep them apart are put to work; on
 * PGlite, with its one connection, they take turns. A test that races calls this rather than
 * `Promise.all`, so the check in engine-tests.test.ts sees the race and asks for the `engine` tag,
 * which runs the test on PostgreSQL in CI too (docs/decisions/034-postgresql-stage-runs-engine-tests.md).
 */
// Typed as `Promise.all` is: `| []` has a list written out read as a tuple, each call's own result.
export function atOnce<T extends readonly unknown[] | []>(
  calls: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  return Promise.all(calls);
}
