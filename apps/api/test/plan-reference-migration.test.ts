// Migration 0025 gives the plans made before it a short reference each (decision 045): the
// database is brought up to the migration before, given plans, then migrated the rest of the way.
// @module-tag engine
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { normalisePlanReference } from "@kindred/domain";
import { pgliteExtensions } from "../src/db/database";

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../drizzle");
const before = mkdtempSync(path.join(tmpdir(), "kindred-migrations-"));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The committed migrations up to, and not including, `tag`. */
function migrationsBefore(tag: string): string {
  cpSync(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return before;
}

describe("migration 0025_plan_reference", () => {
  it("gives every plan made before it its own short reference, and then requires one", async () => {
    const client = new PGlite({ extensions: await pgliteExtensions() });
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: migrationsBefore("0025_plan_reference") });
      await client.exec(`
        insert into users (id, kind) values ('00000000-0000-4000-8000-000000000001', 'guest');
        insert into plans (user_id)
          select '00000000-0000-4000-8000-000000000001' from generate_series(1, 200);
      `);

      await migrate(db, { migrationsFolder });

      const { rows } = await client.query<{ reference: string }>("select reference from plans");
      expect(rows).toHaveLength(200);
      for (const { reference } of rows) expect(normalisePlanReference(reference)).toBe(reference);
      expect(new Set(rows.map((row) => row.reference)).size).toBe(200);
      await expect(
        client.query("insert into plans (user_id) values ('00000000-0000-4000-8000-000000000001')"),
      ).rejects.toThrow(/reference/);
      await expect(
        client.query(
          "insert into plans (user_id, reference) values ('00000000-0000-4000-8000-000000000001', $1)",
          [rows[0]?.reference],
        ),
      ).rejects.toThrow(/plans_reference_idx/);
    } finally {
      await client.close();
    }
  });
});
