import { readFile } from "node:fs/promises";
import { inject } from "vitest";

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
