import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/database";
import { funeralDirectorBranches } from "../../db/schema";

export type BranchRow = typeof funeralDirectorBranches.$inferSelect;

export async function selectActiveBranch(db: Database, id: number): Promise<BranchRow | undefined> {
  const [branch] = await db
    .select()
    .from(funeralDirectorBranches)
    .where(and(eq(funeralDirectorBranches.id, id), eq(funeralDirectorBranches.active, true)));
  return branch;
}

export async function selectActiveBranches(db: Database, ids: readonly number[]): Promise<BranchRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(funeralDirectorBranches)
    .where(and(inArray(funeralDirectorBranches.id, [...ids]), eq(funeralDirectorBranches.active, true)));
}

/** Branches a visitor can be offered near them: open, arranging funerals, not the head office. */
export async function selectLocalBranches(db: Database): Promise<BranchRow[]> {
  return db
    .select()
    .from(funeralDirectorBranches)
    .where(
      and(
        eq(funeralDirectorBranches.active, true),
        eq(funeralDirectorBranches.allowsFuneralDirectorServices, true),
        eq(funeralDirectorBranches.isHeadOffice, false),
      ),
    )
    .orderBy(asc(funeralDirectorBranches.id));
}

export async function selectHeadOffice(db: Database): Promise<BranchRow | undefined> {
  const [headOffice] = await db
    .select()
    .from(funeralDirectorBranches)
    .where(eq(funeralDirectorBranches.isHeadOffice, true));
  return headOffice;
}
