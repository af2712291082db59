import { normaliseEmail } from "@kindred/domain";
import type { Database } from "../../db/database";
import type { AuthAttemptKind } from "../../db/schema";
import {
  countRecentAuthAttempts,
  deleteAuthAttempts,
  deleteStaleAuthAttempts,
  insertAuthAttempts,
} from "./queries";

/**
 * How many attempts one account (email address) and one address (IP) may make within a window.
 * Sign-in counts failures only: after 5 for an account, or 20 from an address, within 15 minutes
 * the next attempt is refused, right password or not, until the oldest ages out. Password reset
 * counts every request: 3 an hour for an account, 10 an hour from an address; a request for the
 * free guide, 3 an hour for an email address and 20 from an address. A visitor's
 * application token (each one makes a guest) has no account; its limit per address is a setting.
 */
export interface AttemptLimits {
  windowMinutes: number;
  perAccount: number;
  perAddress: number;
}

export const attemptLimits: Record<Exclude<AuthAttemptKind, "guest-token">, AttemptLimits> = {
  "sign-in": { windowMinutes: 15, perAccount: 5, perAddress: 20 },
  "password-reset": { windowMinutes: 60, perAccount: 3, perAddress: 10 },
  "confirm-email-resend": { windowMinutes: 60, perAccount: 3, perAddress: 10 },
  // The free guide (decision 019): each request may send an email, so it is limited like a reset.
  // More from one address, as people in one care home or library may share it.
  enquiry: { windowMinutes: 60, perAccount: 3, perAddress: 20 },
};

/** Rows older than this are removed whenever their subjects try again. */
const keepMinutes = 24 * 60;

export interface AdmittedAttempt {
  ids: number[];
}

/**
 * The subjects an attempt counts against: the address, and the account when there is one.
 * Unknown accounts count too, so no answer reveals whether an account exists.
 */
export function attemptSubjects(who: { email?: string; address: string }): {
  account?: string;
  address: string;
} {
  return {
    ...(who.email === undefined ? {} : { account: normaliseEmail(who.email).slice(0, 320) }),
    address: `ip:${who.address}`.slice(0, 100),
  };
}

/**
 * Counts an attempt first and then checks the limits, so attempts made at the same moment
 * cannot all slip under them: the n-th to be recorded sees at least n. An attempt over a limit is
 * not counted (its rows are removed) and `undefined` is answered.
 */
export async function admitAttempt(
  db: Database,
  kind: AuthAttemptKind,
  who: { email?: string; address: string },
  limits: AttemptLimits,
): Promise<AdmittedAttempt | undefined> {
  const { account, address } = attemptSubjects(who);
  const subjects = account === undefined ? [address] : [account, address];
  await deleteStaleAuthAttempts(db, kind, subjects, keepMinutes);
  const ids = await insertAuthAttempts(db, kind, subjects);
  const counts = await countRecentAuthAttempts(db, kind, subjects, limits.windowMinutes);
  const overAccountLimit = account !== undefined && (counts.get(account) ?? 0) > limits.perAccount;
  if (overAccountLimit || (counts.get(address) ?? 0) > limits.perAddress) {
    await deleteAuthAttempts(db, ids);
    return undefined;
  }
  return { ids };
}

/** An attempt that turned out not to count (a sign-in that succeeded) is taken back. */
export async function withdrawAttempt(db: Database, attempt: AdmittedAttempt): Promise<void> {
  await deleteAuthAttempts(db, attempt.ids);
}

/**
 * A new visitor's application token makes a guest user, so tokens from one address are limited
 * per hour: enough for everyone behind a shared address, not enough to fill the database.
 */
export async function admitNewVisitor(db: Database, address: string, perHour: number): Promise<boolean> {
  const limits = { windowMinutes: 60, perAccount: 0, perAddress: perHour };
  return (await admitAttempt(db, "guest-token", { address }, limits)) !== undefined;
}

/** A request for the free guide, counted against the email address it is for and the visitor's address. */
export async function admitEnquiry(db: Database, email: string, address: string): Promise<boolean> {
  return (await admitAttempt(db, "enquiry", { email, address }, attemptLimits.enquiry)) !== undefined;
}
