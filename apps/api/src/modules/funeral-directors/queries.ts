import { and, asc, eq } from "drizzle-orm";
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

/** The id and name of every open branch. */
export async function selectActiveBranchNames(db: Database): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: funeralDirectorBranches.id, name: funeralDirectorBranches.name })
    .from(funeralDirectorBranches)
    .where(eq(funeralDirectorBranches.active, true));
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

/** A branch whether open or closed (a plan keeps the one it chose), read in `db` (a transaction, say). */
export async function selectBranch(db: Database, id: number): Promise<BranchRow | undefined> {
  const [branch] = await db.select().from(funeralDirectorBranches).where(eq(funeralDirectorBranches.id, id));
  return branch;
}
