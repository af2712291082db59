import { PGlite } from "@electric-sql/pglite";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { pgliteExtensions } from "../../src/db/database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file holding a migrated, seeded PGlite database (a tarball); unset on PostgreSQL. */
    savedDatabase?: string;
  }
}

let saved: Promise<Blob | undefined> | undefined;

/** The database the global setup saved, read once per test process; undefined on PostgreSQL. */
export function savedDatabase(): Promise<Blob | undefined> {
  saved ??= (async () => {
    const file = inject("savedDatabase");
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return saved;
}

/**
 * Makes `dataDir` a PGlite folder holding a copy of the saved database, for an app (or an API
 * process) that opens a folder rather than memory: it starts in about a second, where a folder
 * made from nothing is initialised, migrated and seeded first. Leaves the folder alone on
 * PostgreSQL, where nothing was saved.
 */
export async function copySavedDatabaseTo(dataDir: string): Promise<void> {
  const saved = await savedDatabase();
  if (!saved) return;
  const copy = new PGlite(dataDir, { loadDataDir: saved, extensions: await pgliteExtensions() });
  await copy.close();
}
