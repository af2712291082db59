import { and, eq, gt, inArray, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import {
  accountEmailsSent,
  accountTokens,
  authAttempts,
  users,
  type AccountEmailKind,
  type AccountTokenPurpose,
  type AuthAttemptKind,
} from "../../db/schema";

export type UserRow = typeof users.$inferSelect;

export async function selectUser(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** The customer with this (already normalised) email address, if there is one. */
export async function selectCustomerByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.kind, "customer")));
  return user;
}

/**
 * A new customer, unless the address already has an account: then nothing is written and the
 * answer is undefined (the caller says the same either way, issue 12 fault 6).
 */
export async function insertCustomerUnlessTaken(
  db: Database,
  customer: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<UserRow | undefined> {
  const [user] = await db
    .insert(users)
    .values({ kind: "customer", ...customer })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user;
}

/** Stores the hash of a link's secret, valid for `validForMinutes` by the database's clock. */
export async function insertAccountToken(
  db: Database,
  token: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; validForMinutes: number },
): Promise<void> {
  await db.insert(accountTokens).values({
    userId: token.userId,
    purpose: token.purpose,
    tokenHash: token.tokenHash,
    expiresAt: sql`now() + make_interval(mins => ${token.validForMinutes}::int)`,
  });
}

function usable(token: { userId: string; purpose: AccountTokenPurpose; tokenHash: string }) {
  return and(
    eq(accountTokens.userId, token.userId),
    eq(accountTokens.purpose, token.purpose),
    eq(accountTokens.tokenHash, token.tokenHash),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );
}

/** True when the link's secret is known, unused and unexpired. Changes nothing. */
export async function isAccountTokenUsable(
  db: Database,
  token: { userId: string; purpose: AccountTokenPurpose; tokenHash: string },
): Promise<boolean> {
  const [row] = await db.select({ id: accountTokens.id }).from(accountTokens).where(usable(token));
  return row !== undefined;
}

/**
 * Uses the link's secret up, in one statement, so two clicks at once cannot both succeed.
 * Answers false when it was unknown, used or expired.
 */
export async function useAccountToken(
  db: Database,
  token: { userId: string; purpose: AccountTokenPurpose; tokenHash: string },
): Promise<boolean> {
  const used = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(token))
    .returning({ id: accountTokens.id });
  return used.length > 0;
}

/** Marks every unused secret of this kind used: only the newest reset link works. */
export async function retireAccountTokens(
  db: Database,
  userId: string,
  purpose: AccountTokenPurpose,
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}

export async function markEmailConfirmed(db: Database, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
    .where(eq(users.id, userId));
}

export async function updatePasswordHash(
  db: Database,
  userId: string,
  passwordHash: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.kind, "customer")))
    .returning();
  return user;
}

/** Records one attempt against each subject; answers the new rows' ids. */
export async function insertAuthAttempts(
  db: Database,
  kind: AuthAttemptKind,
  subjects: string[],
): Promise<number[]> {
  const rows = await db
    .insert(authAttempts)
    .values(subjects.map((subject) => ({ kind, subject })))
    .returning({ id: authAttempts.id });
  return rows.map((row) => row.id);
}

/** A subject's attempts within a window, and how long ago the latest of them was made. */
export interface RecentAttempts {
  count: number;
  /** Seconds since the latest attempt not among the caller's own rows; null when there is none. */
  secondsSinceLatest: number | null;
}

/**
 * For each subject, its attempts within the last `windowMinutes` (the caller's own rows
 * `ownIds` included) and the seconds since the latest of the others, by the database's clock.
 */
export async function recentAuthAttempts(
  db: Database,
  kind: AuthAttemptKind,
  subjects: string[],
  windowMinutes: number,
  ownIds: number[],
): Promise<Map<string, RecentAttempts>> {
  const others = ownIds.length === 0 ? sql`true` : notInArray(authAttempts.id, ownIds);
  const rows = await db
    .select({
      subject: authAttempts.subject,
      attempts: sql<number>`count(*)::int`,
      secondsSinceLatest: sql<
        number | null
      >`extract(epoch from now() - max(${authAttempts.createdAt}) filter (where ${others}))::float8`,
    })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        inArray(authAttempts.subject, subjects),
        gt(authAttempts.createdAt, sql`now() - make_interval(mins => ${windowMinutes}::int)`),
      ),
    )
    .groupBy(authAttempts.subject);
  return new Map(
    rows.map((row) => [
      row.subject,
      {
        count: Number(row.attempts),
        secondsSinceLatest: row.secondsSinceLatest === null ? null : Number(row.secondsSinceLatest),
      },
    ]),
  );
}

export async function deleteAuthAttempts(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(authAttempts).where(inArray(authAttempts.id, ids));
}

/** Attempts long past any window are of no use: they go when the same subjects try again. */
export async function deleteStaleAuthAttempts(
  db: Database,
  kind: AuthAttemptKind,
  subjects: string[],
  olderThanMinutes: number,
): Promise<void> {
  await db
    .delete(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        inArray(authAttempts.subject, subjects),
        lt(authAttempts.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes}::int)`),
      ),
    );
}

/**
 * Records that `kind` is being sent to the account now, unless it was sent within the last
 * `intervalMinutes`: true when the email may go. One statement, so two requests at once cannot
 * both be told yes.
 */
export async function claimAccountEmail(
  db: Database,
  userId: string,
  kind: AccountEmailKind,
  intervalMinutes: number,
): Promise<boolean> {
  const claimed = await db
    .insert(accountEmailsSent)
    .values({ userId, kind })
    .onConflictDoUpdate({
      target: [accountEmailsSent.userId, accountEmailsSent.kind],
      set: { sentAt: sql`now()` },
      setWhere: sql`${accountEmailsSent.sentAt} <= now() - make_interval(mins => ${intervalMinutes}::int)`,
    })
    .returning({ userId: accountEmailsSent.userId });
  return claimed.length > 0;
}
