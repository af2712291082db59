import { sql } from "drizzle-orm";
import { authAttempts } from "../../src/db/schema";
import type { TestApp } from "./test-app";

/**
 * As if `seconds` had passed for the rate limits: every counted attempt is moved that much into
 * the past. The limits read the database's clock, so this stands in for waiting, with no sleep.
 */
export async function attemptsAgeBy(testApp: TestApp, seconds: number): Promise<void> {
  await testApp.db
    .update(authAttempts)
    .set({ createdAt: sql`${authAttempts.createdAt} - make_interval(secs => ${seconds})` });
}
