import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createTestApp } from "./test-app";

/**
 * The API project's global setup. On PGlite, a test app's database would otherwise be made from
 * nothing (initdb), migrated and seeded each time, about 3.5 s on a two-core machine; it is done
 * once here, the API built on it once (so the job queue's schema and queues exist too), and the
 * result saved. Each test app's database is then a copy of it (`savedDatabase()` in saved-database.ts), about 1 s, and its
 * migrations and seeding find nothing left to do. The migrations themselves still run from nothing
 * here, on every run.
 */
export default async function saveDatabase(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) return async () => {};
  const testApp = await createTestApp({}, { startEmpty: true });
  const file = path.join(tmpdir(), `kindred-saved-database-${process.pid}.tar`);
  try {
    await testApp.saveDatabase(file);
  } finally {
    await testApp.close();
  }
  project.provide("savedDatabase", file);
  return () => rm(file, { force: true });
}
