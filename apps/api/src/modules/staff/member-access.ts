import { staffMessages } from "@kindred/domain";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { staffInvitations, staffMembers, staffTokens } from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import type { Mailer } from "../email";
import { recordStaffAction, type AuditContext } from "./audit-log";
import { newInvitationLink, withdrawInvitations } from "./invitations";
import type { SignedInStaff } from "./staff-service";

/**
 * Who may use the back office, as administrators change it (issue 50 item 12): a leaver's access
 * ends at once, an invitation not yet accepted is withdrawn or sent again, and someone who comes
 * back is let in again. Each is audited, and a double click changes nothing more.
 */

/** An invitation is not sent again within this long of the last: a double click sends one. */
const inviteAgainAfterSeconds = 60;

export interface MemberAccessOptions {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  now: () => Date;
}

const noSuchMember = () =>
  new ViolationError([{ propertyPath: "staffMemberId", title: staffMessages.noSuchStaffMember }], 404);
const refused = (title: string) => new ViolationError([{ propertyPath: "staffMemberId", title }], 409);

/**
 * The member's row, once the transaction holds the lock every change of access takes: one change
 * at a time, so two administrators disabling each other at once cannot leave nobody to manage
 * staff, and a double click is seen by its second press. 404 when there is no such member.
 */
async function lockedMember(transaction: Database, staffMemberId: string) {
  await transaction.execute(sql`select pg_advisory_xact_lock(hashtext('staff.member-access'))`);
  const [member] = await transaction.select().from(staffMembers).where(eq(staffMembers.id, staffMemberId));
  if (!member) throw noSuchMember();
  return member;
}

export function createMemberAccess({ db, mailer, siteUrl, now }: MemberAccessOptions) {
  return {
    /**
     * Ends a member's access at once: every token of theirs stops working and any invitation link
     * of theirs too (so it also withdraws an invitation not yet accepted). Never an administrator's
     * own account, nor the last administrator who can still sign in. Already disabled: nothing more.
     */
    async disable(by: SignedInStaff, staffMemberId: string, audit: AuditContext): Promise<void> {
      if (staffMemberId === by.id) throw refused(staffMessages.cannotDisableYourself);
      await db.transaction(async (transaction) => {
        const member = await lockedMember(transaction, staffMemberId);
        if (member.disabledAt) {
          // A second press, or another administrator first: recorded, as every staff call is.
          await recordStaffAction(transaction, audit, {
            action: "staff.already-disabled",
            detail: { staffMemberId: member.id },
          });
          return;
        }
        if (member.role === "administrator" && member.activatedAt) {
          const others = await transaction
            .select({ id: staffMembers.id })
            .from(staffMembers)
            .where(
              and(
                eq(staffMembers.role, "administrator"),
                ne(staffMembers.id, staffMemberId),
                isNull(staffMembers.disabledAt),
                sql`${staffMembers.activatedAt} is not null`,
              ),
            );
          if (others.length === 0) throw refused(staffMessages.lastAdministrator);
        }
        const at = now();
        await transaction.update(staffMembers).set({ disabledAt: at }).where(eq(staffMembers.id, member.id));
        await transaction
          .update(staffTokens)
          .set({ revokedAt: at })
          .where(and(eq(staffTokens.staffMemberId, member.id), isNull(staffTokens.revokedAt)));
        await withdrawInvitations(transaction, member.id, at);
        await recordStaffAction(transaction, audit, {
          action: member.activatedAt ? "staff.disabled" : "staff.invitation-withdrawn",
          detail: { staffMemberId: member.id },
        });
      });
    },

    /**
     * Lets a disabled member in again: one who had set up their account signs in as before; one
     * whose invitation was withdrawn is sent a new one. Not disabled: nothing more.
     */
    async enable(by: SignedInStaff, staffMemberId: string, audit: AuditContext): Promise<void> {
      await db.transaction(async (transaction) => {
        const member = await lockedMember(transaction, staffMemberId);
        if (!member.disabledAt) {
          await recordStaffAction(transaction, audit, {
            action: "staff.already-enabled",
            detail: { staffMemberId: member.id },
          });
          return;
        }
        await transaction
          .update(staffMembers)
          .set({ disabledAt: null })
          .where(eq(staffMembers.id, member.id));
        await recordStaffAction(transaction, audit, {
          action: "staff.enabled",
          detail: { staffMemberId: member.id },
        });
        if (!member.activatedAt) await sendInvitation(transaction, by, member, audit);
      });
    },

    /**
     * Sends a member who has not yet accepted their invitation a new link; the old one stops
     * working. Refused once they have set up their account, while disabled, and within a minute of
     * the last invitation (a double click sends one).
     */
    async inviteAgain(by: SignedInStaff, staffMemberId: string, audit: AuditContext): Promise<void> {
      await db.transaction(async (transaction) => {
        const member = await lockedMember(transaction, staffMemberId);
        if (member.activatedAt) throw refused(staffMessages.invitationAlreadyAccepted);
        if (member.disabledAt) throw refused(staffMessages.invitationOfDisabledMember);
        const [recent] = await transaction
          .select({ id: staffInvitations.id })
          .from(staffInvitations)
          .where(
            and(
              eq(staffInvitations.staffMemberId, member.id),
              gt(staffInvitations.createdAt, sql`now() - make_interval(secs => ${inviteAgainAfterSeconds})`),
            ),
          )
          .limit(1);
        if (recent) throw refused(staffMessages.invitedJustNow);
        await sendInvitation(transaction, by, member, audit);
      });
    },
  };

  async function sendInvitation(
    transaction: Database,
    by: SignedInStaff,
    member: typeof staffMembers.$inferSelect,
    audit: AuditContext,
  ) {
    const link = await newInvitationLink(transaction, member.id, { siteUrl, now: now() });
    await mailer.queue(
      {
        kind: "staff-invitation",
        to: { name: member.name, address: member.email },
        name: member.name,
        role: member.role,
        invitedBy: by.name,
        link,
      },
      transaction,
    );
    await recordStaffAction(transaction, audit, {
      action: "staff.invited-again",
      detail: { staffMemberId: member.id },
    });
  }
}
