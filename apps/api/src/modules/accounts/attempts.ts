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
 * Password reset counts every request: 3 an hour for an account, 10 an hour from an address; a
 * request for the free guide, 3 an hour for an email address and 20 from an address. A visitor's
 * application token (each one makes a guest) has no account; its limit per address is a setting.
 * Sign-in has limits of its own (`signInLimits`).
 */
export interface AttemptLimits {
  windowMinutes: number;
  perAccount: number;
  perAddress: number;
}

export const attemptLimits: Record<Exclude<AuthAttemptKind, "guest-token" | "sign-in">, AttemptLimits> = {
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
function attemptSubjects(who: { email?: string; address: string }): {
  account?: string;
  address: string;
} {
  return {
    ...(who.email === undefined ? {} : { account: normaliseEmail(who.email).slice(0, 320) }),
    address: `ip:${who.address}`.slice(0, 100),
  };
}

/** Whether an attempt is within `limits`; an attempt over them is not counted, and `undefined` is answered. */
export async function admitAttempt(
  db: Database,
  kind: AuthAttemptKind,
  who: { email?: string; address: string },
  limits: AttemptLimits,
): Promise<AdmittedAttempt | undefined> {
  const { account, address } = attemptSubjects(who);
  const subjects = account === undefined ? [address] : [account, address];
  return admitAgainst(
    db,
    kind,
    subjects,
    limits.windowMinutes,
    (counts) =>
      (account !== undefined && over(counts, account, limits.perAccount)) ||
      over(counts, address, limits.perAddress),
  );
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

/**
 * Failed sign-ins (decision 024). A stranger must not be able to lock someone out by guessing
 * wrong, so no limit stops an account as a whole:
 * - one account from one address: 5 failures within 15 minutes, then that pair waits;
 * - one address, whichever accounts: 20 failures within 15 minutes, then that address waits;
 * - one account from browsers it never signed in on: past 10 failures within 15 minutes, such
 *   browsers get one try a minute between them, so guessing from many addresses is slowed;
 * - a browser that signed in to the account before (known-browser.ts) counts only its own
 *   failures, 5 within 15 minutes, and is never slowed by anyone else's.
 */
const signInLimits = {
  windowMinutes: 15,
  perAccountAndAddress: 5,
  perAddress: 20,
  perKnownBrowser: 5,
  accountSlowedAfter: 10,
  slowedToOneEveryMinutes: 1,
} as const;

/** Whether a sign-in attempt may be checked now; its rows count as a failure until withdrawn. */
export async function admitSignIn(
  db: Database,
  who: { email: string; address: string; knownBrowser?: string },
): Promise<AdmittedAttempt | undefined> {
  const limits = signInLimits;
  if (who.knownBrowser !== undefined) {
    const browser = `browser:${who.knownBrowser}`.slice(0, 100);
    return admitAgainst(db, "sign-in", [browser], limits.windowMinutes, (counts) =>
      over(counts, browser, limits.perKnownBrowser),
    );
  }
  const { account = "", address } = attemptSubjects(who);
  const pair = `${account}|${address}`;
  return admitAgainst(db, "sign-in", [pair, address, account], limits.windowMinutes, async (counts) => {
    if (over(counts, pair, limits.perAccountAndAddress) || over(counts, address, limits.perAddress)) {
      return true;
    }
    if (!over(counts, account, limits.accountSlowedAfter)) return false;
    const lately = await countRecentAuthAttempts(db, "sign-in", [account], limits.slowedToOneEveryMinutes);
    return over(lately, account, 1);
  });
}

function over(counts: Map<string, number>, subject: string, limit: number): boolean {
  return (counts.get(subject) ?? 0) > limit;
}

/**
 * Counts an attempt first and then checks the limits, so attempts made at the same moment
 * cannot all slip under them: the n-th to be recorded sees at least n. An attempt that
 * `isRefused` (given each subject's attempts within the window) is not counted: its rows go.
 */
async function admitAgainst(
  db: Database,
  kind: AuthAttemptKind,
  subjects: string[],
  windowMinutes: number,
  isRefused: (countsInWindow: Map<string, number>) => boolean | Promise<boolean>,
): Promise<AdmittedAttempt | undefined> {
  await deleteStaleAuthAttempts(db, kind, subjects, keepMinutes);
  const ids = await insertAuthAttempts(db, kind, subjects);
  const counts = await countRecentAuthAttempts(db, kind, subjects, windowMinutes);
  if (await isRefused(counts)) {
    await deleteAuthAttempts(db, ids);
    return undefined;
  }
  return { ids };
}
