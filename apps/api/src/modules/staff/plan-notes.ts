import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { planNotes, staffMembers } from "../../db/schema";
import { recordStaffAction, type AuditContext } from "./audit-log";
import { storedPlan } from "./stored-plan";

/**
 * Notes staff write on a plan (issue 24 item 4; decision 031): what a caller asked, what was
 * done or promised. Kept as written (the table refuses changes), each with its author and time,
 * and shown in the plan's timeline.
 */

/** The plan's notes, oldest first, each with its author's name. */
export async function planNotesOf(db: Database, planId: string) {
  return db
    .select({
      id: planNotes.id,
      text: planNotes.text,
      createdAt: planNotes.createdAt,
      author: staffMembers.name,
    })
    .from(planNotes)
    .innerJoin(staffMembers, eq(staffMembers.id, planNotes.staffMemberId))
    .where(eq(planNotes.planId, planId))
    .orderBy(asc(planNotes.createdAt), asc(planNotes.id));
}

/** Adds a note by the signed-in member, recorded as `plan.note-added` in the same transaction. */
export async function addPlanNote(
  db: Database,
  audit: AuditContext,
  { planId, staffMemberId, text }: { planId: string; staffMemberId: string; text: string },
) {
  await storedPlan(db, planId);
  return db.transaction(async (transaction) => {
    const [note] = await transaction
      .insert(planNotes)
      .values({ planId, staffMemberId, text })
      .returning({ id: planNotes.id, createdAt: planNotes.createdAt });
    if (!note) throw new Error("Adding a note returned no row");
    // What was written is in the note itself; the log says a note was added, and its length.
    await recordStaffAction(transaction, audit, {
      action: "plan.note-added",
      planId,
      detail: { noteId: note.id, characters: text.length },
    });
    return { id: note.id, createdAt: note.createdAt.toISOString() };
  });
}
