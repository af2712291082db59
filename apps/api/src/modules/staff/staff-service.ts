import {
  messages,
  normaliseEmail,
  staffMessages,
  staffPermissions,
  staffMay,
  type StaffPermission,
  type StaffRole,
} from "@kindred/domain";
import type { AcceptStaffInvitationBody, InviteStaffMemberBody, StaffMember } from "@kindred/contracts";
import { and, asc, eq, gt, isNull, or, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { staffInvitations, staffMembers, staffTokens } from "../../db/schema";
import { openJobData, sealJobData } from "../../db/sealed-job";
import type { Mailer } from "../email";
import { ViolationError } from "../../plugins/error-handler";
import { acceptedStep, authenticatorEnrolment, newAuthenticatorKey } from "./authenticator";
import { recordStaffAction, type AuditContext } from "./audit-log";
import { createInvitation, newSecret } from "./invitations";
import { createMemberAccess } from "./member-access";
import { hashSecret } from "../auth";
import type { AdmittedAttempt, SignInAdmission } from "../accounts";

/**
 * Members of staff: invitations, setting up, signing in with a password and an authenticator
 * code, and their tokens (docs/decisions/031-staff-back-office.md).
 */

/** The person a staff token belongs to, as a staff route sees them. */
export interface SignedInStaff {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}

export type StaffSignIn =
  | { outcome: "signed-in"; token: string; expiresAt: Date; staffMemberId: string }
  | { outcome: "refused" }
  | { outcome: "slowed"; retryAfterSeconds: number };

/** A token's `last_used_at` is moved on at most this often, not on every call. */
const lastUsedGranularityMs = 60_000;

export interface StaffServiceOptions {
  db: Database;
  mailer: Mailer;
  /** The site's public address, for invitation links. */
  siteUrl: string;
  /** The key that seals authenticator keys at rest. */
  authenticatorSealingKey: Buffer;
  /** The customers' password machinery (argon2id, the common-password list), lent by the app. */
  passwords: {
    hash(password: string): Promise<string>;
    matches(password: string, storedHash: string | null | undefined): Promise<boolean>;
    isCommon(password: string): boolean;
  };
  /**
   * The sign-in limits, lent by the app (decision 038): tries are slowed, never locked, and an
   * address that is no member's is slowed just the same.
   */
  signInLimits: {
    admit(who: { email: string; address: string }): Promise<SignInAdmission>;
    /** A try that turned out right (or a code used twice, which is no guess) is not counted. */
    withdraw(attempt: AdmittedAttempt): Promise<void>;
  };
  /** A token unused this long stops working. */
  idleMinutes: number;
  /** A token stops working this long after sign-in, however busy. */
  tokenHours: number;
  now?: () => Date;
}

export type StaffService = ReturnType<typeof createStaffService>;

export function createStaffService(options: StaffServiceOptions) {
  const { db, mailer, passwords } = options;
  const now = options.now ?? (() => new Date());
  const sealLabel = (memberId: string) => `staff-authenticator:${memberId}`;
  const seal = (memberId: string, key: string) =>
    sealJobData(options.authenticatorSealingKey, sealLabel(memberId), key);
  const open = (memberId: string, sealed: string) =>
    openJobData(options.authenticatorSealingKey, sealLabel(memberId), sealed) as string;

  /** The live invitation for `token`, with its member; null when expired, used or unknown. */
  async function liveInvitation(transaction: Database, token: string) {
    const [row] = await transaction
      .select({ invitation: staffInvitations, member: staffMembers })
      .from(staffInvitations)
      .innerJoin(staffMembers, eq(staffMembers.id, staffInvitations.staffMemberId))
      .where(
        and(
          eq(staffInvitations.tokenHash, hashSecret(token)),
          isNull(staffInvitations.usedAt),
          gt(staffInvitations.expiresAt, now()),
          isNull(staffMembers.disabledAt),
        ),
      )
      .for("update");
    return row ?? null;
  }

  const invitationRefused = () =>
    new ViolationError([{ propertyPath: "token", title: staffMessages.staffInvitationInvalid }], 404);

  return {
    /** An administrator invites someone: the member is made, and the invitation emailed. */
    async invite(
      by: SignedInStaff,
      body: InviteStaffMemberBody,
      audit: AuditContext,
    ): Promise<{ id: string }> {
      return db.transaction(async (transaction) => {
        const { staffMemberId, link } = await createInvitation(transaction, body, {
          invitedBy: by.id,
          siteUrl: options.siteUrl,
          now: now(),
        });
        await mailer.queue(
          {
            kind: "staff-invitation",
            to: { name: body.name, address: normaliseEmail(body.email) },
            name: body.name,
            role: body.role,
            invitedBy: by.name,
            link,
          },
          transaction,
        );
        await recordStaffAction(transaction, audit, {
          action: "staff.invited",
          detail: { staffMemberId, role: body.role },
        });
        return { id: staffMemberId };
      });
    },

    /**
     * Opens an invitation: who it is for, and the authenticator key to set up (made now, or the
     * one made when it was first opened, so opening it twice shows the same code).
     */
    async openInvitation(token: string, audit: AuditContext) {
      return db.transaction(async (transaction) => {
        const found = await liveInvitation(transaction, token);
        if (!found) throw invitationRefused();
        const { member } = found;
        let key = member.totpKeySealed ? open(member.id, member.totpKeySealed) : null;
        if (!key) {
          key = newAuthenticatorKey();
          await transaction
            .update(staffMembers)
            .set({ totpKeySealed: seal(member.id, key) })
            .where(eq(staffMembers.id, member.id));
        }
        await recordStaffAction(transaction, audit, {
          action: "staff.invitation-opened",
          staffMemberId: member.id,
        });
        return {
          name: member.name,
          email: member.email,
          role: member.role,
          ...authenticatorEnrolment(key, member.email),
        };
      });
    },

    /**
     * Accepts an invitation: the password chosen and a code that proves the app is set up. The
     * link is used up; the member can sign in.
     */
    async acceptInvitation(body: AcceptStaffInvitationBody, audit: AuditContext): Promise<void> {
      if (passwords.isCommon(body.password)) {
        throw new ViolationError([{ propertyPath: "password", title: messages.passwordTooCommon }]);
      }
      const passwordHash = await passwords.hash(body.password);
      await db.transaction(async (transaction) => {
        const found = await liveInvitation(transaction, body.token);
        if (!found) throw invitationRefused();
        const { member, invitation } = found;
        const key = member.totpKeySealed ? open(member.id, member.totpKeySealed) : null;
        const step = key ? acceptedStep(key, body.code, now(), member.totpLastStep) : null;
        if (step === null) {
          throw new ViolationError([{ propertyPath: "code", title: staffMessages.authenticatorCodeWrong }]);
        }
        await transaction
          .update(staffMembers)
          .set({ passwordHash, totpLastStep: step, activatedAt: now() })
          .where(eq(staffMembers.id, member.id));
        await transaction
          .update(staffInvitations)
          .set({ usedAt: now() })
          .where(eq(staffInvitations.id, invitation.id));
        await recordStaffAction(transaction, audit, {
          action: "staff.invitation-accepted",
          staffMemberId: member.id,
        });
      });
    },

    /**
     * Signing in: email, password and a code, all right, on an account set up. Each try is first
     * let through the sign-in limits, which slow wrong guesses with growing delays and never lock
     * anyone (decision 038); they count an address that is no member's just the same, and an
     * unknown address takes as long as a wrong password, so no answer says who is staff. A code
     * used already with the right password is refused without counting as a guess (a second tab,
     * say). Each try is recorded, by nobody (whoever typed the address), with the account tried; so is
     * each sign-in, by its member.
     */
    async signIn(
      attempt: { email: string; password: string; code: string },
      fromAddress: string,
    ): Promise<StaffSignIn> {
      const audit: AuditContext = { staffMemberId: null, fromAddress, recorded: false };
      const [member] = await db
        .select()
        .from(staffMembers)
        .where(eq(staffMembers.email, normaliseEmail(attempt.email)));
      const at = now();
      const admission = await options.signInLimits.admit({ email: attempt.email, address: fromAddress });
      if (!admission.admitted) {
        await recordStaffAction(db, audit, {
          action: "staff.sign-in-slowed",
          ...(member ? { attemptedAccount: member.id } : { detail: { knownEmail: false } }),
        });
        return { outcome: "slowed", retryAfterSeconds: admission.retryAfterSeconds };
      }
      const passwordRight = await passwords.matches(attempt.password, member?.passwordHash);
      const key =
        member?.activatedAt && !member.disabledAt && member.totpKeySealed
          ? open(member.id, member.totpKeySealed)
          : null;
      const code = attempt.code.replace(/\s/g, "");
      const step = key && passwordRight ? acceptedStep(key, code, at, member?.totpLastStep ?? null) : null;
      if (!member) {
        await recordStaffAction(db, audit, {
          action: "staff.sign-in-refused",
          detail: { knownEmail: false },
        });
        return { outcome: "refused" };
      }
      if (step === null) {
        // The right password with a code that was right but is used already: no guess, not counted.
        if (key && passwordRight && acceptedStep(key, code, at, null) !== null) {
          await options.signInLimits.withdraw(admission.attempt);
        }
        await recordStaffAction(db, audit, { action: "staff.sign-in-refused", attemptedAccount: member.id });
        return { outcome: "refused" };
      }
      const token = newSecret();
      const expiresAt = new Date(at.getTime() + options.tokenHours * 3_600_000);
      const signedIn = await db.transaction(async (transaction) => {
        // The code's step is taken only if no other sign-in took it (or a later one) first.
        const [taken] = await transaction
          .update(staffMembers)
          .set({ totpLastStep: step })
          .where(
            and(
              eq(staffMembers.id, member.id),
              or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step)),
            ),
          )
          .returning({ id: staffMembers.id });
        if (!taken) return false;
        await transaction
          .insert(staffTokens)
          .values({ tokenHash: hashSecret(token), staffMemberId: member.id, expiresAt, lastUsedAt: at });
        await recordStaffAction(transaction, audit, { action: "staff.signed-in", staffMemberId: member.id });
        return true;
      });
      // Right, or taken by a sign-in at the same moment with the same code: no guess either way.
      await options.signInLimits.withdraw(admission.attempt);
      if (!signedIn) {
        await recordStaffAction(db, audit, { action: "staff.sign-in-refused", attemptedAccount: member.id });
        return { outcome: "refused" };
      }
      return { outcome: "signed-in", token, expiresAt, staffMemberId: member.id };
    },

    /**
     * The member a bearer token belongs to, or null: the token must be live (not signed out, not
     * past its hours, used within the idle time) and its member active.
     */
    async signedInBy(token: string): Promise<SignedInStaff | null> {
      const at = now();
      const idleSince = new Date(at.getTime() - options.idleMinutes * 60_000);
      const tokenHash = hashSecret(token);
      const [row] = await db
        .select({
          id: staffMembers.id,
          name: staffMembers.name,
          email: staffMembers.email,
          role: staffMembers.role,
          lastUsedAt: staffTokens.lastUsedAt,
        })
        .from(staffTokens)
        .innerJoin(staffMembers, eq(staffMembers.id, staffTokens.staffMemberId))
        .where(
          and(
            eq(staffTokens.tokenHash, tokenHash),
            isNull(staffTokens.revokedAt),
            gt(staffTokens.expiresAt, at),
            gt(staffTokens.lastUsedAt, idleSince),
            isNull(staffMembers.disabledAt),
          ),
        );
      if (!row) return null;
      if (at.getTime() - row.lastUsedAt.getTime() > lastUsedGranularityMs) {
        await db.update(staffTokens).set({ lastUsedAt: at }).where(eq(staffTokens.tokenHash, tokenHash));
      }
      return { id: row.id, name: row.name, email: row.email, role: row.role };
    },

    /** Who is signed in, with what their role lets them do. */
    async me(member: SignedInStaff, audit: AuditContext) {
      await recordStaffAction(db, audit, { action: "staff.own-account-read" });
      const permissions = (Object.keys(staffPermissions) as StaffPermission[]).filter((permission) =>
        staffMay(member.role, permission),
      );
      return { ...member, permissions };
    },

    /** Signs this token out (the device it is on): it stops working at once, in every process. */
    async signOut(token: string, audit: AuditContext): Promise<void> {
      await db.transaction(async (transaction) => {
        await transaction
          .update(staffTokens)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(staffTokens.tokenHash, hashSecret(token)), isNull(staffTokens.revokedAt)));
        await recordStaffAction(transaction, audit, { action: "staff.signed-out" });
      });
    },

    /** Signs the member out on every device at once. */
    async signOutEverywhere(member: SignedInStaff, audit: AuditContext): Promise<void> {
      await db.transaction(async (transaction) => {
        await transaction
          .update(staffTokens)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(staffTokens.staffMemberId, member.id), isNull(staffTokens.revokedAt)));
        await recordStaffAction(transaction, audit, { action: "staff.signed-out-everywhere" });
      });
    },

    /** Every member of staff, for administrators. */
    async members(audit: AuditContext): Promise<StaffMember[]> {
      const rows = await db.select().from(staffMembers).orderBy(asc(staffMembers.name));
      await recordStaffAction(db, audit, { action: "staff.members-listed" });
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        status: row.disabledAt ? "disabled" : row.activatedAt ? "active" : "invited",
        createdAt: row.createdAt.toISOString(),
      }));
    },

    ...createMemberAccess({ db, mailer, siteUrl: options.siteUrl, now }),
  };
}
