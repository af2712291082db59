import { normaliseEmail } from "@kindred/domain";
import type { Database } from "../../db/database";
import type { AuthAttemptKind } from "../../db/schema";
import {
  deleteAuthAttempts,
  deleteStaleAuthAttempts,
  insertAuthAttempts,
  recentAuthAttempts,
  type RecentAttempts,
} from "./queries";

/**
 * How many attempts one account (email address) and one address (IP) may make within a window.
 * The limit per email address does the real work: a password reset, 3 an hour (and at most one
 * email an hour, account-email-requests); a new confirmation link the same; a request for the free
 * guide, 3 an hour for the address it goes to. The limit per address only bounds one source's
 * volume, and is sized for a care home, hospital or mobile network that puts many people behind
 * one address (decision 038): 100 an hour. A visitor's application token (each one makes a guest)
 * has no account; its limit per address is a setting. Sign-in has limits of its own
 * (`signInLimits`).
 */
export interface AttemptLimits {
  windowMinutes: number;
  perAccount: number;
  perAddress: number;
}

/** Requests from one shared address (a care home, a hospital) within an hour. */
const perSharedAddressPerHour = 100;

export const attemptLimits: Record<
  Exclude<AuthAttemptKind, "guest-token" | "sign-in" | "staff-sign-in" | "sign-in-link">,
  AttemptLimits
> = {
  "password-reset": { windowMinutes: 60, perAccount: 3, perAddress: perSharedAddressPerHour },
  "confirm-email-resend": { windowMinutes: 60, perAccount: 3, perAddress: perSharedAddressPerHour },
  // The free guide (decision 019): each request may send an email, so it is limited like a reset.
  enquiry: { windowMinutes: 60, perAccount: 3, perAddress: perSharedAddressPerHour },
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
    (recent) =>
      (account !== undefined && over(recent, account, limits.perAccount)) ||
      over(recent, address, limits.perAddress),
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
 * Failed sign-ins (decisions 024 and 038). Nothing stops an account, an address or a browser:
 * each is slowed, with delays that grow, so a stranger's wrong guesses can never keep the owner
 * out. A subject's failures within 15 minutes beyond its free ones make the next try wait from
 * the latest of them: 2 seconds, then 4, 8, 16 … up to a minute between tries. Free failures:
 * - one account from one address (new browsers): 5;
 * - one account from browsers it never signed in on, wherever they are: 10, and past them the
 *   account is under attack: its owner is offered an emailed sign-in link;
 * - one address, whichever accounts: 100, for a care home, hospital or mobile network sharing it;
 * - a browser that signed in to the account before (known-browser.ts): 5 of its own, and it is
 *   never slowed by anyone else's.
 */
const signInLimits = {
  windowMinutes: 15,
  freeFailures: { accountAndAddress: 5, account: 10, address: 100, knownBrowser: 5 },
  firstDelaySeconds: 2,
  longestDelaySeconds: 60,
} as const;

/** Seconds to wait after the latest failure, for a subject with `failures` within the window. */
function signInDelaySeconds(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  const growing = signInLimits.firstDelaySeconds * 2 ** (failures - freeFailures);
  return Math.min(growing, signInLimits.longestDelaySeconds);
}

export type SignInAdmission =
  | { admitted: true; attempt: AdmittedAttempt; accountUnderAttack: boolean }
  | { admitted: false; retryAfterSeconds: number; accountUnderAttack: boolean };

/**
 * Whether a sign-in attempt (a customer's, or a member of staff's) may be checked now; its rows
 * count as a failure until withdrawn. Refused, it says how many seconds until the next may be.
 * An address with no account is counted just the same, so no answer says whether it has one.
 */
export async function admitSignIn(
  db: Database,
  kind: "sign-in" | "staff-sign-in",
  who: { email: string; address: string; knownBrowser?: string },
): Promise<SignInAdmission> {
  const free = signInLimits.freeFailures;
  const { account = "", address } = attemptSubjects(who);
  const subjects: Record<string, number> =
    who.knownBrowser === undefined
      ? {
          [`${account}|${address}`]: free.accountAndAddress,
          [account]: free.account,
          [address]: free.address,
        }
      : { [`browser:${who.knownBrowser}`.slice(0, 100)]: free.knownBrowser };
  let accountUnderAttack = false;
  let retryAfterSeconds = 0;
  const attempt = await admitAgainst(
    db,
    kind,
    Object.keys(subjects),
    signInLimits.windowMinutes,
    (recent) => {
      for (const [subject, freeFailures] of Object.entries(subjects)) {
        const { count, secondsSinceLatest } = recent.get(subject) ?? { count: 1, secondsSinceLatest: null };
        // This attempt's own row is among the count; the failures are the others.
        const failures = count - 1;
        if (subject === account && who.knownBrowser === undefined) {
          accountUnderAttack = failures >= free.account;
        }
        const wait = signInDelaySeconds(failures, freeFailures) - (secondsSinceLatest ?? Infinity);
        retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil(wait));
      }
      return retryAfterSeconds > 0;
    },
  );
  return attempt
    ? { admitted: true, attempt, accountUnderAttack }
    : { admitted: false, retryAfterSeconds, accountUnderAttack };
}

/** How often an account under attack may be offered an emailed sign-in link (decision 038). */
export const signInLinkEveryMinutes = 60;

/**
 * Whether to ask for a sign-in link to be emailed for this address now: once an hour at most,
 * whether or not it has an account (the same work either way), so a stranger's guesses put one
 * request an hour in the queue, not one a guess.
 */
export async function admitSignInLinkOffer(db: Database, email: string): Promise<boolean> {
  const { account = "" } = attemptSubjects({ email, address: "" });
  const offer = await admitAgainst(db, "sign-in-link", [account], signInLinkEveryMinutes, (recent) =>
    over(recent, account, 1),
  );
  return offer !== undefined;
}

function over(recent: Map<string, RecentAttempts>, subject: string, limit: number): boolean {
  return (recent.get(subject)?.count ?? 0) > limit;
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
  isRefused: (recent: Map<string, RecentAttempts>) => boolean,
): Promise<AdmittedAttempt | undefined> {
  await deleteStaleAuthAttempts(db, kind, subjects, keepMinutes);
  const ids = await insertAuthAttempts(db, kind, subjects);
  const recent = await recentAuthAttempts(db, kind, subjects, windowMinutes, ids);
  if (isRefused(recent)) {
    await deleteAuthAttempts(db, ids);
    return undefined;
  }
  return { ids };
}
