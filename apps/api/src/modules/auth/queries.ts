import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { revocationOfToken, revocationOfUser, tokenRevocationChannel } from "./token-cache";
import type { Database } from "../../db/database";
import { accessTokens, oauthClients, users } from "../../db/schema";
import { transferPlans } from "../plans";
import { hashSecret } from "./secret-hash";

export async function findOAuthClient(db: Database, clientId: string) {
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId));
  return client;
}

/** Registers (or re-keys) a client from configuration, so a changed secret takes effect at start. */
export async function upsertOAuthClient(
  db: Database,
  client: { id: string; name: string; secret: string; grants: string[] },
): Promise<void> {
  const secretHash = hashSecret(client.secret);
  await db
    .insert(oauthClients)
    .values({ id: client.id, name: client.name, secretHash, grants: client.grants })
    .onConflictDoUpdate({
      target: oauthClients.id,
      set: { name: client.name, secretHash, grants: client.grants },
    });
}

/** A guest is created with the application token that will own everything they make. */
export async function createGuestWithToken(
  db: Database,
  token: { tokenHash: string; clientId: string; scope: string; expiresAt: Date },
): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const [guest] = await tx.insert(users).values({ kind: "guest" }).returning({ id: users.id });
    if (!guest) throw new Error("Creating a guest user returned no row");
    await tx.insert(accessTokens).values({ ...token, userId: guest.id });
    return { userId: guest.id };
  });
}

export async function findLiveAccessToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      tokenHash: accessTokens.tokenHash,
      clientId: accessTokens.clientId,
      scope: accessTokens.scope,
      expiresAt: accessTokens.expiresAt,
      userId: users.id,
      userKind: users.kind,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)));
  return row;
}

/**
 * A signed-in customer's token. When the sign-in carried a live application token, every plan
 * of that token's guest moves to the customer in the same transaction.
 */
export async function createCustomerToken(
  db: Database,
  token: { tokenHash: string; clientId: string; scope: string; expiresAt: Date; userId: string },
  applicationTokenHash: string | undefined,
): Promise<{ transferredPlanIds: string[] }> {
  return db.transaction(async (tx) => {
    await tx.insert(accessTokens).values(token);
    if (!applicationTokenHash) return { transferredPlanIds: [] };
    const [guest] = await tx
      .select({ userId: users.id })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .where(
        and(
          eq(accessTokens.tokenHash, applicationTokenHash),
          eq(accessTokens.scope, "APPLICATION"),
          isNull(accessTokens.revokedAt),
          gt(accessTokens.expiresAt, sql`now()`),
          eq(users.kind, "guest"),
        ),
      );
    if (!guest) return { transferredPlanIds: [] };
    return { transferredPlanIds: await transferPlans(tx, guest.userId, token.userId) };
  });
}

/**
 * Tells every API process that tokens were revoked, so none goes on trusting them from memory.
 * Inside a transaction, PostgreSQL sends it when the transaction commits.
 */
async function announceRevocation(db: Database, announcement: string): Promise<void> {
  await db.execute(sql`select pg_notify(${tokenRevocationChannel}, ${announcement})`);
}

/** Signs one token out, in every process; answers whether it was live. */
export async function revokeAccessToken(db: Database, tokenHash: string): Promise<boolean> {
  const revoked = await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)))
    .returning({ tokenHash: accessTokens.tokenHash });
  await announceRevocation(db, revocationOfToken(tokenHash));
  return revoked.length > 0;
}

/** Signs a user out everywhere: every token they hold stops working at once, in every process. */
export async function revokeAccessTokensOf(db: Database, userId: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
  await announceRevocation(db, revocationOfUser(userId));
}
