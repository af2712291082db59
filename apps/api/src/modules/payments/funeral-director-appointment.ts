import { ukToday } from "@kindred/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { funeralDirectorAppointments, type plans } from "../../db/schema";
import { selectBranch, type BranchRow } from "../funeral-directors";

/**
 * Appointing the funeral director when a plan is bought (FPCOB 10.1.3R;
 * docs/decisions/027-funeral-director-appointment.md): the branch the customer chose in the
 * journey, recorded in the transaction that makes the plan bought (its payment in full or its
 * deposit confirmed), with the emails that tell the branch and the customer queued beside it.
 */

/** The emails an appointment sends, written from the stored rows when their job runs. */
export type AppointmentEmail =
  /** To the branch: a plan naming it has been bought. Never for a branch that has closed. */
  | { kind: "funeral-director-appointed" }
  /** To the customer: which funeral director will carry out the funeral, or that we will write. */
  | { kind: "funeral-director-letter" };

type PlanRow = typeof plans.$inferSelect;
type AppointmentRow = typeof funeralDirectorAppointments.$inferSelect;

/**
 * Appoints the plan's chosen branch in `transaction`, once: the plan is the key, so a webhook
 * applied twice or two processes find the first appointment and appoint nothing again, and answer
 * no emails. A branch that has closed (or none chosen) is recorded as needing staff to choose
 * another, and nothing is sent to it.
 */
export async function appointFuneralDirector(
  transaction: Database,
  plan: PlanRow,
  now: Date,
): Promise<{ type: "email"; email: AppointmentEmail }[]> {
  const chosenId = plan.journey.funeralDirector?.id;
  const branch = chosenId === undefined ? undefined : await selectBranch(transaction, chosenId);
  const needsStaff = !branch?.active;
  const [appointed] = await transaction
    .insert(funeralDirectorAppointments)
    .values({ planId: plan.id, branchId: branch?.id ?? null, appointedOn: ukToday(now), needsStaff })
    .onConflictDoNothing()
    .returning({ planId: funeralDirectorAppointments.planId });
  if (!appointed) return [];
  const emails: AppointmentEmail[] = needsStaff
    ? [{ kind: "funeral-director-letter" }]
    : [{ kind: "funeral-director-appointed" }, { kind: "funeral-director-letter" }];
  return emails.map((email) => ({ type: "email", email }));
}
/** A plan's appointment and its branch as it is now, or undefined before the plan is bought. */
export async function appointmentOf(
  db: Database,
  planId: string,
): Promise<{ appointment: AppointmentRow; branch: BranchRow | undefined } | undefined> {
  const [appointment] = await db
    .select()
    .from(funeralDirectorAppointments)
    .where(eq(funeralDirectorAppointments.planId, planId));
  if (!appointment) return undefined;
  const branch = appointment.branchId === null ? undefined : await selectBranch(db, appointment.branchId);
  return { appointment, branch };
}

/** The appointed branch, or undefined while staff must choose one (the chosen one had closed). */
export function appointedBranch(found: {
  appointment: AppointmentRow;
  branch: BranchRow | undefined;
}): BranchRow | undefined {
  return found.appointment.needsStaff ? undefined : found.branch;
}
