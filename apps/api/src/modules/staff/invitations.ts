import { randomBytes } from "node:crypto";
import { normaliseEmail, staffMessages } from "@kindred/domain";
import type { InviteStaffMemberBody } from "@kindred/contracts";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/database";
import { staffInvitations, staffMembers } from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import { hashSecret } from "../auth";
import { recordStaffAction } from "./audit-log";

/** An invitation link works once, for this long. */
const invitationHours = 72;

/** A new secret for a link or a token; stored only as its hash (`hashSecret`). */
export const newSecret = () => randomBytes(32).toString("base64url");

/** Makes a new member and their invitation in `transaction`; answers the link to send them. */
export async function createInvitation(
  transaction: Database,
  body: InviteStaffMemberBody,
  { invitedBy, siteUrl, now }: { invitedBy: string | null; siteUrl: string; now: Date },
): Promise<{ staffMemberId: string; link: string }> {
  const [member] = await transaction
    .insert(staffMembers)
    .values({ email: normaliseEmail(body.email), name: body.name, role: body.role, invitedBy })
    .onConflictDoNothing({ target: staffMembers.email })
    .returning({ id: staffMembers.id });
  if (!member)
    throw new ViolationError([{ propertyPath: "email", title: staffMessages.staffMemberExists }], 409);
  return {
    staffMemberId: member.id,
    link: await newInvitationLink(transaction, member.id, { siteUrl, now }),
  };
}

/**
 * A new invitation for a member who has not yet accepted one; any earlier link of theirs stops
 * working. Answers the link to send them.
 */
export async function newInvitationLink(
  transaction: Database,
  staffMemberId: string,
  { siteUrl, now }: { siteUrl: string; now: Date },
): Promise<string> {
  await withdrawInvitations(transaction, staffMemberId, now);
  const token = newSecret();
  await transaction.insert(staffInvitations).values({
    staffMemberId,
    tokenHash: hashSecret(token),
    expiresAt: new Date(now.getTime() + invitationHours * 3_600_000),
  });
  return `${siteUrl}/staff/invitation?token=${encodeURIComponent(token)}`;
}

/** Every unused invitation link of the member stops working from `now`. */
export async function withdrawInvitations(transaction: Database, staffMemberId: string, now: Date) {
  await transaction
    .update(staffInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(staffInvitations.staffMemberId, staffMemberId),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
}

/**
 * The first administrator, by `npm run staff:create-admin`: refused while an administrator exists
 * (they invite everyone else). Answers the invitation link, for the person running the command to
 * hand over; nothing is emailed and no password is ever set by anyone but its owner.
 */
export async function createFirstAdministrator(
  db: Database,
  body: { name: string; email: string },
  { siteUrl, now = new Date() }: { siteUrl: string; now?: Date },
): Promise<string> {
  return db.transaction(async (transaction) => {
    const [administrator] = await transaction
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(and(eq(staffMembers.role, "administrator"), isNull(staffMembers.disabledAt)));
    if (administrator) {
      throw new Error("There is an administrator already: they invite everyone else from the back office.");
    }
    const { staffMemberId, link } = await createInvitation(
      transaction,
      { ...body, role: "administrator" },
      { invitedBy: null, siteUrl, now },
    );
    await recordStaffAction(
      transaction,
      { staffMemberId: null, fromAddress: "command line", recorded: false },
      { action: "staff.invited", detail: { staffMemberId, role: "administrator", by: "command" } },
    );
    return link;
  });
}
